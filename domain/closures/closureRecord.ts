// A closure record exactly as the simulator writes it (live §3 "Closure"): what `GET /api/organization/closure`
// lists, what a save answers and the cable's `closure` message carries, and what a `ClosureSaved` event holds. The
// dashboard reads the provider's records leniently (closure.ts); this strict form is where the simulator's response
// schemas and types come from. Then the save body (live §7 "Closure save body") with its field rules (live §5
// "Closure"); the rules that need the time, the organization or other fields are in closureRules.ts.
import * as v from 'valibot';
import { isValidLatitude, isValidLongitude } from '#domain/units/coordinates';
import { CLOSURE_DIRECTIONS, CLOSURE_TYPES } from './closure.ts';

/** The save body's field limits (live §5 "Closure"); the form counts against the same numbers. */
export const DESCRIPTION_MAX_LENGTH = 100;
export const ALERT_MESSAGE_MAX_LENGTH = 40;
export const WZDX_ID_MAX_LENGTH = 100;
export const ALERT_MESSAGE_TOO_LONG = '40 Max Characters';

const RoutePointRecordSchema = v.object({ lat: v.number(), lng: v.number() });
export type RoutePointRecord = v.InferOutput<typeof RoutePointRecordSchema>;

export const ClosureThingRecordSchema = v.object({
  id: v.string(),
  nickname: v.nullable(v.string()),
  heartbeat_datetime: v.nullable(v.string()),
  system_identifier: v.string(),
  registry_number: v.nullable(v.string()),
  vin_number: v.nullable(v.string()),
  license_plate_number: v.nullable(v.string()),
});
export type ClosureThingRecord = v.InferOutput<typeof ClosureThingRecordSchema>;

export const ClosureOrganizationRefSchema = v.object({
  id: v.string(),
  name: v.string(),
  organization_type: v.string(),
});
export type ClosureOrganizationRef = v.InferOutput<typeof ClosureOrganizationRefSchema>;

export const ClosureRecordSchema = v.object({
  id: v.string(),
  uuid: v.string(),
  closure_type: v.picklist(CLOSURE_TYPES),
  is_active: v.boolean(),
  is_in_service: v.boolean(),
  description: v.string(),
  alert_message: v.nullable(v.string()),
  direction: v.string(),
  impacted_lanes: v.array(v.pipe(v.number(), v.integer())),
  street_start: v.nullable(v.string()),
  street_end: v.nullable(v.string()),
  external_id: v.nullable(v.string()),
  geocoded_route: v.array(RoutePointRecordSchema),
  calculated_route: v.array(RoutePointRecordSchema),
  user_route: v.array(RoutePointRecordSchema),
  start_time: v.nullable(v.string()),
  end_time: v.nullable(v.string()),
  last_start_time: v.nullable(v.string()),
  activation_time: v.nullable(v.string()),
  is_wzdx_compliant: v.boolean(),
  is_dashboard_managed: v.boolean(),
  location_method: v.nullable(v.string()),
  vehicle_impact: v.nullable(v.string()),
  group_id: v.nullable(v.string()),
  organization: ClosureOrganizationRefSchema,
  thing: v.nullable(ClosureThingRecordSchema),
  thing_id: v.nullable(v.string()),
  things_associated: v.array(v.string()),
});
export type ClosureRecord = v.InferOutput<typeof ClosureRecordSchema>;

export const ClosureListSchema = v.array(ClosureRecordSchema);

/** What a delete answers. */
export const ClosureDeletedAnswerSchema = v.object({ id: v.string(), external_id: v.nullable(v.string()) });

// ---------------------------------------------------------------------------------------------
// The save body: the whole form (`POST`, `PUT`) or the list's quick Activate/Deactivate (`PUT` with only the id,
// `is_active` and `end_time`). Only `is_active` is always required; the whole form's required fields are checked by
// the save rules, since the quick switch leaves them out.

const ROUTE_POINT_PROBLEM = 'needs lat -90..90 and lng -180..180';
const ISO_TIME_PROBLEM = 'must be an ISO 8601 time';

const RoutePointWriteSchema = v.pipe(
  v.object({ lat: v.number(), lng: v.optional(v.number()), lon: v.optional(v.number()) }),
  v.check((point) => {
    const lng = point.lng ?? point.lon;
    return isValidLatitude(point.lat) && lng !== undefined && isValidLongitude(lng);
  }, ROUTE_POINT_PROBLEM),
);
export type RoutePointWrite = v.InferOutput<typeof RoutePointWriteSchema>;

const routeWrite = v.optional(v.nullable(v.pipe(v.array(RoutePointWriteSchema), v.maxLength(5000))));

const isoTimeWrite = v.optional(
  v.nullable(
    v.pipe(
      v.string(),
      v.maxLength(40, ISO_TIME_PROBLEM),
      v.check((time) => time === '' || !Number.isNaN(Date.parse(time)), ISO_TIME_PROBLEM),
    ),
  ),
);

const optionalText = (maxLength: number) =>
  v.optional(v.nullable(v.pipe(v.string(), v.maxLength(maxLength))));

export const ClosureSaveSchema = v.looseObject({
  /** The id to create under; null, empty or absent lets the simulator make one. */
  uuid: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
  id: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
  is_dashboard_managed: v.optional(v.boolean()),
  is_in_service: v.optional(v.boolean()),
  closure_type: v.optional(v.picklist(CLOSURE_TYPES, 'must be manual, automated or feed')),
  thing_id: optionalText(100),
  description: v.optional(
    v.pipe(
      v.string(),
      v.check((text) => text.trim() !== '', 'is required'),
      v.maxLength(DESCRIPTION_MAX_LENGTH, `at most ${DESCRIPTION_MAX_LENGTH} characters`),
    ),
  ),
  alert_message: v.optional(
    v.nullable(v.pipe(v.string(), v.maxLength(ALERT_MESSAGE_MAX_LENGTH, ALERT_MESSAGE_TOO_LONG))),
  ),
  direction: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.check(
          (direction) => direction === '' || (CLOSURE_DIRECTIONS as readonly string[]).includes(direction),
          'must be N, E, S or W',
        ),
      ),
    ),
  ),
  impacted_lanes: v.optional(
    v.pipe(
      v.array(
        v.pipe(
          v.number(),
          v.integer('lanes are 1 to 9'),
          v.minValue(1, 'lanes are 1 to 9'),
          v.maxValue(9, 'lanes are 1 to 9'),
        ),
      ),
      v.maxLength(9, 'each lane once'),
      v.check((lanes) => new Set(lanes).size === lanes.length, 'each lane once'),
    ),
  ),
  geocoded_route: routeWrite,
  calculated_route: routeWrite,
  user_route: routeWrite,
  street_start: optionalText(300),
  street_end: optionalText(300),
  is_active: v.boolean(),
  start_time: isoTimeWrite,
  end_time: isoTimeWrite,
  is_wzdx_compliant: v.optional(v.boolean()),
  external_id: v.optional(
    v.nullable(
      v.pipe(v.string(), v.maxLength(WZDX_ID_MAX_LENGTH, `at most ${WZDX_ID_MAX_LENGTH} characters`)),
    ),
  ),
  location_method: optionalText(100),
  vehicle_impact: optionalText(100),
  group_id: optionalText(100),
});
export type ClosureSave = v.InferOutput<typeof ClosureSaveSchema>;
