// Which log event raises which alarm and which ends the condition an alarm stands for (it clears: issue 37 item 4),
// who sees which kind, the queue's order, and when an asset counts as gone offline or back online. Pure: the log position, the time and the names come in as arguments (the simulator's projection hands
// them over from the event it is projecting), so a rebuild of the log raises the same alarms with the same ids.
import { DEFAULT_STATUS_SETTINGS } from '#domain/status/assetStatus';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { ALARM_SUBJECT_PERMISSIONS, VIEW_ALARMS } from '#domain/session/liveOperationsPermissions';
import { ALARM_KINDS, type AlarmKind } from './alarm.ts';
import type { AlarmCondition, QueuedAlarm } from './alarmQueue.ts';

// ---------------------------------------------------------------------------------------------
// What raises an alarm

/**
 * The facts of a log event the raising rules read. `wasActive` / `wasKnown` are what the projection held before
 * the event (the event itself carries the whole record, not what changed).
 */
export type AlarmSource =
  | { type: 'AssetWentOffline'; thingId: string; thingName: string; organizationId: string }
  | { type: 'AssetCameBackOnline'; thingId: string; organizationId: string }
  | {
      type: 'WrongWayDetected';
      zoneId: string;
      zoneName: string;
      organizationId: string;
      alertMessage: string | null;
      /** The zone's organization still has an open (neither acknowledged nor cleared) wrong-way alarm for it. */
      zoneAlarmOpen: boolean;
      /** When the zone's latest wrong-way alarm cleared (unix ms); null when it has none or it has not cleared. */
      zoneAlarmClearedAt: number | null;
    }
  | {
      /** The last device seen driving the zone the wrong way has left its corridor or turned round. */
      type: 'WrongWayEnded';
      zoneId: string;
      organizationId: string;
    }
  | {
      type: 'LocationSaved';
      locationId: string;
      organizationId: string;
      street: string | null;
      isActive: boolean;
      wasKnown: boolean;
    }
  | {
      type: 'R2RTestAlertSent';
      thingId: string;
      thingName: string;
      organizationId: string;
      delivered: boolean;
    }
  | {
      type: 'ClosureSaved';
      closureId: string;
      organizationId: string;
      description: string;
      /** The asset that drives the closure (an arrow board's automated closure); null for a drawn one. */
      drivingThingId: string | null;
      closureType: 'manual' | 'automated' | 'feed';
      isActive: boolean;
      wasActive: boolean;
    };

/** Where in the log the source event sits: its position names the alarm, its time is when it was raised. */
export type AlarmSourcePosition = { seq: number; at: number };

/** The alarm a log event raises, or null. An event raises at most one, named after its log position. */
export function alarmRaisedBy(source: AlarmSource, position: AlarmSourcePosition): QueuedAlarm | null {
  const raise = (
    kind: AlarmKind,
    subjectId: string,
    subjectName: string,
    detail: string | null = null,
  ): QueuedAlarm => ({
    id: `alarm-${position.seq}`,
    kind,
    organizationId: source.organizationId,
    subjectId,
    subjectName,
    detail,
    raisedAt: position.at,
    acknowledgedAt: null,
    acknowledgedBy: null,
    acknowledgedByName: null,
    clearedAt: null,
  });
  switch (source.type) {
    case 'AssetWentOffline':
      return raise('asset_offline', source.thingId, source.thingName);
    case 'AssetCameBackOnline':
    case 'WrongWayEnded':
      return null;
    case 'WrongWayDetected':
      // One alarm per condition (issue 37 item 4): the detection rule (domain/wrongWay/) holds back a driver's
      // repeats, and while the zone's alarm is open a further detection there (another pass, another driver) is in
      // the log but raises no second alarm; once acknowledged, the next one raises a new one. A busy ramp's passes
      // one after another each clear and start again: within the quiet period after the zone's alarm cleared, a
      // new pass raises none (docs/alarms.md "Hold-off").
      if (source.zoneAlarmOpen || isWithinWrongWayQuiet(source.zoneAlarmClearedAt, position.at)) return null;
      return raise('wrong_way_alert', source.zoneId, source.zoneName, source.alertMessage);
    case 'LocationSaved':
      // A new active event is an incident starting; later saves (moves, assets arriving) are not.
      if (!source.isActive || source.wasKnown) return null;
      return raise('incident_started', source.locationId, source.street ?? 'an unnamed street');
    case 'R2RTestAlertSent':
      return source.delivered ? null : raise('r2r_alert_not_delivered', source.thingId, source.thingName);
    case 'ClosureSaved': {
      // Only an automated closure follows its asset: a user's Deactivate of a drawn closure is no surprise.
      const byItsAsset = source.closureType === 'automated' && source.drivingThingId !== null;
      if (!byItsAsset || source.isActive || !source.wasActive) return null;
      return raise('closure_deactivated_by_asset', source.closureId, closureName(source.description));
    }
    default: {
      const unexpected: never = source;
      throw new Error(`Unknown alarm source ${JSON.stringify(unexpected)}`);
    }
  }
}

/** After a zone's wrong-way alarm cleared, detections there raise no new alarm for this long (issue 37 item 4). */
export const WRONG_WAY_QUIET_MS = 10 * 60_000;

/** Whether a wrong-way detection at `at` falls in the quiet period after the zone's alarm cleared at `clearedAt`. */
export function isWithinWrongWayQuiet(clearedAt: number | null, at: number): boolean {
  return clearedAt !== null && at - clearedAt < WRONG_WAY_QUIET_MS;
}

/**
 * The condition a log event ends, or null: every alarm raised for it that has not cleared yet clears (acknowledged
 * or not). Each kind's condition ends with the event that undoes what raised it.
 */
export function alarmClearedBy(source: AlarmSource): AlarmCondition | null {
  const ends = (kind: AlarmCondition['kind'], subjectId: string): AlarmCondition => ({
    organizationId: source.organizationId,
    kind,
    subjectId,
  });
  switch (source.type) {
    case 'AssetCameBackOnline':
      return ends('asset_offline', source.thingId);
    case 'WrongWayEnded':
      return ends('wrong_way_alert', source.zoneId);
    case 'LocationSaved':
      // The incident ended: a save of a known event that is no longer active.
      return source.wasKnown && !source.isActive ? ends('incident_started', source.locationId) : null;
    case 'R2RTestAlertSent':
      return source.delivered ? ends('r2r_alert_not_delivered', source.thingId) : null;
    case 'ClosureSaved':
      return source.isActive && !source.wasActive
        ? ends('closure_deactivated_by_asset', source.closureId)
        : null;
    case 'AssetWentOffline':
    case 'WrongWayDetected':
      return null;
    default: {
      const unexpected: never = source;
      throw new Error(`Unknown alarm source ${JSON.stringify(unexpected)}`);
    }
  }
}

function closureName(description: string): string {
  const trimmed = description.trim();
  return trimmed === '' ? 'A closure' : `Closure “${trimmed}”`;
}

// ---------------------------------------------------------------------------------------------
// Gone offline

/** An asset counts as offline once its last check-in is older than the pending window (live §4, 96 h). */
export const OFFLINE_AFTER_MS = DEFAULT_STATUS_SETTINGS.pendingWindowMs;

/**
 * Whether an asset whose last check-in was at `lastCheckInAt` has gone offline by `now` with no offline alarm
 * raised since that check-in (`lastOfflineAlarmAt`, null for none ever). `lookBackMs` bounds how old a crossing
 * may be: assets that went silent long before anyone watched (a seeded world's long-dead devices) raise nothing.
 */
export function hasGoneOffline(
  lastCheckInAt: number,
  lastOfflineAlarmAt: number | null,
  now: number,
  lookBackMs: number,
): boolean {
  const crossedAt = lastCheckInAt + OFFLINE_AFTER_MS;
  if (crossedAt > now || crossedAt < now - lookBackMs) return false;
  return lastOfflineAlarmAt === null || lastOfflineAlarmAt < lastCheckInAt;
}

/**
 * Whether an asset with an offline alarm raised at `offlineAlarmRaisedAt` (not cleared yet) has come back: it
 * checked in after the alarm was raised (it was silent for the whole offline window before it).
 */
export function hasComeBackOnline(lastCheckInAt: number | null, offlineAlarmRaisedAt: number): boolean {
  return lastCheckInAt !== null && lastCheckInAt > offlineAlarmRaisedAt;
}

// ---------------------------------------------------------------------------------------------
// Who sees which kind (docs/decisions.md "Alarms: who sees which")

/** Each kind follows the permission that shows its subject (live §6, access §6); R2R follows the R2R test. */
const KIND_PERMISSIONS: Readonly<Record<AlarmKind, readonly string[]>> = {
  asset_offline: ALARM_SUBJECT_PERMISSIONS.asset,
  wrong_way_alert: ALARM_SUBJECT_PERMISSIONS.zone,
  incident_started: ALARM_SUBJECT_PERMISSIONS.incident,
  r2r_alert_not_delivered: ALARM_SUBJECT_PERMISSIONS.r2r,
  closure_deactivated_by_asset: ALARM_SUBJECT_PERMISSIONS.closure,
};

/**
 * Whoever sees at least one kind may open the queue: the session's list (the route table gates the queue with it,
 * domain/session/routeGates.ts), which every kind's list above is part of.
 */
export const ANY_ALARM: readonly string[] = VIEW_ALARMS;

export function visibleAlarmKinds(permissions: ReadonlySet<string>): AlarmKind[] {
  return ALARM_KINDS.filter((kind) => hasAnyPermission(permissions, KIND_PERMISSIONS[kind]));
}

// ---------------------------------------------------------------------------------------------
// Order

/** Open (neither acknowledged nor cleared) first, then oldest raised first; the id breaks ties so the order is total. */
export function compareAlarms(a: QueuedAlarm, b: QueuedAlarm): number {
  const aOpen = a.acknowledgedAt === null && a.clearedAt === null;
  const bOpen = b.acknowledgedAt === null && b.clearedAt === null;
  if (aOpen !== bOpen) return aOpen ? -1 : 1;
  if (a.raisedAt !== b.raisedAt) return a.raisedAt - b.raisedAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** What a user's queue shows: the kinds they may see, in queue order. */
export function queueFor(alarms: Iterable<QueuedAlarm>, permissions: ReadonlySet<string>): QueuedAlarm[] {
  const kinds = new Set(visibleAlarmKinds(permissions));
  return [...alarms].filter((alarm) => kinds.has(alarm.kind)).sort(compareAlarms);
}
