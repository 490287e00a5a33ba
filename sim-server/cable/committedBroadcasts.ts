// The one place broadcasts come from: a subscriber on the event log's committed events that maps each event to the
// cable messages it means (docs/cable.md) and publishes them, one batch per transaction, to the bus
// (sim-server/bus/), whose listener on every node hands them to the broadcaster (busDeliveries.ts). No handler broadcasts by hand, so
// whatever reaches the log by any path (a route, the ingestor, the replay, a scenario) is heard the same way, and
// only after it is durable.
//
//   PointRecorded / HeartbeatRecorded -> `point` / `heartbeat` to every organization that sees the thing
//   ThingProfileUpdated, ThingTestModeSwitched, ThingRelationshipsChanged -> `thing` (the whole wire thing) to
//     every organization that sees it; organizations whose sharing was revoked hear it with `is_active: false`
//   LocationSaved -> `location`, ClosureSaved -> `closure`, to the owning organization; ClosureDeleted ->
//     `closure_deleted`, so other dashboards drop it without reading the list again
//   AreaSaved / AreaDeleted -> `area` / `area_deleted`, AlertingZoneSaved / AlertingZoneDeleted -> `zone` /
//     `zone_deleted`, to the owning organization (the dashboard's worker keeps its areas and zones current)
//   an event that raised an alarm (sim-server/alarms/) -> also `alarm`, to the alarm's organization, at the same
//     offset; AlarmAcknowledged / AlarmsAcknowledged -> `alarms_acknowledged`; an event that ended the condition of
//     alarms (they cleared) -> also `alarms_cleared`, to their organization (docs/alarms.md)
//   everything else -> nothing (the cable has no message for it)
import type * as v from 'valibot';
import type { ServerAreaSchema } from '#domain/areas/area';
import type { ServerClosureSchema } from '#domain/closures/closure';
import type {
  ServerDeletedSchema,
  ServerHeartbeatSchema,
  ServerPointSchema,
} from '#domain/live/liveMessages';
import type { ServerAlertingZoneSchema } from '#domain/zones/alertingZone';
import type { ServerLocationSchema } from '#domain/locations/location';
import type {
  ServerAlarmRaisedSchema,
  ServerAlarmsAcknowledgedSchema,
  ServerAlarmsClearedSchema,
} from '#domain/alarms/alarm';
import type { AlarmRaisedReader } from '../alarms/alarmRepository.ts';
import type { CommittedEvent, EventLog } from '../store/eventLog.ts';
import type { AlarmAcknowledgementRecord, StoredEvent, TelemetryRecord } from '../store/events.ts';
import type { ThingLiveState } from '../store/thingLiveState.ts';
import type { BroadcastBus } from '../bus/broadcastBus.ts';
import type { ThingAudienceReader } from '../things/thingAudience.ts';
import type { PublishedDelivery } from './busDeliveries.ts';

/**
 * The message bodies are typed by the schemas the dashboard decodes them with (domain/), so a field the simulator
 * leaves out or misnames fails the type check instead of a client. A `thing` is the list's own wire JSON.
 */
type CableMessage =
  | { type: 'point'; data: v.InferInput<typeof ServerPointSchema> }
  | { type: 'heartbeat'; data: v.InferInput<typeof ServerHeartbeatSchema> }
  | { type: 'thing'; data: Record<string, unknown> }
  | { type: 'location'; data: v.InferInput<typeof ServerLocationSchema> }
  | { type: 'closure'; data: v.InferInput<typeof ServerClosureSchema> }
  | { type: 'area'; data: v.InferInput<typeof ServerAreaSchema> }
  | { type: 'zone'; data: v.InferInput<typeof ServerAlertingZoneSchema> }
  | {
      type: 'area_deleted' | 'zone_deleted' | 'closure_deleted';
      data: v.InferInput<typeof ServerDeletedSchema>;
    }
  | { type: 'alarm'; data: v.InferInput<typeof ServerAlarmRaisedSchema> }
  | { type: 'alarms_acknowledged'; data: v.InferInput<typeof ServerAlarmsAcknowledgedSchema> }
  | { type: 'alarms_cleared'; data: v.InferInput<typeof ServerAlarmsClearedSchema> };

const deletedMessageType = {
  AreaDeleted: 'area_deleted',
  AlertingZoneDeleted: 'zone_deleted',
  ClosureDeleted: 'closure_deleted',
} as const;

export type CableDelivery = { organizationIds: readonly string[] } & CableMessage;

/** What a point and a heartbeat both carry: the sample where the thing now is, with its known street. */
function sampleFields(event: StoredEvent & { data: TelemetryRecord }, state: ThingLiveState) {
  const { data } = event;
  return {
    thing_id: event.streamId,
    lat: data.lat,
    lng: data.lng,
    speed: data.speed,
    course: data.course,
    accuracy: data.accuracy,
    street: state.street,
    enroute: data.enroute,
  };
}

function pointMessage(
  event: StoredEvent & { data: TelemetryRecord },
  state: ThingLiveState,
): v.InferInput<typeof ServerPointSchema> {
  return {
    id: String(event.seq),
    ...sampleFields(event, state),
    run_id: state.runId,
    timestamp: event.data.time,
  };
}

function heartbeatMessage(
  event: StoredEvent & { data: TelemetryRecord },
  state: ThingLiveState,
): v.InferInput<typeof ServerHeartbeatSchema> {
  // Only active things take telemetry, so a heartbeat that was recorded is from an active thing.
  return { ...sampleFields(event, state), is_active: true, heartbeat_datetime: event.data.time };
}

function acknowledgedDelivery(record: AlarmAcknowledgementRecord, alarmIds: string[]): CableDelivery {
  const data = {
    organization_id: record.organization_id,
    alarm_ids: alarmIds,
    acknowledged_at: record.acknowledged_at,
  };
  return { organizationIds: [record.organization_id], type: 'alarms_acknowledged', data };
}

/** The cable messages one committed event means, in the order they go out. `alarms` reads the alarm an event
 * raised (none without it: the tests of the other messages leave it out). */
export function cableDeliveriesOf(
  committed: CommittedEvent,
  things: ThingAudienceReader,
  alarms?: AlarmRaisedReader,
): CableDelivery[] {
  const deliveries = liveDeliveriesOf(committed, things);
  const alarm = alarms?.raisedBy(committed.event);
  if (alarm) deliveries.push({ organizationIds: [alarm.organization_id], type: 'alarm', data: alarm });
  for (const cleared of alarms?.clearedBy(committed.event) ?? [])
    deliveries.push({ organizationIds: [cleared.organization_id], type: 'alarms_cleared', data: cleared });
  return deliveries;
}

function liveDeliveriesOf(committed: CommittedEvent, things: ThingAudienceReader): CableDelivery[] {
  const { event, outcome } = committed;
  switch (event.type) {
    case 'PointRecorded':
    case 'HeartbeatRecorded': {
      const state = outcome?.liveState;
      if (!state) return [];
      const organizationIds = things.audienceOf(event.streamId);
      return event.type === 'PointRecorded'
        ? [{ organizationIds, type: 'point', data: pointMessage(event, state) }]
        : [{ organizationIds, type: 'heartbeat', data: heartbeatMessage(event, state) }];
    }
    case 'ThingProfileUpdated':
    case 'ThingTestModeSwitched':
    case 'ThingRelationshipsChanged': {
      const thing = JSON.parse(things.thingJson(event.streamId)) as Record<string, unknown>;
      const organizationIds = things.audienceOf(event.streamId);
      const deliveries: CableDelivery[] = [{ organizationIds, type: 'thing', data: thing }];
      if (event.type === 'ThingRelationshipsChanged') {
        const revoked = (event.data.revoked_organization_uuids ?? []).filter(
          (organizationId) => !organizationIds.includes(organizationId),
        );
        if (revoked.length > 0)
          deliveries.push({ organizationIds: revoked, type: 'thing', data: { ...thing, is_active: false } });
      }
      return deliveries;
    }
    case 'LocationSaved':
      return [{ organizationIds: [event.data.organization_id], type: 'location', data: event.data }];
    case 'ClosureSaved':
      return [{ organizationIds: [event.data.organization.id], type: 'closure', data: event.data }];
    case 'AreaSaved':
      return [{ organizationIds: [event.data.organization_id], type: 'area', data: event.data }];
    case 'AlertingZoneSaved':
      return [{ organizationIds: [event.data.organization_id], type: 'zone', data: event.data }];
    case 'AreaDeleted':
    case 'AlertingZoneDeleted':
    case 'ClosureDeleted': {
      const organizationId = event.organizationId;
      if (organizationId === null) return [];
      const type = deletedMessageType[event.type];
      return [
        {
          organizationIds: [organizationId],
          type,
          data: { id: event.data.id, organization_id: organizationId },
        },
      ];
    }
    case 'OrganizationRegistered':
    case 'OrganizationLinked':
    case 'UserRegistered':
    case 'UserSignedIn':
    case 'ThingRegistered':
    case 'PasswordChanged':
    case 'SignInFailed':
    case 'AccountLocked':
    case 'AccountUnlocked':
    case 'AccountStandingChanged':
    case 'ThingTypeRegistered':
    case 'ThingSubtypeRegistered':
    case 'AreaTypeRegistered':
    case 'R2RTestAlertSent':
    case 'LightIntensitySet':
    case 'MutualAidRequested':
    case 'UserProfileUpdated':
    case 'UserRemoved':
    case 'OrganizationProfileUpdated':
    case 'ApiTokenCreated':
    case 'ApiTokenRevoked':
    case 'ConfigFileSaved':
    case 'ConfigFileDeleted':
    case 'BillingPlanAssigned':
    case 'ExportRequested':
    case 'ExportStarted':
    case 'ExportProgressed':
    case 'ExportCompleted':
    case 'ExportFailed':
    case 'ExportDeleted':
    case 'CustomReportRequested':
    case 'CustomReportDeleted':
    case 'SessionOpened':
    case 'SessionRefreshed':
    case 'SessionsRevoked':
    case 'AccountLinkIssued':
    case 'AccountLinkUsed':
    case 'EmailChangeLinksRetired':
    case 'MailSent':
      // The Accounts (issue 14), export and custom report (issue 15) and session (issue 35) events change nothing the live picture draws;
      // a renamed organization reaches open dashboards with their next profile load, exports show in the list's
      // refresh.
      return [];
    case 'AssetWentOffline':
    case 'AssetCameBackOnline':
    case 'WrongWayDetected':
    case 'WrongWayEnded':
      return []; // its alarm goes out as `alarm` (cableDeliveriesOf)
    case 'AlarmAcknowledged':
      return [acknowledgedDelivery(event.data, [event.data.alarm_id])];
    case 'AlarmsAcknowledged':
      return [acknowledgedDelivery(event.data, event.data.alarm_ids)];
    default: {
      const unexpected: never = event;
      throw new Error(`No cable mapping for event ${JSON.stringify(unexpected)}`);
    }
  }
}

/**
 * Publishes each committed transaction's cable messages to the bus as one batch, at the transaction's last log
 * position; a transaction that means nothing to the cable publishes nothing. Returns the unsubscribe function.
 */
export function publishCommittedEvents(
  log: EventLog,
  bus: Pick<BroadcastBus<PublishedDelivery, unknown>, 'publish'>,
  things: ThingAudienceReader,
  alarms?: AlarmRaisedReader,
  /** A bus every node reads (Redis Streams): only the writing node publishes a batch, once for the cluster. */
  writtenOnly = false,
): () => void {
  return log.subscribe((events, origin) => {
    if (writtenOnly && origin === 'replicated') return;
    things.forgetWhenChanged();
    const messages: PublishedDelivery[] = [];
    for (const committed of events) {
      // The event's seq is the message's offset in each stream it goes to (an event sends an organization at most
      // one message, plus `alarm` when it raised one, sent together), which is what lets the history
      // (cableHistory.ts) resume exactly after it.
      const offset = committed.event.seq;
      for (const delivery of cableDeliveriesOf(committed, things, alarms)) {
        const { organizationIds, type, data } = delivery;
        messages.push({ organizationIds, type, data, offset });
      }
    }
    const last = events[events.length - 1];
    if (messages.length > 0 && last) bus.publish({ position: last.event.seq, messages });
  });
}
