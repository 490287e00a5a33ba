// What the rows of each export type say (access §2 "Export wizard": Incident, Point, Asset, Closure, Asset Mileage),
// as pure functions the simulator's export worker feeds with what it read: CSV text, the mileage of a track and
// the region a position is in. The simulator decides which records go in; these decide what a row holds.
import { distanceMetres } from '#domain/units/distance';
import type { MileageUnit } from './exportRecord.ts';

// ---------------------------------------------------------------------------------------------
// CSV: one shared writer (domain/wire/csv.ts: RFC 4180 quoting, formula-like cells neutralised).

export { csvLine, type CsvCell } from '#domain/wire/csv';

// ---------------------------------------------------------------------------------------------
// Mileage

export const METRES_PER_KILOMETRE = 1000;
/** Statute mile. */
export const METRES_PER_STATUTE_MILE = 1609.344;
/** A jump faster than this between two fixes is a bad fix, not driving; it adds no distance. */
export const MAX_PLAUSIBLE_SPEED_MPS = 90;

export function distanceIn(unit: MileageUnit, metres: number): number {
  const value = metres / (unit === 'miles' ? METRES_PER_STATUTE_MILE : METRES_PER_KILOMETRE);
  return Math.round(value * 1000) / 1000;
}

export type TrackFix = { time: number; lat: number; lng: number };

/** Metres driven from `previous` to `next`, or 0 for a bad fix or time going backwards. */
export function legMetres(previous: TrackFix, next: TrackFix): number {
  const seconds = (next.time - previous.time) / 1000;
  if (seconds <= 0) return 0;
  const metres = distanceMetres(previous.lat, previous.lng, next.lat, next.lng);
  return metres / seconds > MAX_PLAUSIBLE_SPEED_MPS ? 0 : metres;
}

// ---------------------------------------------------------------------------------------------
// Regions: an organization's areas (polygons, or circles of a radius in metres) name the regions mileage is split by.

export type Region = {
  name: string;
  polygon: readonly { lat: number; lon: number }[] | null;
  centre: { lat: number; lng: number } | null;
  radiusMetres: number;
};

export const OUTSIDE_REGIONS = 'Outside areas';

function insidePolygon(lat: number, lng: number, polygon: readonly { lat: number; lon: number }[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const a = polygon[i];
    const b = polygon[j];
    if (!a || !b) continue;
    if (a.lat > lat !== b.lat > lat && lng < ((b.lon - a.lon) * (lat - a.lat)) / (b.lat - a.lat) + a.lon)
      inside = !inside;
  }
  return inside;
}

/** The first region (in the order given) the position is in, or OUTSIDE_REGIONS. */
export function regionOf(lat: number, lng: number, regions: readonly Region[]): string {
  for (const region of regions) {
    if (region.polygon && region.polygon.length >= 3) {
      if (insidePolygon(lat, lng, region.polygon)) return region.name;
    } else if (region.centre && region.radiusMetres > 0) {
      if (distanceMetres(lat, lng, region.centre.lat, region.centre.lng) <= region.radiusMetres)
        return region.name;
    }
  }
  return OUTSIDE_REGIONS;
}

// ---------------------------------------------------------------------------------------------
// Ranges

/** Whether a span given by ISO times (an open end unbounded: a closure not yet started or ended) overlaps
 * [start, end]. */
export function spanOverlaps(from: string | null, to: string | null, start: number, end: number): boolean {
  const first = from === null ? Number.NEGATIVE_INFINITY : Date.parse(from);
  const last = to === null ? Number.POSITIVE_INFINITY : Date.parse(to);
  return first <= end && last >= start;
}
