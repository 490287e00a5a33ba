// The alarm queue's rules (domain/alarms): which event raises which alarm, acknowledging one or all, the queue's
// order, who sees which kind, and clearing when the condition ends. Given events, when one more happens, then the
// queue.
import { describe, expect, it } from 'vitest';
import { alarmStateOf, alarmText } from '#domain/alarms/alarm';
import {
  EMPTY_ALARM_QUEUE,
  evolveAlarmQueue,
  type AlarmEvent,
  type AlarmQueue,
  type QueuedAlarm,
} from '#domain/alarms/alarmQueue';
import {
  alarmClearedBy,
  alarmRaisedBy,
  ANY_ALARM,
  hasComeBackOnline,
  hasGoneOffline,
  OFFLINE_AFTER_MS,
  queueFor,
  visibleAlarmKinds,
  isWithinWrongWayQuiet,
  WRONG_WAY_QUIET_MS,
  type AlarmSource,
} from '#domain/alarms/alarmRules';
import { permissionsForUser, ROLE_IDS, STAFF_PERMISSIONS } from '#domain/session/rolePermissions';
import { decideRoute } from '#domain/session/routeGates';

const ORGANIZATION = 'org-1';
const T0 = Date.parse('2026-03-02T15:00:00Z');

const incident = (locationId: string, wasKnown = false, isActive = true): AlarmSource => ({
  type: 'LocationSaved',
  locationId,
  organizationId: ORGANIZATION,
  street: 'W Madison St',
  isActive,
  wasKnown,
});

function given(...sources: AlarmSource[]): AlarmQueue {
  return sources.reduce<AlarmQueue>((queue, source, index) => {
    const alarm = alarmRaisedBy(source, { seq: index + 1, at: T0 + index * 1000 });
    return alarm ? evolveAlarmQueue(queue, { type: 'AlarmRaised', alarm }) : queue;
  }, EMPTY_ALARM_QUEUE);
}

const when = (queue: AlarmQueue, ...events: AlarmEvent[]) => events.reduce(evolveAlarmQueue, queue);
const by = (userId: string, at: number) => ({ userId, userName: `User ${userId}`, at });
const roles = {
  media: new Set(permissionsForUser(ROLE_IDS.media)),
  user: new Set(permissionsForUser(ROLE_IDS.user)),
  admin: new Set(permissionsForUser(ROLE_IDS.admin)),
  staff: new Set(permissionsForUser(ROLE_IDS.user, STAFF_PERMISSIONS)),
};
const ids = (alarms: readonly QueuedAlarm[]) => alarms.map((alarm) => alarm.id);

describe('raising', () => {
  it('a new active event raises "incident started"; a later save of it does not', () => {
    const queue = given(incident('loc-1'), incident('loc-1', true));
    expect([...queue.values()]).toEqual([
      expect.objectContaining({ id: 'alarm-1', kind: 'incident_started', subjectId: 'loc-1', raisedAt: T0 }),
    ]);
    expect(alarmText('incident_started', 'W Madison St')).toBe('Incident started at W Madison St');
  });

  it('an undelivered R2R test alert raises one; a delivered one does not', () => {
    const r2r = (delivered: boolean): AlarmSource => ({
      type: 'R2RTestAlertSent',
      thingId: 'thing-1',
      thingName: 'Engine 7',
      organizationId: ORGANIZATION,
      delivered,
    });
    expect([...given(r2r(true), r2r(false)).values()].map((alarm) => alarm.kind)).toEqual([
      'r2r_alert_not_delivered',
    ]);
  });

  it('an automated closure going from active to inactive raises one; a drawn closure a user deactivates does not', () => {
    const closure = (
      closureType: 'manual' | 'automated',
      wasActive: boolean,
      isActive: boolean,
    ): AlarmSource => ({
      type: 'ClosureSaved',
      closureId: `closure-${closureType}`,
      organizationId: ORGANIZATION,
      description: 'Lane closure',
      drivingThingId: closureType === 'automated' ? 'board-1' : null,
      closureType,
      isActive,
      wasActive,
    });
    const queue = given(
      closure('automated', false, true),
      closure('automated', true, false),
      closure('automated', false, false),
      closure('manual', true, false),
    );
    expect([...queue.values()].map((alarm) => [alarm.kind, alarm.subjectName])).toEqual([
      ['closure_deactivated_by_asset', 'Closure “Lane closure”'],
    ]);
  });

  it('an asset counts as gone offline once past the pending window, once per check-in, within the look-back', () => {
    const lookBack = 60 * 60_000;
    expect(hasGoneOffline(T0, null, T0 + OFFLINE_AFTER_MS - 1, lookBack)).toBe(false);
    expect(hasGoneOffline(T0, null, T0 + OFFLINE_AFTER_MS + 1, lookBack)).toBe(true);
    expect(hasGoneOffline(T0, T0 + OFFLINE_AFTER_MS, T0 + OFFLINE_AFTER_MS + 1, lookBack)).toBe(false);
    expect(hasGoneOffline(T0, null, T0 + OFFLINE_AFTER_MS + lookBack + 1, lookBack)).toBe(false);
  });
});

describe('acknowledging', () => {
  it('one alarm records who and when; a second acknowledgement keeps the first', () => {
    const queue = when(
      given(incident('loc-1')),
      { type: 'AlarmAcknowledged', alarmId: 'alarm-1', by: by('u1', T0 + 5000) },
      { type: 'AlarmAcknowledged', alarmId: 'alarm-1', by: by('u2', T0 + 9000) },
    );
    expect(queue.get('alarm-1')).toMatchObject({
      acknowledgedAt: T0 + 5000,
      acknowledgedBy: 'u1',
      acknowledgedByName: 'User u1',
    });
  });

  it('all acknowledges every listed alarm at once and ignores unknown ids', () => {
    const queue = when(given(incident('loc-1'), incident('loc-2'), incident('loc-3')), {
      type: 'AlarmsAcknowledged',
      alarmIds: ['alarm-1', 'alarm-3', 'alarm-9'],
      by: by('u1', T0 + 5000),
    });
    expect(ids(queueFor(queue.values(), roles.media))).toEqual(['alarm-2', 'alarm-1', 'alarm-3']);
  });
});

describe('the queue a role sees', () => {
  it('is unacknowledged first, oldest first', () => {
    const queue = when(given(incident('loc-1'), incident('loc-2'), incident('loc-3')), {
      type: 'AlarmAcknowledged',
      alarmId: 'alarm-1',
      by: by('u1', T0 + 5000),
    });
    expect(ids(queueFor(queue.values(), roles.user))).toEqual(['alarm-2', 'alarm-3', 'alarm-1']);
  });

  it('follows the permission tables: R2R alarms for those who may test R2R, the rest for those who see the subject', () => {
    expect(visibleAlarmKinds(roles.media)).toEqual([
      'asset_offline',
      'wrong_way_alert',
      'incident_started',
      'closure_deactivated_by_asset',
    ]);
    expect(visibleAlarmKinds(roles.user)).toEqual(visibleAlarmKinds(roles.media));
    expect(visibleAlarmKinds(roles.admin)).toContain('r2r_alert_not_delivered');
    expect(visibleAlarmKinds(roles.staff)).toContain('r2r_alert_not_delivered');
    expect(visibleAlarmKinds(new Set(['trip:read']))).toEqual([]);
  });

  it('opens the queue to exactly those who see at least one kind, the route gate included', () => {
    const everyPermission = new Set(Object.values(roles).flatMap((granted) => [...granted]));
    for (const permission of [...everyPermission, ...ANY_ALARM]) {
      const seesAKind = visibleAlarmKinds(new Set([permission])).length > 0;
      expect(ANY_ALARM.includes(permission), permission).toBe(seesAKind);
      const route = decideRoute('/dashboard/alarms', { permissions: [permission], isMobile: false });
      expect(route.kind, permission).toBe(seesAKind ? 'screen' : 'unauthorized');
    }
  });
});

describe('clearing (issue 37 item 4: an alarm fires once per condition and clears when it ends)', () => {
  const offline = (thingId: string): AlarmSource => ({
    type: 'AssetWentOffline',
    thingId,
    thingName: `Medic ${thingId}`,
    organizationId: ORGANIZATION,
  });
  const backOnline = (thingId: string): AlarmSource => ({
    type: 'AssetCameBackOnline',
    thingId,
    organizationId: ORGANIZATION,
  });
  /** Folds what the sources end into the queue, at `at`. */
  const whenEnded = (queue: AlarmQueue, at: number, ...sources: AlarmSource[]) =>
    sources.reduce((folded, source) => {
      const condition = alarmClearedBy(source);
      return condition ? evolveAlarmQueue(folded, { type: 'AlarmConditionEnded', condition, at }) : folded;
    }, queue);

  it('given an offline alarm, when the asset reports again, then it clears and leaves the open ones', () => {
    const queue = whenEnded(given(offline('7'), offline('3')), T0 + 60_000, backOnline('7'));
    const cleared = queue.get('alarm-1');
    expect(cleared?.clearedAt).toBe(T0 + 60_000);
    expect(cleared && alarmStateOf(cleared)).toBe('cleared');
    expect(queue.get('alarm-2')?.clearedAt).toBeNull();
    // Open first: the one still offline leads the queue.
    expect(ids(queueFor(queue.values(), roles.admin))).toEqual(['alarm-2', 'alarm-1']);
  });

  it('given an acknowledged offline alarm, when the asset comes back, then it is cleared and stays acknowledged', () => {
    const queue = whenEnded(
      when(given(offline('7')), { type: 'AlarmAcknowledged', alarmId: 'alarm-1', by: by('u1', T0 + 1) }),
      T0 + 5_000,
      backOnline('7'),
    );
    const alarm = queue.get('alarm-1');
    expect(alarm?.clearedAt).toBe(T0 + 5_000);
    expect(alarm && alarmStateOf(alarm)).toBe('acknowledged');
  });

  it('a cleared alarm keeps the time it cleared at; the next time the asset goes offline is a new alarm', () => {
    let queue = whenEnded(given(offline('7')), T0 + 5_000, backOnline('7'));
    queue = whenEnded(queue, T0 + 9_000, backOnline('7'));
    expect(queue.get('alarm-1')?.clearedAt).toBe(T0 + 5_000);
    const again = alarmRaisedBy(offline('7'), { seq: 9, at: T0 + 20_000 });
    expect(again?.clearedAt).toBeNull();
    expect(again?.id).toBe('alarm-9');
  });

  it('each kind clears when the event that undoes what raised it comes', () => {
    expect(alarmClearedBy(incident('loc-1', true, false))).toEqual({
      organizationId: ORGANIZATION,
      kind: 'incident_started',
      subjectId: 'loc-1',
    });
    // A new inactive record, or a save that keeps it active, ends nothing.
    expect(alarmClearedBy(incident('loc-1', false, false))).toBeNull();
    expect(alarmClearedBy(incident('loc-1', true))).toBeNull();
    const r2r = {
      type: 'R2RTestAlertSent',
      thingId: 't1',
      thingName: 'Engine 1',
      organizationId: ORGANIZATION,
    };
    expect(alarmClearedBy({ ...r2r, delivered: true } as AlarmSource)?.kind).toBe('r2r_alert_not_delivered');
    expect(alarmClearedBy({ ...r2r, delivered: false } as AlarmSource)).toBeNull();
    const closure = {
      type: 'ClosureSaved',
      closureId: 'c1',
      organizationId: ORGANIZATION,
      description: 'Lane 2',
      drivingThingId: 't1',
      closureType: 'automated',
    } as const;
    expect(alarmClearedBy({ ...closure, isActive: true, wasActive: false })?.kind).toBe(
      'closure_deactivated_by_asset',
    );
    expect(alarmClearedBy({ ...closure, isActive: false, wasActive: true })).toBeNull();
    expect(alarmClearedBy({ type: 'WrongWayEnded', zoneId: 'z1', organizationId: ORGANIZATION })?.kind).toBe(
      'wrong_way_alert',
    );
    expect(alarmClearedBy(offline('7'))).toBeNull();
  });

  const detected = (zoneAlarmOpen: boolean, zoneAlarmClearedAt: number | null = null): AlarmSource => ({
    type: 'WrongWayDetected',
    zoneId: 'z1',
    zoneName: 'I-90 exit 51 ramp',
    organizationId: ORGANIZATION,
    alertMessage: null,
    zoneAlarmOpen,
    zoneAlarmClearedAt,
  });

  it('given a wrong-way alarm that cleared, when another driver is detected, then a new alarm is raised', () => {
    // The projection reads "open" as neither acknowledged nor cleared: a cleared zone alarm is not open.
    expect(alarmRaisedBy(detected(true), { seq: 2, at: T0 })).toBeNull();
    expect(alarmRaisedBy(detected(false), { seq: 3, at: T0 })?.kind).toBe('wrong_way_alert');
    expect(alarmRaisedBy(detected(false, T0 - WRONG_WAY_QUIET_MS), { seq: 4, at: T0 })?.kind).toBe(
      'wrong_way_alert',
    );
  });

  it('given a busy ramp whose alarm cleared a minute ago, when the next pass is detected, then no new alarm (the hold-off)', () => {
    expect(alarmRaisedBy(detected(false, T0 - 60_000), { seq: 5, at: T0 })).toBeNull();
    expect(alarmRaisedBy(detected(false, T0 - WRONG_WAY_QUIET_MS + 1), { seq: 6, at: T0 })).toBeNull();
    expect(isWithinWrongWayQuiet(null, T0)).toBe(false);
  });

  it('an asset is back online once it checked in after its offline alarm was raised', () => {
    expect(hasComeBackOnline(T0 + 1, T0)).toBe(true);
    expect(hasComeBackOnline(T0 - OFFLINE_AFTER_MS, T0)).toBe(false);
    expect(hasComeBackOnline(null, T0)).toBe(false);
  });
});
