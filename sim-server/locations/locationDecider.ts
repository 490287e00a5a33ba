// Deciding a location move (live §7 `PUT /api/locations/{id}`) and folding location events, without IO. The refusal
// texts are the ones the dashboard's catalogue translates (live §8: "found", "access", "active").
import type { LocationCreate, LocationMove, LocationRecord } from '#domain/locations/locationRecord';
import {
  accept,
  badRequest,
  ORGANIZATION_NOT_FOUND_REFUSAL,
  unprocessable,
  type CallerReach,
  type Decision,
} from '../kernel/decision.ts';
import type { SimEvent } from '../store/events.ts';

export const LOCATION_NOT_FOUND = 'Location not found';
export const LOCATION_NOT_ACTIVE = 'Location is no longer active';
export const LOCATION_NO_ACCESS = 'User does not have access to Location';

/** A caller moves a location; the caller's reach says which organizations it sees and may write to.
 * `streetAtMove`: the street the map names at the new position (streets/edgeIndex.ts `streetNameNear`), so the
 * incident is called what every screen shows there; null when no street is near, and the old name stays. */
export type MoveLocation = {
  type: 'MoveLocation';
  locationId: string;
  move: LocationMove;
  streetAtMove: string | null;
  caller: CallerReach;
};

/** The location as its events left it; null when it has none. */
export type LocationState = LocationRecord | null;

export type LocationEvent = Extract<SimEvent, { type: 'LocationSaved' }>;

export function decideLocation(command: MoveLocation, location: LocationState): Decision {
  const { move, caller } = command;
  if (!caller.reachable.has(move.organization_id)) return ORGANIZATION_NOT_FOUND_REFUSAL;
  // A location of an organization the caller cannot see answers as one that does not exist (issue 24): "access"
  // is said only of a location the caller sees anyway.
  if (!location || !caller.reachable.has(location.organization_id)) return unprocessable(LOCATION_NOT_FOUND);
  if (location.organization_id !== move.organization_id || !caller.writable.has(location.organization_id))
    return unprocessable(LOCATION_NO_ACCESS);
  if (!location.is_active) return unprocessable(LOCATION_NOT_ACTIVE);
  const moved: LocationRecord = {
    ...location,
    lat: move.lat,
    lng: move.lng,
    street: command.streetAtMove ?? location.street,
    roadway_heading: move.roadway_heading === undefined ? location.roadway_heading : move.roadway_heading,
  };
  return accept({
    event: { type: 'LocationSaved', data: moved },
    streamId: moved.id,
    organizationId: moved.organization_id,
  });
}

/**
 * A caller creates a location (`POST /api/locations`, the dashboard's `events/new`): an active incident starting
 * now at the chosen place, with no assets on it yet. Only in an organization the caller may write to; an
 * organization it only sees (accessed) reads as the catalogue's "access" refusal, like a move there.
 */
export type CreateLocation = {
  type: 'CreateLocation';
  create: LocationCreate;
  caller: CallerReach;
};

export function decideLocationCreate(
  command: CreateLocation,
  { now, newId }: { now: number; newId: () => string },
): Decision {
  const { create, caller } = command;
  if (!caller.reachable.has(create.organization_id)) return ORGANIZATION_NOT_FOUND_REFUSAL;
  if (!caller.writable.has(create.organization_id)) return unprocessable(LOCATION_NO_ACCESS);
  const externalId = create.external_id?.trim() ?? '';
  const alertMessage = create.alert_message?.trim() ?? '';
  const created: LocationRecord = {
    id: newId(),
    organization_id: create.organization_id,
    external_id: externalId === '' ? null : externalId,
    is_active: true,
    lat: create.lat,
    lng: create.lng,
    street: create.street,
    roadway_heading: create.roadway_heading ?? null,
    things_active: [],
    things_inactive: [],
    start_time: new Date(now).toISOString(),
    end_time: null,
    alt: null,
    alert_message: alertMessage === '' ? null : alertMessage,
    features: [],
  };
  return accept({
    event: { type: 'LocationSaved', data: created },
    streamId: created.id,
    organizationId: created.organization_id,
  });
}

/** A saved location is its whole record. */
export function evolveLocation(_state: LocationState, event: LocationEvent): LocationState {
  return event.data;
}

/**
 * The incident feed reports a location (`POST /api/sim/locations`, provider staff): it starts, changes or ends an
 * incident as a dispatch system would, written whole. The organization must exist, an existing id must stay with
 * its organization, and an active incident has no end while an ended one has one.
 */
export type ReportLocation = {
  type: 'ReportLocation';
  location: LocationRecord;
  organizationExists: boolean;
};

export const LOCATION_OF_ANOTHER_ORGANIZATION = 'Location belongs to another organization';

export function decideLocationReport(command: ReportLocation, existing: LocationState): Decision {
  const { location } = command;
  if (!command.organizationExists) return ORGANIZATION_NOT_FOUND_REFUSAL;
  if (existing && existing.organization_id !== location.organization_id)
    return unprocessable(LOCATION_OF_ANOTHER_ORGANIZATION);
  const problems: string[] = [];
  if (Number.isNaN(Date.parse(location.start_time))) problems.push('start_time: an ISO 8601 time');
  if (location.end_time !== null && Number.isNaN(Date.parse(location.end_time)))
    problems.push('end_time: an ISO 8601 time or null');
  if (location.is_active && location.end_time !== null) problems.push('end_time: null while is_active');
  if (!location.is_active && location.end_time === null) problems.push('end_time: required once ended');
  if (problems.length > 0) return badRequest(...problems);
  return accept({
    event: { type: 'LocationSaved', data: location },
    streamId: location.id,
    organizationId: location.organization_id,
  });
}
