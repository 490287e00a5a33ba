// A wrong-way-driver zone as the detection reads it. Its line is drawn from the sign, where wrong-way drivers would
// enter (docs/areas-and-zones.md), along the road they would take; so the traffic's own direction runs the other
// way, from the line's end towards the sign. Prepared once per zone change into segments with that traffic bearing
// in a local metric frame, and a grid index so a report far from every zone costs one Map lookup. Pure: the zones
// come in as arguments.
import type { AlertingZoneRecord } from '#domain/zones/alertingZoneRecord';
import { humaniseTypeName } from '#domain/zones/alertingZone';
import { METRES_PER_DEGREE_LATITUDE, metresPerDegreeLongitude } from '#domain/units/distance';
import { WRONG_WAY_RULE } from './wrongWayRule.ts';

// ---------------------------------------------------------------------------------------------
// Type

/**
 * A straight piece of the zone's line in metres east (x) and north (y) of the zone's first point, from (ax, ay) by
 * (dx, dy) in drawing order; `trafficBearing` is the direction traffic rightly takes there (towards the sign).
 */
type Segment = {
  ax: number;
  ay: number;
  dx: number;
  dy: number;
  lengthSquared: number;
  trafficBearing: number;
};

export type WrongWayZone = {
  id: string;
  organizationId: string;
  /** What the alarm names it by: description, else external id, else the type in words (live §3). */
  name: string;
  alertMessage: string | null;
  originLat: number;
  originLng: number;
  metresPerDegreeLng: number;
  segments: readonly Segment[];
};

// ---------------------------------------------------------------------------------------------
// Mapper

const RADIANS_TO_DEGREES = 180 / Math.PI;

/** Degrees clockwise from north of a step of (dx east, dy north) metres, in [0, 360). */
export function bearingOf(dx: number, dy: number): number {
  const degrees = Math.atan2(dx, dy) * RADIANS_TO_DEGREES;
  return degrees < 0 ? degrees + 360 : degrees;
}

/** Only active wrong-way-driver zones with a line of two points or more watch for drivers; others give null. */
export function wrongWayZoneOf(record: AlertingZoneRecord): WrongWayZone | null {
  if (!record.is_active || record.alerting_zone_type_name !== 'wrong_way_driver') return null;
  const points = record.features[0]?.geometry ?? [];
  const origin = points[0];
  if (!origin || points.length < 2) return null;
  const metresPerDegreeLng = metresPerDegreeLongitude(origin.lat);
  const toX = (lon: number) => (lon - origin.lon) * metresPerDegreeLng;
  const toY = (lat: number) => (lat - origin.lat) * METRES_PER_DEGREE_LATITUDE;
  const segments: Segment[] = [];
  for (let index = 1; index < points.length; index += 1) {
    const from = points[index - 1];
    const to = points[index];
    if (!from || !to) continue;
    const ax = toX(from.lon);
    const ay = toY(from.lat);
    const dx = toX(to.lon) - ax;
    const dy = toY(to.lat) - ay;
    const lengthSquared = dx * dx + dy * dy;
    if (lengthSquared === 0) continue;
    segments.push({ ax, ay, dx, dy, lengthSquared, trafficBearing: bearingOf(-dx, -dy) });
  }
  if (segments.length === 0) return null;
  return {
    id: record.id,
    organizationId: record.organization_id,
    name: record.description || record.external_id || humaniseTypeName(record.alerting_zone_type_name),
    alertMessage: record.alert_message || null,
    originLat: origin.lat,
    originLng: origin.lon,
    metresPerDegreeLng,
    segments,
  };
}

// ---------------------------------------------------------------------------------------------
// Rules: where a position is along the line

/**
 * The traffic bearing (towards the sign) of the line's segment nearest to the position, when the position lies within
 * the corridor; else null.
 */
export function corridorBearingAt(zone: WrongWayZone, lat: number, lng: number): number | null {
  const x = (lng - zone.originLng) * zone.metresPerDegreeLng;
  const y = (lat - zone.originLat) * METRES_PER_DEGREE_LATITUDE;
  const limit = WRONG_WAY_RULE.corridorMetres * WRONG_WAY_RULE.corridorMetres;
  let nearest = Number.POSITIVE_INFINITY;
  let bearing: number | null = null;
  for (const segment of zone.segments) {
    const along = ((x - segment.ax) * segment.dx + (y - segment.ay) * segment.dy) / segment.lengthSquared;
    const t = along < 0 ? 0 : along > 1 ? 1 : along;
    const ex = segment.ax + t * segment.dx - x;
    const ey = segment.ay + t * segment.dy - y;
    const distanceSquared = ex * ex + ey * ey;
    if (distanceSquared <= limit && distanceSquared < nearest) {
      nearest = distanceSquared;
      bearing = segment.trafficBearing;
    }
  }
  return bearing;
}

// ---------------------------------------------------------------------------------------------
// The grid: which zones a position may be near

/** About 1.1 km north–south: a zone's corridor touches few cells, and most reports land in an empty one. */
const CELL_DEGREES = 0.01;
const LNG_CELLS = 36_001;

const cellKey = (latCell: number, lngCell: number) => latCell * LNG_CELLS + lngCell;

export type WrongWayZoneGrid = { readonly cells: ReadonlyMap<number, readonly WrongWayZone[]>; size: number };

export const EMPTY_WRONG_WAY_GRID: WrongWayZoneGrid = { cells: new Map(), size: 0 };

/** Indexes each zone under every cell its segments' corridors (their boxes widened by the corridor) touch. */
export function wrongWayZoneGrid(zones: readonly WrongWayZone[]): WrongWayZoneGrid {
  const cells = new Map<number, WrongWayZone[]>();
  const marginLat = WRONG_WAY_RULE.corridorMetres / METRES_PER_DEGREE_LATITUDE;
  for (const zone of zones) {
    const marginLng = WRONG_WAY_RULE.corridorMetres / zone.metresPerDegreeLng;
    const keys = new Set<number>();
    for (const segment of zone.segments) {
      const lngA = zone.originLng + segment.ax / zone.metresPerDegreeLng;
      const latA = zone.originLat + segment.ay / METRES_PER_DEGREE_LATITUDE;
      const lngB = lngA + segment.dx / zone.metresPerDegreeLng;
      const latB = latA + segment.dy / METRES_PER_DEGREE_LATITUDE;
      const south = Math.floor((Math.min(latA, latB) - marginLat) / CELL_DEGREES);
      const north = Math.floor((Math.max(latA, latB) + marginLat) / CELL_DEGREES);
      const west = Math.floor((Math.min(lngA, lngB) - marginLng) / CELL_DEGREES);
      const east = Math.floor((Math.max(lngA, lngB) + marginLng) / CELL_DEGREES);
      for (let latCell = south; latCell <= north; latCell += 1)
        for (let lngCell = west; lngCell <= east; lngCell += 1) keys.add(cellKey(latCell, lngCell));
    }
    for (const key of keys) {
      const list = cells.get(key);
      if (list) list.push(zone);
      else cells.set(key, [zone]);
    }
  }
  return { cells, size: zones.length };
}

/** The zones whose corridor may hold the position (the cell's list; usually none). */
export function zonesNear(
  grid: WrongWayZoneGrid,
  lat: number,
  lng: number,
): readonly WrongWayZone[] | undefined {
  if (grid.size === 0) return undefined;
  return grid.cells.get(cellKey(Math.floor(lat / CELL_DEGREES), Math.floor(lng / CELL_DEGREES)));
}
