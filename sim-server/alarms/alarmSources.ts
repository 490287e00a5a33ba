// The facts of a log event the alarm rules read (domain/alarms/alarmRules.ts `AlarmSource`), for the alarm
// projection (alarmProjection.ts): the event's own fields and what the projections held before it (the thing's name
// and organization, whether the location was known, whether the closure was active, the zone's open or latest
// wrong-way alarm, issue 37 item 4's hold-off). Runs inside the transaction that appends the event.
import type { AlarmSource } from '#domain/alarms/alarmRules';
import type { SqliteDatabase } from '../store/database.ts';
import type { AlarmLogEvent, LiveOperationsEvent, StoredEvent } from '../store/events.ts';

/** The events this projection reads; every other event raises nothing. */
export type AlarmStoredEvent = Extract<
  StoredEvent,
  | AlarmLogEvent
  | Extract<LiveOperationsEvent, { type: 'LocationSaved' | 'ClosureSaved' | 'R2RTestAlertSent' }>
>;

const ALARM_EVENT_TYPES: ReadonlySet<string> = new Set<AlarmStoredEvent['type']>([
  'AssetWentOffline',
  'AssetCameBackOnline',
  'WrongWayDetected',
  'WrongWayEnded',
  'AlarmAcknowledged',
  'AlarmsAcknowledged',
  'LocationSaved',
  'ClosureSaved',
  'R2RTestAlertSent',
]);

export const isAlarmEvent = (event: StoredEvent): event is AlarmStoredEvent =>
  ALARM_EVENT_TYPES.has(event.type);

/** The reader of an event's alarm source; null for an event about something the projections do not hold. */
export function createAlarmSources(db: SqliteDatabase): (event: AlarmStoredEvent) => AlarmSource | null {
  const selectThing = db.prepare<[string], { name: string; organization_id: string }>(
    'SELECT COALESCE(nickname, system_identifier) AS name, organization_id FROM things WHERE id = ?',
  );
  const selectOpenZoneAlarm = db.prepare<[string, string], { id: string }>(
    `SELECT id FROM alarms WHERE organization_id = ? AND subject_id = ? AND kind = 'wrong_way_alert'
       AND acknowledged_at IS NULL AND cleared_at IS NULL LIMIT 1`,
  );
  // The zone's latest wrong-way alarm: its clearing starts the quiet period (domain WRONG_WAY_QUIET_MS).
  const selectLatestZoneAlarm = db.prepare<[string, string], { cleared_at: number | null }>(
    `SELECT cleared_at FROM alarms WHERE organization_id = ? AND subject_id = ? AND kind = 'wrong_way_alert'
       ORDER BY raised_seq DESC LIMIT 1`,
  );
  const selectLocation = db.prepare<[string], { id: string }>('SELECT id FROM locations WHERE id = ?');
  const selectClosureActive = db.prepare<[string], { is_active: number }>(
    "SELECT json_extract(data, '$.is_active') AS is_active FROM closures WHERE id = ?",
  );

  return function sourceOf(event: AlarmStoredEvent): AlarmSource | null {
    switch (event.type) {
      case 'AssetWentOffline': {
        const thing = selectThing.get(event.data.thing_id);
        if (!thing) return null;
        return {
          type: 'AssetWentOffline',
          thingId: event.data.thing_id,
          thingName: thing.name,
          organizationId: thing.organization_id,
        };
      }
      case 'AssetCameBackOnline': {
        const thing = selectThing.get(event.data.thing_id);
        if (!thing) return null;
        return {
          type: 'AssetCameBackOnline',
          thingId: event.data.thing_id,
          organizationId: thing.organization_id,
        };
      }
      case 'WrongWayEnded':
        if (event.organizationId === null) return null;
        return { type: 'WrongWayEnded', zoneId: event.data.zone_id, organizationId: event.organizationId };
      case 'WrongWayDetected':
        // The zone's organization is the envelope's: the detector records it from the zone.
        if (event.organizationId === null) return null;
        return {
          type: 'WrongWayDetected',
          zoneId: event.data.zone_id,
          zoneName: event.data.zone_name,
          organizationId: event.organizationId,
          alertMessage: event.data.alert_message,
          zoneAlarmOpen: selectOpenZoneAlarm.get(event.organizationId, event.data.zone_id) !== undefined,
          zoneAlarmClearedAt:
            selectLatestZoneAlarm.get(event.organizationId, event.data.zone_id)?.cleared_at ?? null,
        };
      case 'R2RTestAlertSent': {
        const thing = selectThing.get(event.streamId);
        if (!thing) return null;
        return {
          type: 'R2RTestAlertSent',
          thingId: event.streamId,
          thingName: thing.name,
          organizationId: thing.organization_id,
          delivered: event.data.delivered,
        };
      }
      case 'LocationSaved':
        return {
          type: 'LocationSaved',
          locationId: event.data.id,
          organizationId: event.data.organization_id,
          street: event.data.street,
          isActive: event.data.is_active,
          wasKnown: selectLocation.get(event.data.id) !== undefined,
        };
      case 'ClosureSaved':
        return {
          type: 'ClosureSaved',
          closureId: event.data.id,
          organizationId: event.data.organization.id,
          description: event.data.description,
          drivingThingId: event.data.thing_id,
          closureType: event.data.closure_type,
          isActive: event.data.is_active,
          wasActive: selectClosureActive.get(event.data.id)?.is_active === 1,
        };
      case 'AlarmAcknowledged':
      case 'AlarmsAcknowledged':
        return null;
      default: {
        const unexpected: never = event;
        throw new Error(`No alarm source for ${JSON.stringify(unexpected)}`);
      }
    }
  };
}
