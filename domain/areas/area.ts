// Areas are points of interest and exclusion zones; areas of a station-view type are stations, where assets are
// grouped when parked (live §3 "Area"). Read top to bottom: wire schemas (area type, area), client models, mappers,
// then the rules.
import * as v from 'valibot';
import { truncateCoordinate } from '#domain/units/coordinates';
import {
  decodeRecords,
  idLike,
  nullishBoolean,
  nullishNumber,
  nullishString,
  type DecodeResult,
} from '#domain/wire/decode';

// ---------------------------------------------------------------------------------------------
// Wire schemas

export const ServerAreaTypeSchema = v.looseObject({
  id: idLike,
  db_name: nullishString,
  display_name: nullishString,
  is_station_view: nullishBoolean,
  is_av_type: nullishBoolean,
});
export type ServerAreaType = v.InferOutput<typeof ServerAreaTypeSchema>;

const ServerAreaPointSchema = v.looseObject({
  lat: v.number(),
  lon: v.optional(v.number()),
  lng: v.optional(v.number()),
});

export const ServerAreaSchema = v.looseObject({
  id: idLike,
  organization_id: nullishString,
  organization_name: nullishString,
  thing_id: nullishString,
  name: v.string(),
  desc: nullishString,
  lat: nullishNumber,
  lng: nullishNumber,
  radius_dist: nullishNumber,
  is_active: nullishBoolean,
  area_geom: v.nullish(v.array(ServerAreaPointSchema)),
  point_geom: v.nullish(ServerAreaPointSchema),
  ez_type: v.nullish(ServerAreaTypeSchema),
  address1: nullishString,
  address2: nullishString,
  city: nullishString,
  state: nullishString,
  postal_code: nullishString,
  country_code: nullishString,
});
export type ServerArea = v.InferOutput<typeof ServerAreaSchema>;

// ---------------------------------------------------------------------------------------------
// Client models

export type AreaType = {
  id: string;
  dbName: string;
  displayName: string;
  isStationView: boolean;
  /** Autonomous-vehicle types (no_stop, no_enter): only provider staff edit their areas. */
  isAutonomousVehicleType: boolean;
};

export type AreaPoint = { lat: number; lng: number };

export type Area = {
  id: string;
  orgId: string | null;
  orgName: string;
  thingId: string | null;
  name: string;
  displayName: string;
  description: string;
  ezTypeId: string | null;
  ezTypeName: string;
  position: AreaPoint | null;
  /** The exclusion polygon's corners; empty for circles and points of interest. */
  lineStringArray: AreaPoint[];
  /** Metres; legacy areas are circles of this radius. */
  radius: number;
  isActive: boolean;
  /** Legacy areas predate geometries: neither a point nor a polygon, only lat/lng and a radius. */
  isLegacy: boolean;
  isPoi: boolean;
  isStationView: boolean;
  /** Of an autonomous-vehicle type: only provider staff edit it (live §6). */
  isAutonomousVehicleType: boolean;
  isExclusion: boolean;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  countryCode: string;
};

// ---------------------------------------------------------------------------------------------
// Mappers

export function mapServerAreaType(server: ServerAreaType): AreaType {
  const dbName = server.db_name ?? '';
  return {
    id: server.id,
    dbName,
    displayName: server.display_name || dbName,
    isStationView: server.is_station_view ?? false,
    isAutonomousVehicleType: server.is_av_type ?? (dbName === 'no_stop' || dbName === 'no_enter'),
  };
}

function mapPoint(point: v.InferOutput<typeof ServerAreaPointSchema>): AreaPoint | null {
  const lng = point.lng ?? point.lon;
  return lng === undefined ? null : { lat: truncateCoordinate(point.lat), lng: truncateCoordinate(lng) };
}

export function mapServerArea(server: ServerArea): Area {
  const polygon: AreaPoint[] = [];
  for (const point of server.area_geom ?? []) {
    const mapped = mapPoint(point);
    if (mapped) polygon.push(mapped);
  }
  const pointGeom = server.point_geom ? mapPoint(server.point_geom) : null;
  const legacyPosition =
    server.lat !== null && server.lat !== undefined && server.lng !== null && server.lng !== undefined
      ? { lat: truncateCoordinate(server.lat), lng: truncateCoordinate(server.lng) }
      : null;
  const hasPolygon = polygon.length >= 3;
  const isLegacy = pointGeom === null && !hasPolygon;
  const areaType = server.ez_type ? mapServerAreaType(server.ez_type) : null;
  const radius = server.radius_dist ?? 0;
  // A point of interest is a point with neither a radius nor a polygon around it.
  const isPoi = !isLegacy && !hasPolygon && radius <= 0;
  return {
    id: server.id,
    orgId: server.organization_id ?? null,
    orgName: server.organization_name ?? '',
    thingId: server.thing_id ?? null,
    name: server.name,
    displayName: server.name,
    description: server.desc ?? '',
    ezTypeId: areaType?.id ?? null,
    ezTypeName: areaType?.displayName ?? '',
    position: pointGeom ?? legacyPosition ?? (hasPolygon ? centroid(polygon) : null),
    lineStringArray: hasPolygon ? polygon : [],
    radius,
    isActive: server.is_active ?? true,
    isLegacy,
    isPoi,
    isStationView: areaType?.isStationView ?? false,
    isAutonomousVehicleType: areaType?.isAutonomousVehicleType ?? false,
    isExclusion: !isPoi,
    address1: server.address1 ?? '',
    address2: server.address2 ?? '',
    city: server.city ?? '',
    state: server.state ?? '',
    postalCode: server.postal_code ?? '',
    countryCode: server.country_code ?? '',
  };
}

function centroid(points: readonly AreaPoint[]): AreaPoint {
  let lat = 0;
  let lng = 0;
  for (const point of points) {
    lat += point.lat;
    lng += point.lng;
  }
  return { lat: truncateCoordinate(lat / points.length), lng: truncateCoordinate(lng / points.length) };
}

export function decodeAreaTypes(input: unknown): DecodeResult<AreaType> {
  return decodeRecords(ServerAreaTypeSchema, mapServerAreaType, input);
}

export function decodeAreas(input: unknown): DecodeResult<Area> {
  return decodeRecords(ServerAreaSchema, mapServerArea, input);
}

// ---------------------------------------------------------------------------------------------
// Rules

/**
 * Area types in the order the type picker lists them: by name in the user's text order, with "Other" last.
 * `compareText` comes from the edge (e.g. `new Intl.Collator(locale).compare`), never the host's locale.
 */
export function sortAreaTypes(
  types: readonly AreaType[],
  compareText: (a: string, b: string) => number,
): AreaType[] {
  return [...types].sort((a, b) => {
    const aOther = a.displayName.toLowerCase() === 'other';
    const bOther = b.displayName.toLowerCase() === 'other';
    if (aOther !== bOther) return aOther ? 1 : -1;
    return compareText(a.displayName, b.displayName);
  });
}

/** The label of an area's type in lists (live §2 "Areas"). */
export function areaTypeLabel(area: Area): string {
  if (area.isPoi) return 'Point of Interest';
  return area.isStationView ? 'Exclusion Zone (grouping)' : 'Exclusion Zone';
}

/** Stations are the active areas of a station-view type. */
export function isStation(area: Area): boolean {
  return area.isActive && area.isStationView && area.position !== null;
}
