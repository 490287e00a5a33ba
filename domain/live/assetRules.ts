// Rules every live message shares when it changes an asset: recomputing the status, station membership, and
// accepting a new position. They change the asset's record in place (see pictureDraft.ts).
import { deriveAssetStatus, isAtMostActive } from '#domain/status/assetStatus';
import type { StationIndex } from '#domain/stations/stationIndex';
import { courseToDirection, type Thing } from '#domain/things/thing';
import { truncateCoordinate } from '#domain/units/coordinates';
import type { LiveSettings } from './liveSettings.ts';

/** Live data is newer than anything the server said about the status: from now on the status is derived. */
export function rederiveStatus(thing: Thing, now: number, settings: LiveSettings): void {
  thing.status = deriveAssetStatus(thing, now, settings);
  thing.statusSource = 'derived';
}

/**
 * Station membership (live §4): an asset that is active or on an incident has left its station; any other asset
 * is looked up when it moved or has just stopped being active. An unmoved parked asset keeps its station.
 */
export function placeInStation(thing: Thing, stations: StationIndex, recheck: boolean): void {
  if (isAtMostActive(thing.status)) {
    thing.stationId = null;
    return;
  }
  if (!recheck) return;
  thing.stationId =
    thing.lat !== null && thing.lng !== null ? stations.stationAt(thing.lat, thing.lng) : null;
}

/**
 * The accuracy bound a new position must meet (live §4): MIN_AT_STATION while the asset is parked at a station
 * and not active, MIN otherwise. A reading without accuracy is taken at its word.
 */
export function isAccurateEnough(thing: Thing, accuracy: number | null, settings: LiveSettings): boolean {
  if (accuracy === null) return true;
  const parked = thing.stationId !== null && !isAtMostActive(thing.status);
  return accuracy <= (parked ? settings.accuracyThresholdAtStationMetres : settings.accuracyThresholdMetres);
}

/** Takes a position; returns whether the asset moved. Coordinates are truncated to 7 decimals (live §9). */
export function movePosition(
  thing: Thing,
  lat: number,
  lng: number,
  accuracy: number | null,
  now: number,
): boolean {
  const nextLat = truncateCoordinate(lat);
  const nextLng = truncateCoordinate(lng);
  thing.accuracy = accuracy;
  if (nextLat === thing.lat && nextLng === thing.lng) {
    thing.stillSince ??= now;
    return false;
  }
  thing.lat = nextLat;
  thing.lng = nextLng;
  // The record owns its position object (thingRule.ts), so it moves in place rather than allocating one per point.
  if (thing.position === null) thing.position = { lat: nextLat, lng: nextLng };
  else {
    thing.position.lat = nextLat;
    thing.position.lng = nextLng;
  }
  thing.stillSince = null;
  return true;
}

export function setMotion(thing: Thing, speed: number | null, course: number | null): void {
  thing.speed = speed;
  if (course !== thing.course) {
    thing.course = course;
    thing.courseDirection = courseToDirection(course);
  }
}

/** The staleness countdown restarts whenever the asset is heard from. */
export function markHeardFrom(thing: Thing, now: number, settings: LiveSettings): void {
  thing.isStale = false;
  thing.staleAt = now + settings.staleAfterMs;
}

export function resetRun(thing: Thing): void {
  thing.runId = null;
  thing.runStartTime = null;
  thing.runPointsCount = 0;
  thing.isLatestPointActive = false;
}
