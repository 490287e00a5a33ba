// A location (an incident's record; docs/glossary.md) exactly as the simulator writes it (live §3 "Location"): what
// `GET /api/locations` lists, what `PUT /api/locations/{id}` answers and the cable's `location` message carries, and
// what a `LocationSaved` logged event holds. The dashboard reads the provider's records leniently (location.ts);
// this is the strict form the simulator's response schemas and types come from. Then the move a user may make
// (live §5).
import * as v from 'valibot';
import { isValidLatitude, isValidLongitude } from '#domain/units/coordinates';
import { LOCATION_FEATURE_TYPES } from './location.ts';

export const LocationThingRecordSchema = v.object({
  id: v.string(),
  external_id: v.nullable(v.string()),
  system_identifier: v.string(),
  nickname: v.nullable(v.string()),
  vin_number: v.nullable(v.string()),
  license_plate_number: v.nullable(v.string()),
  registry_number: v.nullable(v.string()),
  /** Seconds on scene. */
  runtime: v.number(),
  start_time: v.string(),
  end_time: v.nullable(v.string()),
});
export type LocationThingRecord = v.InferOutput<typeof LocationThingRecordSchema>;

const GeometryPointSchema = v.object({ lat: v.number(), lon: v.number(), radius: v.optional(v.number()) });

export const LocationFeatureRecordSchema = v.object({
  type: v.picklist(LOCATION_FEATURE_TYPES),
  geometry: v.union([GeometryPointSchema, v.array(v.object({ lat: v.number(), lon: v.number() }))]),
});
export type LocationFeatureRecord = v.InferOutput<typeof LocationFeatureRecordSchema>;

export const LocationRecordSchema = v.object({
  id: v.string(),
  organization_id: v.string(),
  external_id: v.nullable(v.string()),
  is_active: v.boolean(),
  lat: v.number(),
  lng: v.number(),
  street: v.nullable(v.string()),
  roadway_heading: v.nullable(v.number()),
  things_active: v.array(LocationThingRecordSchema),
  things_inactive: v.array(LocationThingRecordSchema),
  start_time: v.string(),
  end_time: v.nullable(v.string()),
  alt: v.nullable(v.number()),
  alert_message: v.nullable(v.string()),
  features: v.array(LocationFeatureRecordSchema),
});
export type LocationRecord = v.InferOutput<typeof LocationRecordSchema>;

export const LocationListSchema = v.array(LocationRecordSchema);

// ---------------------------------------------------------------------------------------------
// The move (`PUT /api/locations/{id}`): a position on the globe and a roadway heading in degrees.

export const LocationMoveSchema = v.object({
  lat: v.pipe(v.number(), v.check(isValidLatitude, 'must be between -90 and 90')),
  lng: v.pipe(v.number(), v.check(isValidLongitude, 'must be between -180 and 180')),
  roadway_heading: v.optional(
    v.nullable(
      v.pipe(
        v.number(),
        v.finite(),
        v.minValue(0, 'must be between 0 and 360'),
        v.maxValue(360, 'must be between 0 and 360'),
      ),
    ),
  ),
  organization_id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
});
export type LocationMove = v.InferOutput<typeof LocationMoveSchema>;

// ---------------------------------------------------------------------------------------------
// The creation (`POST /api/locations`, the dashboard's `events/new`): where the incident is, its roadway heading,
// the street it is named by, and optionally the dispatch system's id and a navigation-service message. The server
// gives the id and the start time; a created location is active and has no assets yet.

export const LOCATION_STREET_MAX_LENGTH = 100;
export const LOCATION_EXTERNAL_ID_MAX_LENGTH = 100;
export const LOCATION_ALERT_MESSAGE_MAX_LENGTH = 100;

export const LocationCreateSchema = v.object({
  ...LocationMoveSchema.entries,
  street: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'is required'),
    v.maxLength(LOCATION_STREET_MAX_LENGTH),
  ),
  external_id: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(LOCATION_EXTERNAL_ID_MAX_LENGTH)))),
  alert_message: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(LOCATION_ALERT_MESSAGE_MAX_LENGTH)))),
});
export type LocationCreate = v.InferOutput<typeof LocationCreateSchema>;
