// A device telemetry sample as it enters the simulator: from the replay, a load generator or
// `POST /api/sim/telemetry`. The route validates the body with `telemetryBatchSchema`; `checkSample` holds the
// same rules for callers inside the process, so a bad sample never reaches the log whichever way it came.
import { DEVICE_TYPES, type DeviceType } from '#domain/things/thing';

export const TELEMETRY_KINDS = ['point', 'heartbeat'] as const;
export type TelemetryKind = (typeof TELEMETRY_KINDS)[number];

export type TelemetrySample = {
  /** The device's system identifier. */
  device_id: string;
  device_type: DeviceType;
  kind: TelemetryKind;
  /** ISO 8601 time the device took the sample. */
  time: string;
  lat: number;
  lng: number;
  /** Metres per second. */
  speed: number;
  /** Degrees clockwise from north. */
  course: number;
  /** Metres. */
  accuracy: number;
  enroute: boolean;
  street?: string | null;
};

export const MAX_SAMPLES_PER_BATCH = 50_000;

export const telemetrySampleSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'device_id',
    'device_type',
    'kind',
    'time',
    'lat',
    'lng',
    'speed',
    'course',
    'accuracy',
    'enroute',
  ],
  properties: {
    device_id: { type: 'string', minLength: 1, maxLength: 200 },
    device_type: { type: 'string', enum: [...DEVICE_TYPES] },
    kind: { type: 'string', enum: [...TELEMETRY_KINDS] },
    time: { type: 'string', format: 'date-time' },
    lat: { type: 'number', minimum: -90, maximum: 90 },
    lng: { type: 'number', minimum: -180, maximum: 180 },
    speed: { type: 'number', minimum: 0 },
    course: { type: 'number', minimum: 0, maximum: 360 },
    accuracy: { type: 'number', minimum: 0 },
    enroute: { type: 'boolean' },
    street: { type: ['string', 'null'], maxLength: 200 },
  },
} as const;

export const telemetryBatchSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['samples'],
  properties: { samples: { type: 'array', maxItems: MAX_SAMPLES_PER_BATCH, items: telemetrySampleSchema } },
} as const;

export class TelemetryRejected extends Error {}

const deviceTypes: ReadonlySet<string> = new Set(DEVICE_TYPES);
const kinds: ReadonlySet<string> = new Set(TELEMETRY_KINDS);

function within(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
}

/** The reason the sample is not acceptable, or null when it is. */
export function checkSample(sample: TelemetrySample): string | null {
  if (typeof sample.device_id !== 'string' || sample.device_id.length === 0) return 'device_id is required';
  if (!deviceTypes.has(sample.device_type)) return `device_type must be one of ${DEVICE_TYPES.join(', ')}`;
  if (!kinds.has(sample.kind)) return 'kind must be point or heartbeat';
  if (typeof sample.time !== 'string' || Number.isNaN(Date.parse(sample.time)))
    return 'time must be an ISO 8601 time';
  if (!within(sample.lat, -90, 90)) return 'lat must be between -90 and 90';
  if (!within(sample.lng, -180, 180)) return 'lng must be between -180 and 180';
  if (!within(sample.speed, 0, Number.MAX_VALUE)) return 'speed must be a number of at least 0';
  if (!within(sample.course, 0, 360)) return 'course must be between 0 and 360';
  if (!within(sample.accuracy, 0, Number.MAX_VALUE)) return 'accuracy must be a number of at least 0';
  if (typeof sample.enroute !== 'boolean') return 'enroute must be true or false';
  if (sample.street !== undefined && sample.street !== null && typeof sample.street !== 'string') {
    return 'street must be a string';
  }
  return null;
}
