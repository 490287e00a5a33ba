// The compact form of a picture checkpoint (issue 36 item 3; pictureCheckpoints.ts): thing_states at one log
// position as one blob instead of a row per thing. Engine-neutral: bytes in, bytes out, no SQL. A checkpoint is
// either whole (every thing) or the changes since its base, the checkpoint before it (the things whose state
// differs, each field written against the base's, and the things gone). Layout (docs/telemetry.md "Picture
// checkpoints"), a varint stream, deflated:
//   version, kind (0 whole, 1 changes), count, gone count, gone keys, strings (streets and run ids not in the base),
//   then per listed thing in thing_key order the columns key (deltas), flags (which numbers are null, en route),
//   lat, lng, speed, course, accuracy (scaled integers minus the base's value, or the previous thing's in a whole
//   one; raw float64 when no power of ten holds a column exactly), updated_at (against the checkpoint's moment),
//   heartbeat_at (against updated_at), street and run id (0 null, 1 the base's, else a string).
// Decoding gives back every column exactly: a number is written scaled only when scaled / 10^digits is that number.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { ByteReader, ByteWriter, FLOAT, scaleOf } from './varintBytes.ts';

/** One thing's row of thing_states as a checkpoint keeps it. */
export type CheckpointRow = {
  thingKey: number;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  course: number | null;
  accuracy: number | null;
  enroute: boolean;
  street: string | null;
  heartbeatAt: number | null;
  runId: string | null;
  updatedAt: number;
};

/** A decoded checkpoint: every thing's row in thing_key order, and by key. */
export type CheckpointPicture = {
  rows: CheckpointRow[];
  byKey: Map<number, CheckpointRow>;
};

const VERSION = 1;
const WHOLE = 0;
const CHANGES = 1;
/** The nullable numbers, in flag-bit order; then en route's bit. */
const NULLABLE = ['lat', 'lng', 'speed', 'course', 'accuracy', 'heartbeatAt'] as const;
const MEASURED = ['lat', 'lng', 'speed', 'course', 'accuracy'] as const;
const ENROUTE_BIT = 1 << NULLABLE.length;
const NULL_STRING = 0;
const BASE_STRING = 1;
const FIRST_STRING = 2;
const SAFE = 2 ** 52;

export function pictureOf(rows: CheckpointRow[]): CheckpointPicture {
  return { rows, byKey: new Map(rows.map((row) => [row.thingKey, row])) };
}

const sameRow = (a: CheckpointRow, b: CheckpointRow): boolean =>
  Object.is(a.lat, b.lat) &&
  Object.is(a.lng, b.lng) &&
  Object.is(a.speed, b.speed) &&
  Object.is(a.course, b.course) &&
  Object.is(a.accuracy, b.accuracy) &&
  a.enroute === b.enroute &&
  a.street === b.street &&
  Object.is(a.heartbeatAt, b.heartbeatAt) &&
  a.runId === b.runId &&
  Object.is(a.updatedAt, b.updatedAt);

/** The integer a reference value stands for at `factor`, or null when it is too large to subtract safely. */
function scaledReference(value: number | null | undefined, factor: number): number | null {
  if (value === null || value === undefined) return null;
  const scaled = Math.round(value * factor);
  return Number.isFinite(scaled) && Math.abs(scaled) < SAFE ? scaled : null;
}

/**
 * One column of numbers, each written against its reference (`referenceOf(i)`: the base's value, the checkpoint's
 * moment, ...) or, without one, against the previous number of the column. Nulls are not written (the flags say).
 */
function writeNumbers(
  out: ByteWriter,
  values: (number | null)[],
  referenceOf: (i: number) => number | null | undefined,
) {
  const present = Float64Array.from(values.filter((value): value is number => value !== null));
  const digits = scaleOf(present);
  out.uint(digits);
  const factor = 10 ** digits;
  let previous = 0;
  values.forEach((value, i) => {
    if (value === null) return;
    if (digits === FLOAT) return out.float(value);
    const scaled = Math.round(value * factor);
    out.int(scaled - (scaledReference(referenceOf(i), factor) ?? previous));
    previous = scaled;
  });
}

function readNumbers(
  input: ByteReader,
  isNull: (i: number) => boolean,
  count: number,
  referenceOf: (i: number) => number | null | undefined,
): (number | null)[] {
  const digits = input.uint();
  const factor = 10 ** digits;
  let previous = 0;
  return Array.from({ length: count }, (_, i) => {
    if (isNull(i)) return null;
    if (digits === FLOAT) return input.float();
    const scaled = input.int() + (scaledReference(referenceOf(i), factor) ?? previous);
    previous = scaled;
    return scaled / factor;
  });
}

/**
 * The blob of `rows` (thing_key ascending) at the moment `takenAt`: the changes since `base` when one is given,
 * else every row.
 */
export function encodeCheckpoint(
  rows: readonly CheckpointRow[],
  takenAt: number,
  base: CheckpointPicture | null,
) {
  const listed = base
    ? rows.filter((row) => {
        const before = base.byKey.get(row.thingKey);
        return !before || !sameRow(before, row);
      })
    : [...rows];
  const present = new Set(rows.map((row) => row.thingKey));
  const gone = base ? base.rows.filter((row) => !present.has(row.thingKey)).map((row) => row.thingKey) : [];
  const before = listed.map((row) => base?.byKey.get(row.thingKey));

  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  const code = (value: string | null, baseValue: string | null | undefined) => {
    if (value === null) return NULL_STRING;
    if (value === baseValue) return BASE_STRING;
    let index = indexOf.get(value);
    if (index === undefined) {
      index = strings.length;
      strings.push(value);
      indexOf.set(value, index);
    }
    return FIRST_STRING + index;
  };
  const streets = listed.map((row, i) => code(row.street, before[i]?.street));
  const runs = listed.map((row, i) => code(row.runId, before[i]?.runId));

  const out = new ByteWriter();
  out.uint(VERSION);
  out.uint(base ? CHANGES : WHOLE);
  out.uint(listed.length);
  out.uint(gone.length);
  let previousKey = 0;
  for (const key of gone) {
    out.uint(key - previousKey);
    previousKey = key;
  }
  out.uint(strings.length);
  for (const value of strings) out.text(value);
  previousKey = 0;
  for (const row of listed) {
    out.uint(row.thingKey - previousKey);
    previousKey = row.thingKey;
  }
  for (const row of listed) {
    let flags = row.enroute ? ENROUTE_BIT : 0;
    NULLABLE.forEach((field, bit) => {
      if (row[field] === null) flags |= 1 << bit;
    });
    out.uint(flags);
  }
  for (const field of MEASURED)
    writeNumbers(
      out,
      listed.map((row) => row[field]),
      (i) => before[i]?.[field],
    );
  writeNumbers(
    out,
    listed.map((row) => row.updatedAt),
    () => takenAt,
  );
  writeNumbers(
    out,
    listed.map((row) => row.heartbeatAt),
    (i) => listed[i]?.updatedAt,
  );
  for (const value of [...streets, ...runs]) out.uint(value);
  return deflateRawSync(out.done());
}

/** The checkpoint the blob stands for; `base` is its base's decoded picture when the blob holds changes. */
export function decodeCheckpoint(
  blob: Uint8Array,
  takenAt: number,
  base: CheckpointPicture | null,
): CheckpointPicture {
  const input = new ByteReader(inflateRawSync(blob));
  const version = input.uint();
  if (version !== VERSION) throw new Error(`Picture checkpoint version ${version} is not known`);
  const kind = input.uint();
  if (kind === CHANGES && base === null) throw new Error('A picture checkpoint of changes needs its base');
  const reference = kind === CHANGES ? base : null;
  const count = input.uint();
  const gone = new Set<number>();
  let key = 0;
  for (let left = input.uint(); left > 0; left -= 1) gone.add((key += input.uint()));
  const strings = Array.from({ length: input.uint() }, () => input.text());
  key = 0;
  const keys = Array.from({ length: count }, () => (key += input.uint()));
  const before = keys.map((thingKey) => reference?.byKey.get(thingKey));
  const flags = keys.map(() => input.uint());
  const isNullAt = (bit: number) => (i: number) => ((flags[i] ?? 0) & (1 << bit)) !== 0;
  const measured = MEASURED.map((field, bit) =>
    readNumbers(input, isNullAt(bit), count, (i) => before[i]?.[field]),
  );
  const updatedAt = readNumbers(
    input,
    () => false,
    count,
    () => takenAt,
  );
  const heartbeatAt = readNumbers(
    input,
    isNullAt(NULLABLE.indexOf('heartbeatAt')),
    count,
    (i) => updatedAt[i],
  );
  const stringOf = (value: number, baseValue: string | null | undefined): string | null =>
    value === NULL_STRING
      ? null
      : value === BASE_STRING
        ? (baseValue ?? null)
        : (strings[value - FIRST_STRING] ?? null);
  const streets = keys.map((_, i) => stringOf(input.uint(), before[i]?.street));
  const runs = keys.map((_, i) => stringOf(input.uint(), before[i]?.runId));

  const byKey = new Map<number, CheckpointRow>();
  for (const row of reference?.rows ?? []) if (!gone.has(row.thingKey)) byKey.set(row.thingKey, row);
  keys.forEach((thingKey, i) => {
    const [lat, lng, speed, course, accuracy] = measured.map((column) => column[i] ?? null);
    byKey.set(thingKey, {
      thingKey,
      lat: lat ?? null,
      lng: lng ?? null,
      speed: speed ?? null,
      course: course ?? null,
      accuracy: accuracy ?? null,
      enroute: ((flags[i] ?? 0) & ENROUTE_BIT) !== 0,
      street: streets[i] ?? null,
      heartbeatAt: heartbeatAt[i] ?? null,
      runId: runs[i] ?? null,
      updatedAt: updatedAt[i] ?? 0,
    });
  });
  const rows = [...byKey.values()].sort((a, b) => a.thingKey - b.thingKey);
  return { rows, byKey: new Map(rows.map((row) => [row.thingKey, row])) };
}
