// A trip and a coverage record exactly as the simulator writes them (access §3 "Trip", "Coverage"; §7 "Trips and
// coverage"): what `GET /things/{id}/trips` and `GET /things/coverage/` answer, and the queries they take. The
// dashboard reads the provider's answers leniently (trip.ts); the simulator's response schemas and OpenAPI entries
// are generated from these definitions. Times are ISO 8601; speeds metres per second; courses degrees from north.
import * as v from 'valibot';
import { RequestIdSchema, TimeQueryTextSchema } from '#domain/wire/requestParts';

// ---------------------------------------------------------------------------------------------
// Queries

/** `start_time`, `end_time` (ISO 8601 or unix ms); `run_date` is the start time again, as the dashboard sends it. */
export const TripsQuerySchema = v.object({
  start_time: TimeQueryTextSchema,
  end_time: TimeQueryTextSchema,
  run_date: v.optional(TimeQueryTextSchema),
});
export type TripsQuery = v.InferOutput<typeof TripsQuerySchema>;

export const MAX_COVERAGE_THINGS = 100;

const thingIdList = v.pipe(
  v.union([RequestIdSchema, v.array(RequestIdSchema)]),
  v.transform((value) => (Array.isArray(value) ? value : [value])),
  v.minLength(1, 'name at least 1 asset'),
  v.maxLength(MAX_COVERAGE_THINGS, `at most ${MAX_COVERAGE_THINGS} assets`),
);

/** `thing_ids[]=a&thing_ids[]=b` (repeated); one value is a list of one. */
export const CoverageQuerySchema = v.object({ 'thing_ids[]': thingIdList });
export type CoverageQuery = v.InferOutput<typeof CoverageQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export const TripPointRecordSchema = v.object({
  lat: v.number(),
  lng: v.number(),
  course: v.number(),
  speed: v.number(),
  timestamp: v.string(),
});
export type TripPointRecord = v.InferOutput<typeof TripPointRecordSchema>;

/**
 * One run within the asked range: its id is the live run id (the log position of the run's first en-route sample,
 * live §4), so a run reads the same in adjacent ranges; start, end and points are the part inside the range.
 */
export const TripRunRecordSchema = v.object({
  run_id: v.string(),
  run_start: v.string(),
  run_end: v.string(),
  /** Seconds from run_start to run_end. */
  run_duration: v.number(),
  /** The run is still the asset's current one. */
  is_active: v.boolean(),
  points: v.array(TripPointRecordSchema),
});
export type TripRunRecord = v.InferOutput<typeof TripRunRecordSchema>;

export const TripRecordSchema = v.object({
  thing_id: v.string(),
  runs: v.array(TripRunRecordSchema),
});
export type TripRecord = v.InferOutput<typeof TripRecordSchema>;

/** What the simulator holds of an asset's telemetry: the first and latest sample times, null when none. */
export const CoverageRecordSchema = v.object({
  thing_id: v.string(),
  first_time: v.nullable(v.string()),
  last_time: v.nullable(v.string()),
});
export type CoverageRecord = v.InferOutput<typeof CoverageRecordSchema>;

export const CoverageListSchema = v.array(CoverageRecordSchema);
