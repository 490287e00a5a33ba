// An area (exclusion zone, point of interest, station) and an area type exactly as the simulator writes them (live
// §3 "Area"): what `GET /api/organization/exclusion_zone` and `GET /api/ez_types` list, what a save answers and an
// `AreaSaved` event holds. The dashboard reads the provider's records leniently (area.ts); this strict form is where
// the simulator's response schemas and types come from. Then the save body with its field rules (live §5 "Area");
// the rules across fields (address, position) and the shape's verdict are in areaRules.ts.
import * as v from 'valibot';
import { isValidLatitude, isValidLongitude } from '#domain/units/coordinates';

/** The save body's name limit (live §5 "Area"); the form counts against the same number. */
export const AREA_NAME_MAX_LENGTH = 100;
export const AREA_NAME_TOO_LONG = '100 Max Characters';

export const AreaTypeRecordSchema = v.object({
  id: v.string(),
  db_name: v.string(),
  display_name: v.string(),
  is_station_view: v.boolean(),
  is_av_type: v.boolean(),
});
export type AreaTypeRecord = v.InferOutput<typeof AreaTypeRecordSchema>;

const AreaPointRecordSchema = v.object({ lat: v.number(), lon: v.number() });
export type AreaPointRecord = v.InferOutput<typeof AreaPointRecordSchema>;

export const AreaRecordSchema = v.object({
  id: v.string(),
  organization_id: v.string(),
  organization_name: v.string(),
  thing_id: v.nullable(v.string()),
  name: v.string(),
  desc: v.nullable(v.string()),
  lat: v.nullable(v.number()),
  lng: v.nullable(v.number()),
  /** Metres. */
  radius_dist: v.number(),
  is_active: v.boolean(),
  area_geom: v.nullable(v.array(AreaPointRecordSchema)),
  point_geom: v.nullable(AreaPointRecordSchema),
  ez_type: AreaTypeRecordSchema,
  address1: v.nullable(v.string()),
  address2: v.nullable(v.string()),
  city: v.nullable(v.string()),
  state: v.nullable(v.string()),
  postal_code: v.nullable(v.string()),
  country_code: v.nullable(v.string()),
});
export type AreaRecord = v.InferOutput<typeof AreaRecordSchema>;

export const AreaListSchema = v.array(AreaRecordSchema);

// ---------------------------------------------------------------------------------------------
// The save body (`POST`, `PUT /api/organization/exclusion_zone`).

const POINT_PROBLEM = 'needs lat -90..90 and lon -180..180';

const AreaPointWriteSchema = v.pipe(
  v.object({ lat: v.number(), lon: v.optional(v.number()), lng: v.optional(v.number()) }),
  v.check((point) => {
    const lng = point.lon ?? point.lng;
    return isValidLatitude(point.lat) && lng !== undefined && isValidLongitude(lng);
  }, POINT_PROBLEM),
);
export type AreaPointWrite = v.InferOutput<typeof AreaPointWriteSchema>;

const optionalText = (maxLength: number) =>
  v.optional(v.nullable(v.pipe(v.string(), v.maxLength(maxLength))));

export const AreaSaveSchema = v.object({
  id: v.optional(v.union([v.string(), v.pipe(v.number(), v.integer())])),
  organization_id: v.optional(v.pipe(v.string(), v.maxLength(100))),
  name: v.pipe(
    v.string(),
    v.check((name) => name.trim() !== '', 'is required'),
    v.maxLength(AREA_NAME_MAX_LENGTH, AREA_NAME_TOO_LONG),
  ),
  desc: optionalText(2000),
  ez_type_id: v.nullable(
    v.pipe(
      v.union([v.string(), v.pipe(v.number(), v.integer())]),
      v.check((id) => id !== '', 'is required'),
    ),
    // Null is refused by the rules with the form's text.
  ),
  area_geom: v.optional(v.nullable(v.pipe(v.array(AreaPointWriteSchema), v.maxLength(1000)))),
  point_geom: v.optional(v.nullable(AreaPointWriteSchema)),
  address1: optionalText(200),
  address2: optionalText(200),
  city: optionalText(200),
  state: optionalText(100),
  postal_code: optionalText(20),
  country_code: optionalText(10),
});
export type AreaSave = v.InferOutput<typeof AreaSaveSchema>;
