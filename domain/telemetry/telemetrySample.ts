// A device telemetry sample as the simulator takes it (`POST /api/sim/telemetry`, a recording line, the replay):
// the one definition of its shape and field rules. The simulator's route schema and OpenAPI entry are generated from
// it, and the same parse guards samples made inside the process, so a bad sample never reaches the event log.
import * as v from 'valibot';
import { DEVICE_TYPES } from '../things/thing.ts';

export const TELEMETRY_KINDS = ['point', 'heartbeat'] as const;
export type TelemetryKind = (typeof TELEMETRY_KINDS)[number];

export const MAX_SAMPLES_PER_BATCH = 50_000;

/** A finite number within [min, max]; the message names the field, as the recording check reports it. */
function boundedNumber(message: string, min: number, max = Number.MAX_VALUE) {
  return v.pipe(v.number(message), v.finite(message), v.minValue(min, message), v.maxValue(max, message));
}

export const TelemetrySampleSchema = v.strictObject({
  /** The device's system identifier. */
  device_id: v.pipe(
    v.string('device_id is required'),
    v.minLength(1, 'device_id is required'),
    v.maxLength(200, 'device_id must be 200 or fewer characters'),
  ),
  device_type: v.picklist(DEVICE_TYPES, `device_type must be one of ${DEVICE_TYPES.join(', ')}`),
  kind: v.picklist(TELEMETRY_KINDS, 'kind must be point or heartbeat'),
  /** ISO 8601 time the device took the sample. */
  time: v.pipe(
    v.string('time must be an ISO 8601 time'),
    v.check((time) => !Number.isNaN(Date.parse(time)), 'time must be an ISO 8601 time'),
  ),
  lat: boundedNumber('lat must be between -90 and 90', -90, 90),
  lng: boundedNumber('lng must be between -180 and 180', -180, 180),
  /** Metres per second. */
  speed: boundedNumber('speed must be a number of at least 0', 0),
  /** Degrees clockwise from north. */
  course: boundedNumber('course must be between 0 and 360', 0, 360),
  /** Metres. */
  accuracy: boundedNumber('accuracy must be a number of at least 0', 0),
  enroute: v.boolean('enroute must be true or false'),
  street: v.optional(
    v.nullable(
      v.pipe(v.string('street must be a string'), v.maxLength(200, 'street must be 200 or fewer characters')),
    ),
  ),
});
export type TelemetrySample = v.InferOutput<typeof TelemetrySampleSchema>;

export const TelemetryBatchSchema = v.strictObject({
  samples: v.pipe(
    v.array(TelemetrySampleSchema, 'samples must be a list'),
    v.maxLength(MAX_SAMPLES_PER_BATCH, `samples: at most ${MAX_SAMPLES_PER_BATCH} per batch`),
  ),
});
export type TelemetryBatch = v.InferOutput<typeof TelemetryBatchSchema>;

export const IngestResultSchema = v.object({
  accepted: v.pipe(v.number(), v.integer()),
  unknown: v.pipe(v.number(), v.integer()),
});
export type IngestResult = v.InferOutput<typeof IngestResultSchema>;

/** The first reason the sample is not acceptable, or null when it is. */
export function telemetrySampleProblem(sample: unknown): string | null {
  // The common case, a good sample, is checked without building issues or a config.
  if (v.is(TelemetrySampleSchema, sample)) return null;
  const result = v.safeParse(TelemetrySampleSchema, sample, { abortEarly: true });
  return result.success ? null : (result.issues[0]?.message ?? 'not a telemetry sample');
}
