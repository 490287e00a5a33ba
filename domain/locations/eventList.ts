// The events list and detail rules (live §2 "Events list and detail", §8 "Location update"): what the search box
// matches, the times a row and the detail show (time to scene, on-scene duration, the event's duration), which
// events may be moved on the map, and the texts a refused move reads as. Times come in as arguments.
import { formatElapsed } from '#domain/units/displayTime';
import type { Location, LocationThing } from './location.ts';

/** The search box's placeholder and its debounce (live §2, §9). */
export const EVENT_SEARCH_PLACEHOLDER = 'Search Asset, Street, or System ID';
export const EVENT_SEARCH_DEBOUNCE_MS = 350;

export function normaliseEventSearch(text: string): string {
  return text.trim().toLowerCase();
}

/**
 * Whether an event matches the (normalised) search: its street or name, its id as the provider knows it, or any
 * asset on it now or earlier by name, system id, plate or vehicle id.
 */
export function matchesEventSearch(location: Location, query: string): boolean {
  if (!query) return true;
  const includes = (field: string) => field.toLowerCase().includes(query);
  if (includes(location.street) || includes(location.displayName) || includes(location.externalId))
    return true;
  const thingMatches = (thing: LocationThing) =>
    includes(thing.displayName) ||
    includes(thing.nickname) ||
    includes(thing.systemId) ||
    includes(thing.plateNumber) ||
    includes(thing.registryNumber);
  return location.thingsActive.some(thingMatches) || location.thingsInactive.some(thingMatches);
}

/** From the event's start to the asset's arrival; null when either is unknown (never negative). */
export function timeToSceneMs(location: Location, thing: LocationThing): number | null {
  if (location.startTime === null || thing.startTime === null) return null;
  return Math.max(0, thing.startTime - location.startTime);
}

/** How long the asset has been (or was) on scene: to its end, or to `now` while it is still there. */
export function onSceneMs(
  thing: Pick<LocationThing, 'startTime' | 'endTime' | 'runtime'>,
  now: number,
): number | null {
  if (thing.startTime === null) {
    return thing.runtime === null ? null : thing.runtime * 1000;
  }
  return Math.max(0, (thing.endTime ?? now) - thing.startTime);
}

/** The event's duration: to its end, or to `now` while it is active (the detail's Duration is live only then). */
export function eventDurationMs(
  event: { isActive: boolean; startTime: number | null; endTime: number | null },
  now: number,
): number | null {
  if (event.startTime === null) return null;
  const end = event.isActive ? now : event.endTime;
  return end === null ? null : Math.max(0, end - event.startTime);
}

/** The dashboard's one duration format (domain/units/displayTime.ts): "1h 05m 09s", "5m 09s", "9s". */
export const formatDuration = formatElapsed;

/** Only an active event placed where its assets stand (not by a geometry of its own) may be moved (live §2). */
export function isLocationMovable(event: { isActive: boolean; isGeoMarker: boolean }): boolean {
  return event.isActive && !event.isGeoMarker;
}

/** What a refused location update reads as (live §8 "Location update"). Status 0 is "Connection failed". */
export function locationUpdateErrorMessage(status: number, text: string): string {
  if (status === 0) return 'Connection failed';
  if (status === 422) {
    const lower = text.toLowerCase();
    if (lower.includes('active')) return 'Location no longer active';
    if (lower.includes('access')) return 'User does not have access to Location';
    if (lower.includes('found')) return 'Location not found';
  }
  return 'Unable to update Location';
}

/** The events list's load failures (live §8 "Locations list"). */
export function locationsLoadErrorMessage(status: number): string {
  if (status === 0) return 'Connection failed';
  if (status === 404) return 'Organization not found';
  return 'Unknown failure';
}
