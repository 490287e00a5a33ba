// The sealed form of one thing's telemetry (issue 36): a block holds every `PointRecorded` / `HeartbeatRecorded`
// row it replaced, field for field, so the log can be read back from it exactly (logReader.ts). Engine-neutral: one
// BLOB of bytes, no SQL inside. Layout (docs/telemetry.md "Sealed telemetry blocks"): a varint stream, deflated:
//   version, count, strings (stream id, organizations, streets), then per sample in log order the columns
//   seq, recorded_at, time (unix ms), lat, lng, speed, course, accuracy (each zig-zag deltas of scaled integers,
//   or raw float64 when no power of ten up to 10^9 holds a value exactly), flags (heartbeat, en route, raw, not in
//   log), organization and street as indexes into the strings; then the JSON of every sample flagged raw (a row
//   whose JSON the columns would not give back byte for byte is kept as it was).
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { EventRow } from './eventRow.ts';
import type { TelemetryRecord } from './events.ts';
import { ByteReader, ByteWriter, FLOAT, scaleOf } from './varintBytes.ts';

/** One sample to seal: its trip columns and the log row it came from (null: the row is gone, trips only). */
export type SealedSample = {
  at: number;
  seq: number;
  lat: number;
  lng: number;
  speed: number;
  course: number;
  enroute: boolean;
  row: Pick<EventRow, 'organization_id' | 'type' | 'data' | 'recorded_at'> | null;
};

/** A decoded block: columns by sample, in log order (seq ascending). */
export type TelemetryBlock = {
  streamId: string;
  length: number;
  seq: Float64Array;
  recordedAt: Float64Array;
  at: Float64Array;
  lat: Float64Array;
  lng: Float64Array;
  speed: Float64Array;
  course: Float64Array;
  accuracy: Float64Array;
  enroute: Uint8Array;
  flags: Uint8Array;
  organization: Uint32Array;
  street: Uint32Array;
  /** Index 0 is null (no organization, no street); 1 is the stream id. */
  strings: (string | null)[];
  raw: Map<number, string>;
};

const VERSION = 1;
const HEARTBEAT = 1;
const ENROUTE = 2;
const RAW = 4;
export const NOT_IN_LOG = 8;
function writeColumn(out: ByteWriter, values: Float64Array) {
  const digits = scaleOf(values);
  out.uint(digits);
  if (digits === FLOAT) {
    for (const value of values) out.float(value);
    return;
  }
  const factor = 10 ** digits;
  let previous = 0;
  for (const value of values) {
    const scaled = Math.round(value * factor);
    out.int(scaled - previous);
    previous = scaled;
  }
}

function readColumn(input: ByteReader, length: number): Float64Array {
  const values = new Float64Array(length);
  const digits = input.uint();
  if (digits === FLOAT) {
    for (let i = 0; i < length; i += 1) values[i] = input.float();
    return values;
  }
  const factor = 10 ** digits;
  let previous = 0;
  for (let i = 0; i < length; i += 1) {
    previous += input.int();
    values[i] = previous / factor;
  }
  return values;
}

/** A number as JSON.stringify writes it (the same digits as String; not finite: null). */
const jsonNumber = (value: number): string => (Number.isFinite(value) ? String(value) : 'null');

/** The row's JSON as the columns give it back: what `ingestion/telemetryIngestor.ts` writes, a TelemetryRecord
 * through JSON.stringify, spelled out field by field because sealing compares every row with it (a tenth of the
 * cost of building the object and stringifying it; telemetryBlock.test.ts holds the two equal). */
export function dataJson(at: number, block: Omit<TelemetryBlock, 'raw'>, i: number): string {
  const street = block.strings[block.street[i] ?? 0] ?? null;
  return (
    `{"time":"${new Date(at).toISOString()}","lat":${jsonNumber(block.lat[i] ?? 0)}` +
    `,"lng":${jsonNumber(block.lng[i] ?? 0)},"speed":${jsonNumber(block.speed[i] ?? 0)}` +
    `,"course":${jsonNumber(block.course[i] ?? 0)},"accuracy":${jsonNumber(block.accuracy[i] ?? 0)}` +
    `,"enroute":${((block.flags[i] ?? 0) & ENROUTE) !== 0},"street":${street === null ? 'null' : JSON.stringify(street)}}`
  );
}

/** The blob of `samples`, one thing's (`streamId`), sorted here into log order. */
export function encodeTelemetryBlock(streamId: string, unsorted: readonly SealedSample[]): Buffer {
  const samples = [...unsorted].sort((a, b) => a.seq - b.seq);
  const length = samples.length;
  const strings: (string | null)[] = [null, streamId];
  const indexOf = new Map<string, number>([[streamId, 1]]);
  const intern = (value: string | null) => {
    if (value === null) return 0;
    let index = indexOf.get(value);
    if (index === undefined) {
      index = strings.length;
      strings.push(value);
      indexOf.set(value, index);
    }
    return index;
  };
  const column = () => new Float64Array(length);
  const block: Omit<TelemetryBlock, 'raw'> = {
    streamId,
    length,
    seq: column(),
    recordedAt: column(),
    at: column(),
    lat: column(),
    lng: column(),
    speed: column(),
    course: column(),
    accuracy: column(),
    enroute: new Uint8Array(length),
    flags: new Uint8Array(length),
    organization: new Uint32Array(length),
    street: new Uint32Array(length),
    strings,
  };
  const raw: [number, string][] = [];
  samples.forEach((sample, i) => {
    block.seq[i] = sample.seq;
    block.at[i] = sample.at;
    block.lat[i] = sample.lat;
    block.lng[i] = sample.lng;
    block.speed[i] = sample.speed;
    block.course[i] = sample.course;
    let flags = sample.enroute ? ENROUTE : 0;
    const row = sample.row;
    if (row === null) {
      block.flags[i] = flags | NOT_IN_LOG;
      return;
    }
    const data = JSON.parse(row.data) as Partial<TelemetryRecord>;
    block.recordedAt[i] = row.recorded_at;
    block.accuracy[i] = typeof data.accuracy === 'number' ? data.accuracy : 0;
    block.organization[i] = intern(row.organization_id);
    block.street[i] = intern(typeof data.street === 'string' ? data.street : null);
    if (row.type === 'HeartbeatRecorded') flags |= HEARTBEAT;
    block.flags[i] = flags;
    if (dataJson(sample.at, block, i) !== row.data) {
      block.flags[i] = flags | RAW;
      raw.push([i, row.data]);
    }
  });
  const out = new ByteWriter();
  out.uint(VERSION);
  out.uint(length);
  out.uint(strings.length - 1);
  for (const value of strings.slice(1)) out.text(value ?? '');
  for (const values of [block.seq, block.recordedAt, block.at, block.lat, block.lng])
    writeColumn(out, values);
  for (const values of [block.speed, block.course, block.accuracy]) writeColumn(out, values);
  for (let i = 0; i < length; i += 1) {
    out.uint(block.flags[i] ?? 0);
    out.uint(block.organization[i] ?? 0);
    out.uint(block.street[i] ?? 0);
  }
  for (const [, data] of raw) out.text(data);
  return deflateRawSync(out.done());
}

export function decodeTelemetryBlock(blob: Uint8Array): TelemetryBlock {
  const input = new ByteReader(inflateRawSync(blob));
  const version = input.uint();
  if (version !== VERSION) throw new Error(`Telemetry block version ${version} is not known`);
  const length = input.uint();
  const strings: (string | null)[] = [null];
  for (let count = input.uint(); count > 0; count -= 1) strings.push(input.text());
  const [seq, recordedAt, at, lat, lng, speed, course, accuracy] = Array.from({ length: 8 }, () =>
    readColumn(input, length),
  ) as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  const flags = new Uint8Array(length);
  const enroute = new Uint8Array(length);
  const organization = new Uint32Array(length);
  const street = new Uint32Array(length);
  for (let i = 0; i < length; i += 1) {
    const flag = input.uint();
    flags[i] = flag;
    enroute[i] = (flag & ENROUTE) !== 0 ? 1 : 0;
    organization[i] = input.uint();
    street[i] = input.uint();
  }
  const raw = new Map<number, string>();
  for (let i = 0; i < length; i += 1) if (((flags[i] ?? 0) & RAW) !== 0) raw.set(i, input.text());
  return {
    streamId: strings[1] ?? '',
    length,
    seq,
    recordedAt,
    at,
    lat,
    lng,
    speed,
    course,
    accuracy,
    enroute,
    flags,
    organization,
    street,
    strings,
    raw,
  };
}

/** Whether sample i of the block stands for a log row (not one whose row was gone before it was sealed). */
export const isLogSample = (block: TelemetryBlock, i: number): boolean =>
  ((block.flags[i] ?? 0) & NOT_IN_LOG) === 0;

export const sampleType = (block: TelemetryBlock, i: number): EventRow['type'] =>
  ((block.flags[i] ?? 0) & HEARTBEAT) !== 0 ? 'HeartbeatRecorded' : 'PointRecorded';

/** Sample i of the block as the log row it replaced, byte for byte. */
export function rowOfSample(block: TelemetryBlock, i: number): EventRow {
  return {
    seq: block.seq[i] ?? 0,
    stream_id: block.streamId,
    organization_id: block.strings[block.organization[i] ?? 0] ?? null,
    type: sampleType(block, i),
    data: block.raw.get(i) ?? dataJson(block.at[i] ?? 0, block, i),
    recorded_at: block.recordedAt[i] ?? 0,
  };
}
