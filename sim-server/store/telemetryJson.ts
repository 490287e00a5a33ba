// A telemetry row's JSON and the fields a sealed block keeps of it (issue 36). A block stores a sample's fields as
// columns and gives its row back as the JSON those fields make (`telemetryJson`: what `eventStore.ts` writes for a
// `TelemetryRecord` through JSON.stringify, spelled out field by field); a row whose JSON differs by a byte keeps it
// raw in the block. The trip store decides that once per sample as it takes it, never at sealing: live from the
// record object (`writesAsFields`, no string built), on opening from the row's text (`sampleFieldsOfRow`).
import type { TelemetryRecord } from './events.ts';

/** A number as JSON.stringify writes it (the same digits as String; not finite: null). */
const jsonNumber = (value: number): string => (Number.isFinite(value) ? String(value) : 'null');

/** The fields of a telemetry row besides its envelope, as a block keeps them. */
export type SampleFields = {
  at: number;
  lat: number;
  lng: number;
  speed: number;
  course: number;
  accuracy: number;
  enroute: boolean;
  street: string | null;
};

/** The row's JSON as the fields give it back (equal to JSON.stringify of the TelemetryRecord the ingestor builds). */
export function telemetryJson(f: SampleFields): string {
  return (
    `{"time":"${isoTime(f.at)}","lat":${jsonNumber(f.lat)}` +
    `,"lng":${jsonNumber(f.lng)},"speed":${jsonNumber(f.speed)}` +
    `,"course":${jsonNumber(f.course)},"accuracy":${jsonNumber(f.accuracy)}` +
    `,"enroute":${f.enroute},"street":${f.street === null ? 'null' : JSON.stringify(f.street)}}`
  );
}

const RECORD_KEYS = ['time', 'lat', 'lng', 'speed', 'course', 'accuracy', 'enroute', 'street'];
const finite = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value);

/** One ISO string remembered: a batch's samples mostly share their second, and so do the rows of a read in log
 * order. */
let lastIso = { at: Number.NaN, iso: '' };
export function isoTime(at: number): string {
  if (lastIso.at !== at) lastIso = { at, iso: new Date(at).toISOString() };
  return lastIso.iso;
}

/**
 * Whether JSON.stringify(record) (what the log row holds) equals `telemetryJson` of its fields, without building
 * either string: its own keys in the record's order and nothing else, finite numbers (JSON writes numbers the way
 * String does), a boolean, a string or null, and `time` as toISOString writes the moment `at` it parses to.
 */
export function writesAsFields(record: TelemetryRecord, at: number): boolean {
  // for...in rather than Object.keys (no array per sample); it also lists inherited keys, which only makes a
  // record with any of them count as another form (kept raw: exact either way).
  let count = 0;
  for (const key in record) {
    if (key !== RECORD_KEYS[count]) return false;
    count += 1;
  }
  if (count !== RECORD_KEYS.length) return false;
  const { lat, lng, speed, course, accuracy, enroute, street } = record;
  return (
    finite(lat) &&
    finite(lng) &&
    finite(speed) &&
    finite(course) &&
    finite(accuracy) &&
    typeof enroute === 'boolean' &&
    (street === null || typeof street === 'string') &&
    record.time === isoTime(at)
  );
}

/** The fields of a stored row's JSON as a full parse gives them, and the JSON itself when they do not give it back. */
export function sampleFieldsOfRow(data: string): { fields: SampleFields; raw: string | null } {
  const parsed = JSON.parse(data) as Partial<Record<keyof TelemetryRecord, unknown>>;
  const fields: SampleFields = {
    at: Date.parse(String(parsed.time)),
    lat: Number(parsed.lat),
    lng: Number(parsed.lng),
    speed: Number(parsed.speed),
    course: Number(parsed.course),
    accuracy: typeof parsed.accuracy === 'number' ? parsed.accuracy : 0,
    enroute: Boolean(parsed.enroute),
    street: typeof parsed.street === 'string' ? parsed.street : null,
  };
  return { fields, raw: telemetryJson(fields) === data ? null : data };
}
