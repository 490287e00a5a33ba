// The sealed form of one thing's telemetry (issue 36): a block holds every `PointRecorded` / `HeartbeatRecorded`
// row it replaced, field for field, so the log can be read back from it exactly (logReader.ts). Engine-neutral: one
// BLOB of bytes, no SQL inside. Layout (docs/telemetry.md "Sealed telemetry blocks"), version 2, a varint stream
// after a marker byte, not deflated (the seal runs inside ingestion): version, count, strings (stream id,
// organizations, streets), then the columns seq, recorded_at, time (unix ms), lat, lng, speed, course, accuracy in
// log order (telemetryColumns.ts: zig-zag deltas or deltas of deltas of scaled integers, or raw float64 when no
// power of ten up to 10^9 holds a value exactly), runs of flags (heartbeat, en route, raw, not in log), of
// organizations and of streets as indexes into the strings; then the JSON of every sample flagged raw (a row whose
// JSON the columns would not give back byte for byte is kept as it was). Version 1, deflated, is still read. The
// encoder is handed the samples' columns as the trip store holds them (`SampleColumns`): it parses and compares
// nothing.
import { inflateRawSync } from 'node:zlib';
import type { EventRow } from './eventRow.ts';
import {
  readDeltaColumn,
  readNumberColumn,
  readRuns,
  writeNumberColumn,
  writeRuns,
} from './telemetryColumns.ts';
import type { TelemetryRecord } from './events.ts';
import { isoTime, telemetryJson } from './telemetryJson.ts';
import { ByteReader, ByteWriter } from './varintBytes.ts';

/** Samples to seal, in columns (arrays or typed arrays alike): every field of the log rows they stand for. */
export type SampleColumns = {
  length: number;
  seq: ArrayLike<number>;
  recordedAt: ArrayLike<number>;
  /** The device's time, unix ms. */
  at: ArrayLike<number>;
  lat: ArrayLike<number>;
  lng: ArrayLike<number>;
  speed: ArrayLike<number>;
  course: ArrayLike<number>;
  accuracy: ArrayLike<number>;
  /** HEARTBEAT, ENROUTE and NOT_IN_LOG bits (RAW is the encoder's: it follows `raw`). */
  flags: ArrayLike<number>;
  organization: ArrayLike<string | null>;
  street: ArrayLike<string | null>;
  /** By index: the row's JSON when the fields do not give it back (telemetryJson.ts), kept as it was. */
  raw: ReadonlyMap<number, string>;
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

/** Version 2 (not deflated) starts with this byte, which no raw deflate stream (version 1) starts with: its
 * block type bits would be 3, which deflate reserves. */
const MARKER = 0xff;
const VERSION = 2;
const DEFLATED_VERSION = 1;
/** seq, recorded_at, time, lat, lng, speed, course, accuracy. */
const NUMBER_COLUMNS = 8;
export const HEARTBEAT = 1;
export const ENROUTE = 2;
const RAW = 4;
/** A trip sample whose row was gone before it was sealed (retention, or a block from before issue 36). */
export const NOT_IN_LOG = 8;

/** Sample i's row JSON as the columns give it back (telemetryJson.ts). */
export function dataJson(at: number, block: Omit<TelemetryBlock, 'raw'>, i: number): string {
  return telemetryJson({
    at,
    lat: block.lat[i] ?? 0,
    lng: block.lng[i] ?? 0,
    speed: block.speed[i] ?? 0,
    course: block.course[i] ?? 0,
    accuracy: block.accuracy[i] ?? 0,
    enroute: ((block.flags[i] ?? 0) & ENROUTE) !== 0,
    street: block.strings[block.street[i] ?? 0] ?? null,
  });
}

/** One writer for every block (a block's bytes are copied out of it). */
const writer = new ByteWriter();

/** The blob of the samples at `indexes` of `samples`, one thing's (`streamId`), in log order (sorted here if not).
 * Nothing is parsed or compared: the columns say what the rows held. */
export function encodeTelemetryBlock(
  streamId: string,
  samples: SampleColumns,
  indexes: readonly number[],
): Buffer {
  const order = inLogOrder(samples, indexes);
  const length = order.length;
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
  const first = order[0] ?? 0;
  let contiguous = true; // indexes first, first + 1, ...: the columns are read straight through
  for (let i = 1; i < length && contiguous; i += 1) contiguous = order[i] === first + i;
  const column = (values: ArrayLike<number>) => {
    const picked = new Float64Array(length);
    if (contiguous) for (let i = 0; i < length; i += 1) picked[i] = values[first + i] ?? 0;
    else for (let i = 0; i < length; i += 1) picked[i] = values[order[i] ?? 0] ?? 0;
    return picked;
  };
  const flags = new Uint8Array(length);
  const organization = new Uint32Array(length);
  const street = new Uint32Array(length);
  const raw: string[] = [];
  // A thing's organization and street mostly repeat from one sample to the next: the last of each is remembered.
  let lastOrganization: string | null = null;
  let lastStreet: string | null = null;
  let organizationIndex = 0;
  let streetIndex = 0;
  for (let i = 0; i < length; i += 1) {
    const from = order[i] ?? 0;
    let flag = (samples.flags[from] ?? 0) & (HEARTBEAT | ENROUTE | NOT_IN_LOG);
    const rawJson = samples.raw.size > 0 ? samples.raw.get(from) : undefined;
    if (rawJson !== undefined && (flag & NOT_IN_LOG) === 0) {
      flag |= RAW;
      raw.push(rawJson);
    }
    flags[i] = flag;
    const organizationName = samples.organization[from] ?? null;
    if (organizationName !== lastOrganization || i === 0) {
      lastOrganization = organizationName;
      organizationIndex = intern(organizationName);
    }
    organization[i] = organizationIndex;
    const streetName = samples.street[from] ?? null;
    if (streetName !== lastStreet || i === 0) {
      lastStreet = streetName;
      streetIndex = intern(streetName);
    }
    street[i] = streetIndex;
  }
  const out = writer;
  out.reset();
  out.byte(MARKER);
  out.uint(VERSION);
  out.uint(length);
  out.uint(strings.length - 1);
  for (let i = 1; i < strings.length; i += 1) out.text(strings[i] ?? '');
  const { seq, recordedAt, at, lat, lng, speed, course, accuracy } = samples;
  for (const values of [seq, recordedAt, at, lat, lng, speed, course, accuracy])
    writeNumberColumn(out, column(values));
  writeRuns(out, flags, length);
  writeRuns(out, organization, length);
  writeRuns(out, street, length);
  for (const data of raw) out.text(data);
  // Not deflated since version 2: the seal runs inside ingestion (issue 36), where CPU is scarcer than bytes, and
  // deflate was most of a block's encoding. A copy: the writer is reused.
  return Buffer.from(out.done());
}

/** `indexes` by ascending seq: the same list when it already is. */
function inLogOrder(samples: SampleColumns, indexes: readonly number[]): readonly number[] {
  for (let i = 1; i < indexes.length; i += 1)
    if ((samples.seq[indexes[i] ?? 0] ?? 0) < (samples.seq[indexes[i - 1] ?? 0] ?? 0))
      return [...indexes].sort((a, b) => (samples.seq[a] ?? 0) - (samples.seq[b] ?? 0));
  return indexes;
}

/** A block of either version: version 2 as it is, version 1 (deflated, issue 36's first form) inflated. */
export function decodeTelemetryBlock(blob: Uint8Array): TelemetryBlock {
  const bytes = Buffer.isBuffer(blob) ? blob : Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  const deflated = bytes[0] !== MARKER;
  const input = new ByteReader(deflated ? inflateRawSync(bytes) : bytes);
  if (!deflated) input.offset = 1;
  const version = input.uint();
  if (version !== (deflated ? DEFLATED_VERSION : VERSION))
    throw new Error(`Telemetry block version ${version} is not known`);
  const length = input.uint();
  const strings: (string | null)[] = [null];
  for (let count = input.uint(); count > 0; count -= 1) strings.push(input.text());
  const readColumn = deflated ? readDeltaColumn : readNumberColumn;
  // One backing store for every column of the block (eight of float64s, the flags and en route bytes, the
  // organization and street indexes): a read meets thousands of blocks, and a store per column was most of the
  // garbage collector's work.
  const store = new ArrayBuffer(length * (NUMBER_COLUMNS * 8 + 2 * 4 + 2));
  const numbers = Array.from({ length: NUMBER_COLUMNS }, (_, column) =>
    readColumn(input, length, new Float64Array(store, column * length * 8, length)),
  );
  const [seq, recordedAt, at, lat, lng, speed, course, accuracy] = numbers as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  let offset = NUMBER_COLUMNS * length * 8;
  const organization = new Uint32Array(store, offset, length);
  const street = new Uint32Array(store, (offset += length * 4), length);
  const flags = new Uint8Array(store, (offset += length * 4), length);
  const enroute = new Uint8Array(store, offset + length, length);
  if (deflated)
    for (let i = 0; i < length; i += 1) {
      flags[i] = input.uint();
      organization[i] = input.uint();
      street[i] = input.uint();
    }
  else {
    readRuns(input, flags);
    readRuns(input, organization);
    readRuns(input, street);
  }
  for (let i = 0; i < length; i += 1) enroute[i] = ((flags[i] ?? 0) & ENROUTE) !== 0 ? 1 : 0;
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

/**
 * A log row given back from a block. Its `data` is an own enumerable property like a table row's (spread, compared
 * and stringified the same), but written when first read: most readers of sealed telemetry want its fields
 * (`sealedTelemetryOf`, read from the columns) or skip the row, and never need the text. A class with private
 * fields because a getter in an object literal, or a WeakMap from row to sample, cost several times the row.
 */
class SealedRow implements EventRow {
  readonly seq: number;
  readonly stream_id: string;
  readonly organization_id: string | null;
  readonly type: EventRow['type'];
  declare readonly data: string;
  readonly recorded_at: number;
  readonly #block: TelemetryBlock;
  readonly #index: number;
  #data: string | undefined;
  /** One descriptor for every row: V8 keeps the rows' shape shared. */
  static readonly #dataProperty: PropertyDescriptor = {
    get(this: SealedRow) {
      const block = this.#block;
      const i = this.#index;
      this.#data ??= block.raw.get(i) ?? dataJson(block.at[i] ?? 0, block, i);
      return this.#data;
    },
    enumerable: true,
  };

  constructor(block: TelemetryBlock, i: number) {
    this.seq = block.seq[i] ?? 0;
    this.stream_id = block.streamId;
    this.organization_id = block.strings[block.organization[i] ?? 0] ?? null;
    this.type = sampleType(block, i);
    Object.defineProperty(this, 'data', SealedRow.#dataProperty);
    this.recorded_at = block.recordedAt[i] ?? 0;
    this.#block = block;
    this.#index = i;
  }

  /** See `sealedTelemetryOf`. */
  static telemetryOf(row: EventRow): { record: TelemetryRecord; at: number } | null {
    if (!(#block in row)) return null;
    const block = (row as SealedRow).#block;
    const i = (row as SealedRow).#index;
    if (block.raw.has(i)) return null;
    const at = block.at[i] ?? 0;
    const record: TelemetryRecord = {
      time: isoTime(at),
      lat: (block.lat[i] ?? 0) + 0,
      lng: (block.lng[i] ?? 0) + 0,
      speed: (block.speed[i] ?? 0) + 0,
      course: (block.course[i] ?? 0) + 0,
      accuracy: (block.accuracy[i] ?? 0) + 0,
      enroute: ((block.flags[i] ?? 0) & ENROUTE) !== 0,
      street: block.strings[block.street[i] ?? 0] ?? null,
    };
    return { record, at };
  }
}

/** Sample i of the block as the log row it replaced, byte for byte. */
export function rowOfSample(block: TelemetryBlock, i: number): EventRow {
  return new SealedRow(block, i);
}

/** The record of a telemetry row given back from a block, read from the block's columns: what `JSON.parse(row.data)`
 * gives (the same keys in the same order, +0 for -0 as the JSON writes it), with the device's time in unix ms.
 * Null for a row from the table or one whose JSON the block keeps raw: those are parsed. */
export function sealedTelemetryOf(row: EventRow): { record: TelemetryRecord; at: number } | null {
  return SealedRow.telemetryOf(row);
}
