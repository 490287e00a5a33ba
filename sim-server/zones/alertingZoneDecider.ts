// Deciding alerting-zone writes (live §7: create, update, delete wrong-way-driver zones) and folding zone events,
// without IO.
import type { AlertingZoneRecord, AlertingZoneSave } from '#domain/zones/alertingZoneRecord';
import { truncateCoordinate } from '#domain/units/coordinates';
import {
  accept,
  FORBIDDEN,
  notFound,
  ORGANIZATION_NOT_FOUND_REFUSAL,
  type CallerReach,
  type Decision,
  type DecisionContext,
} from '../kernel/decision.ts';
import type { SimEvent } from '../store/events.ts';

export const ZONE_NOT_FOUND = 'Alerting zone not found';
/** Seconds a zone's alert lasts unless it says otherwise. */
const DEFAULT_EXPIRY_SECONDS = 3600;

export type AlertingZoneCommand =
  | { type: 'CreateAlertingZone'; caller: CallerReach; organizationId: string; save: AlertingZoneSave }
  | { type: 'UpdateAlertingZone'; caller: CallerReach; zoneId: string; save: AlertingZoneSave }
  | { type: 'DeleteAlertingZone'; caller: CallerReach; zoneId: string };

/** The zone the command names, as its events left it. */
export type AlertingZoneState = AlertingZoneRecord | null;

export type AlertingZoneEvent = Extract<SimEvent, { type: 'AlertingZoneSaved' | 'AlertingZoneDeleted' }>;

function zoneOf(
  save: AlertingZoneSave,
  id: string,
  organizationId: string,
  previous: AlertingZoneRecord | null,
): AlertingZoneRecord {
  return {
    id,
    organization_id: organizationId,
    hotspot_id: save.hotspot_id ?? null,
    description: save.description ?? previous?.description ?? null,
    external_id: previous?.external_id ?? null,
    alerting_zone_type_name: save.type,
    alert_message: save.alert_message ?? previous?.alert_message ?? null,
    features: [
      {
        type: 'polyline',
        geometry: save.geometry.map((point) => ({
          lat: truncateCoordinate(point.lat),
          lon: truncateCoordinate(point.lon),
        })),
      },
    ],
    is_active: save.is_active ?? previous?.is_active ?? true,
    active_things: previous?.active_things ?? [],
    active_locations: previous?.active_locations ?? [],
    default_expiry: previous?.default_expiry ?? DEFAULT_EXPIRY_SECONDS,
  };
}

const saved = (zone: AlertingZoneRecord): Decision =>
  accept({
    event: { type: 'AlertingZoneSaved', data: zone },
    streamId: zone.id,
    organizationId: zone.organization_id,
  });

/** The zone an update or delete names, when the caller may change it; else the refusal. */
function changeable(caller: CallerReach, zone: AlertingZoneState): AlertingZoneRecord | Decision {
  if (zone === null || !caller.reachable.has(zone.organization_id)) return notFound(ZONE_NOT_FOUND);
  if (!caller.writable.has(zone.organization_id)) return FORBIDDEN;
  return zone;
}

const isDecision = (value: object): value is Decision => 'accepted' in value || 'refused' in value;

export function decideAlertingZone(
  command: AlertingZoneCommand,
  zone: AlertingZoneState,
  context: DecisionContext,
): Decision {
  switch (command.type) {
    case 'CreateAlertingZone': {
      const { caller, organizationId } = command;
      if (!caller.reachable.has(organizationId)) return ORGANIZATION_NOT_FOUND_REFUSAL;
      if (!caller.writable.has(organizationId)) return FORBIDDEN;
      return saved(zoneOf(command.save, context.newId(), organizationId, null));
    }
    case 'UpdateAlertingZone': {
      const previous = changeable(command.caller, zone);
      if (isDecision(previous)) return previous;
      return saved(zoneOf(command.save, previous.id, previous.organization_id, previous));
    }
    case 'DeleteAlertingZone': {
      const found = changeable(command.caller, zone);
      if (isDecision(found)) return found;
      return accept({
        event: { type: 'AlertingZoneDeleted', data: { id: found.id } },
        streamId: found.id,
        organizationId: found.organization_id,
      });
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown alerting zone command ${JSON.stringify(unexpected)}`);
    }
  }
}

export function evolveAlertingZone(_zone: AlertingZoneState, event: AlertingZoneEvent): AlertingZoneState {
  switch (event.type) {
    case 'AlertingZoneSaved':
      return event.data;
    case 'AlertingZoneDeleted':
      return null;
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown alerting zone event ${JSON.stringify(unexpected)}`);
    }
  }
}
