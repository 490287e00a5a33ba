// The alarm queue's rules (domain/alarms): which event raises which alarm, acknowledging one or all, the queue's
// order and who sees which kind. Given events, when one more happens, then the queue.
import { describe, expect, it } from 'vitest';
import { alarmText } from '#domain/alarms/alarm';
import {
  EMPTY_ALARM_QUEUE,
  evolveAlarmQueue,
  type AlarmEvent,
  type AlarmQueue,
  type QueuedAlarm,
} from '#domain/alarms/alarmQueue';
import {
  alarmRaisedBy,
  ANY_ALARM,
  hasGoneOffline,
  OFFLINE_AFTER_MS,
  queueFor,
  visibleAlarmKinds,
  type AlarmSource,
} from '#domain/alarms/alarmRules';
import { permissionsForUser, ROLE_IDS, STAFF_PERMISSIONS } from '#domain/session/rolePermissions';
import { decideRoute } from '#domain/session/routeGates';

const ORGANIZATION = 'org-1';
const T0 = Date.parse('2026-03-02T15:00:00Z');

const incident = (locationId: string, wasKnown = false): AlarmSource => ({
  type: 'LocationSaved',
  locationId,
  organizationId: ORGANIZATION,
  street: 'W Madison St',
  isActive: true,
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
