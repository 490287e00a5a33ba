// A location is the wire's record of an incident (the screens call it an event; docs/glossary.md): a place where
// assets are present (live §3 "Location").
// Read top to bottom: wire schema, client model, mapper, then the list rules (order, time filter, cache cap).
import * as v from 'valibot';
import { assertNever } from '#domain/checks/assertNever';
import { truncateCoordinate } from '#domain/units/coordinates';
import {
  decodeRecords,
  idLike,
  nullishBoolean,
  nullishIdLike,
  nullishNumber,
  nullishString,
  nullishTime,
  parseServerTime,
  type DecodeResult,
} from '#domain/wire/decode';

// ---------------------------------------------------------------------------------------------
// Wire schema

export const LOCATION_FEATURE_TYPES = ['point', 'line', 'circle', 'polygon'] as const;
export type LocationFeatureType = (typeof LOCATION_FEATURE_TYPES)[number];

const ServerGeoPointSchema = v.looseObject({
  lat: v.number(),
  lon: v.optional(v.number()),
  lng: v.optional(v.number()),
  radius: nullishNumber,
});

export const ServerLocationFeatureSchema = v.looseObject({
  type: v.picklist(LOCATION_FEATURE_TYPES),
  geometry: v.nullish(v.union([ServerGeoPointSchema, v.array(ServerGeoPointSchema)])),
});

export const ServerLocationThingSchema = v.looseObject({
  id: v.string(),
  external_id: nullishString,
  system_identifier: nullishString,
  nickname: nullishString,
  vin_number: nullishString,
  license_plate_number: nullishString,
  registry_number: nullishString,
  runtime: nullishNumber,
  start_time: nullishTime,
  end_time: nullishTime,
});

export const ServerLocationSchema = v.looseObject({
  id: idLike,
  external_id: nullishIdLike,
  is_active: nullishBoolean,
  lat: v.number(),
  lng: v.number(),
  street: nullishString,
  roadway_heading: nullishNumber,
  things_active: v.nullish(v.array(ServerLocationThingSchema)),
  things_inactive: v.nullish(v.array(ServerLocationThingSchema)),
  start_time: nullishTime,
  end_time: nullishTime,
  alt: nullishNumber,
  alert_message: nullishString,
  features: v.nullish(v.array(ServerLocationFeatureSchema)),
});
export type ServerLocation = v.InferOutput<typeof ServerLocationSchema>;

// ---------------------------------------------------------------------------------------------
// Client model

export type GeoPoint = { lat: number; lng: number; radius: number | null };
export type LocationFeature = { type: LocationFeatureType; points: GeoPoint[] };

export type LocationThing = {
  id: string;
  externalId: string;
  systemId: string;
  nickname: string;
  displayName: string;
  vinNumber: string;
  plateNumber: string;
  registryNumber: string;
  /** Seconds on scene as the server counts them. */
  runtime: number | null;
  startTime: number | null;
  endTime: number | null;
};

export type Location = {
  id: string;
  externalId: string;
  isActive: boolean;
  lat: number;
  lng: number;
  street: string;
  /** Heading of the roadway in degrees (0-360), when known. */
  roadwayHeading: number | null;
  thingsActive: LocationThing[];
  thingsInactive: LocationThing[];
  startTime: number | null;
  endTime: number | null;
  altitude: number | null;
  alertMessage: string;
  features: LocationFeature[];
  displayName: string;
  /** Events drawn from a geometry of their own rather than from where assets stand. */
  isGeoMarker: boolean;
  markerPosition: { lat: number; lng: number };
};

// ---------------------------------------------------------------------------------------------
// Mapper

function mapGeoPoint(point: v.InferOutput<typeof ServerGeoPointSchema>): GeoPoint | null {
  const lng = point.lng ?? point.lon;
  if (lng === undefined) return null;
  return { lat: truncateCoordinate(point.lat), lng: truncateCoordinate(lng), radius: point.radius ?? null };
}

function mapFeature(feature: v.InferOutput<typeof ServerLocationFeatureSchema>): LocationFeature {
  const raw = feature.geometry ?? [];
  const list = Array.isArray(raw) ? raw : [raw];
  const points: GeoPoint[] = [];
  for (const point of list) {
    const mapped = mapGeoPoint(point);
    if (mapped) points.push(mapped);
  }
  return { type: feature.type, points };
}

function mapLocationThing(server: v.InferOutput<typeof ServerLocationThingSchema>): LocationThing {
  const systemId = server.system_identifier ?? '';
  const nickname = server.nickname ?? '';
  return {
    id: server.id,
    externalId: server.external_id ?? '',
    systemId,
    nickname,
    displayName: nickname || systemId.toUpperCase(),
    vinNumber: server.vin_number ?? '',
    plateNumber: server.license_plate_number ?? '',
    registryNumber: server.registry_number ?? '',
    runtime: server.runtime ?? null,
    startTime: parseServerTime(server.start_time),
    endTime: parseServerTime(server.end_time),
  };
}

export function mapServerLocation(server: ServerLocation): Location {
  const lat = truncateCoordinate(server.lat);
  const lng = truncateCoordinate(server.lng);
  const features = (server.features ?? []).map(mapFeature);
  const geoPoint = features.find((feature) => feature.points.length > 0)?.points[0];
  const street = server.street ?? '';
  return {
    id: server.id,
    externalId: server.external_id ?? '',
    isActive: server.is_active ?? false,
    lat,
    lng,
    street,
    roadwayHeading: server.roadway_heading ?? null,
    thingsActive: (server.things_active ?? []).map(mapLocationThing),
    thingsInactive: (server.things_inactive ?? []).map(mapLocationThing),
    startTime: parseServerTime(server.start_time),
    endTime: parseServerTime(server.end_time),
    altitude: server.alt ?? null,
    alertMessage: server.alert_message ?? '',
    features,
    displayName: street || `${lat.toFixed(5)}, ${lng.toFixed(5)}`,
    isGeoMarker: geoPoint !== undefined,
    markerPosition: geoPoint ? { lat: geoPoint.lat, lng: geoPoint.lng } : { lat, lng },
  };
}

export function decodeLocations(input: unknown): DecodeResult<Location> {
  return decodeRecords(ServerLocationSchema, mapServerLocation, input);
}

// ---------------------------------------------------------------------------------------------
// Rules: list order, time filter, cache cap (live §2 "Events list", §4 "Locations", §9)

/** The default fetch window of the locations call (live §9). */
export const LOCATIONS_FETCH_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** The cache keeps at most this many locations (live §4, §9). */
export const LOCATIONS_CACHE_LIMIT = 500;

/** Active first, newest start first; then the ended ones, most recently ended first. */
export function compareLocations(a: Location, b: Location): number {
  if (a.isActive !== b.isActive) return a.isActive ? -1 : 1;
  if (a.isActive) return (b.startTime ?? -Infinity) - (a.startTime ?? -Infinity) || compareIds(a, b);
  return (
    (b.endTime ?? b.startTime ?? -Infinity) - (a.endTime ?? a.startTime ?? -Infinity) ||
    (b.startTime ?? -Infinity) - (a.startTime ?? -Infinity) ||
    compareIds(a, b)
  );
}

function compareIds(a: Location, b: Location): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export const LOCATION_TIME_FILTERS = ['activeOnly', 'today', 'last24Hours', 'all'] as const;
export type LocationTimeFilter = (typeof LOCATION_TIME_FILTERS)[number];
export const DEFAULT_LOCATION_TIME_FILTER: LocationTimeFilter = 'last24Hours';

export const LOCATION_TIME_FILTER_LABELS: Readonly<Record<LocationTimeFilter, string>> = {
  activeOnly: 'Active Only',
  today: 'Today',
  last24Hours: '24 hrs',
  all: 'All Recent',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a location shows under a time filter. Active locations show under every filter; an ended one shows when
 * it was still going at some point inside the window (it ended inside it).
 * `startOfToday` is local midnight, worked out where the time zone is known.
 */
export function isInTimeFilter(
  location: Location,
  filter: LocationTimeFilter,
  now: number,
  startOfToday: number,
): boolean {
  if (location.isActive) return true;
  const lastSeen = location.endTime ?? location.startTime;
  switch (filter) {
    case 'activeOnly':
      return false;
    case 'today':
      return lastSeen !== null && lastSeen >= startOfToday;
    case 'last24Hours':
      return lastSeen !== null && lastSeen >= now - DAY_MS;
    case 'all':
      return true;
    default:
      return assertNever(filter);
  }
}

/** The locations beyond the cap, to be trimmed: the oldest, those last in list order. */
export function locationsOverCap(locations: Iterable<Location>, cap: number): Location[] {
  const ordered = [...locations].sort(compareLocations);
  return ordered.slice(Math.max(0, cap));
}
