// How the trip store keeps samples (issue 16): columns of numbers rather than a row or an object per sample. Since
// issue 36 a block is the sealed telemetry of the log (store/telemetryBlock.ts: every field of the rows it replaced,
// delta-encoded); blocks written before it (no stream_id) are the first form, [at, seq, lat, lng, speed, course] as
// little-endian float64 columns followed by one enroute byte per sample, whose rows are still in the log. Either
// way a day of an asset is a few hundred blobs decoded into typed arrays instead of 86,400 rows.
import type { EventRow } from '../store/eventStore.ts';
import { decodeTelemetryBlock, isLogSample, rowOfSample } from '../store/telemetryBlock.ts';

/** Samples in columns, index i across all of them; in time order (at, then seq) wherever the store answers them. */
export type TripPoints = {
  length: number;
  /** Unix ms of the sample. */
  at: Float64Array;
  /** The sample's event position in the log. */
  seq: Float64Array;
  lat: Float64Array;
  lng: Float64Array;
  /** Metres per second. */
  speed: Float64Array;
  /** Degrees from north. */
  course: Float64Array;
  /** 1 en route, 0 not. */
  enroute: Uint8Array;
};

const NUMBER_COLUMNS = 6;
/** Bytes per sample in a block. */
const SAMPLE_BYTES = NUMBER_COLUMNS * 8 + 1;

export function emptyTripPoints(length = 0): TripPoints {
  const numbers = new Float64Array(NUMBER_COLUMNS * length);
  return columnsOver(numbers, new Uint8Array(length), length);
}

function columnsOver(numbers: Float64Array, enroute: Uint8Array, length: number): TripPoints {
  const column = (index: number) => numbers.subarray(index * length, (index + 1) * length);
  return {
    length,
    at: column(0),
    seq: column(1),
    lat: column(2),
    lng: column(3),
    speed: column(4),
    course: column(5),
    enroute,
  };
}

/** The blob of `points` (any order; the store sorts before it encodes). */
export function encodeTripBlock(points: TripPoints): Buffer {
  const { length } = points;
  const numbers = new Float64Array(NUMBER_COLUMNS * length);
  const columns = [points.at, points.seq, points.lat, points.lng, points.speed, points.course];
  columns.forEach((column, index) => numbers.set(column.subarray(0, length), index * length));
  const blob = Buffer.allocUnsafe(SAMPLE_BYTES * length);
  blob.set(new Uint8Array(numbers.buffer, 0, numbers.byteLength), 0);
  blob.set(points.enroute.subarray(0, length), numbers.byteLength);
  return blob;
}

/** The samples of a blob written by `encodeTripBlock`. */
export function decodeTripBlock(blob: Uint8Array): TripPoints {
  if (blob.byteLength % SAMPLE_BYTES !== 0)
    throw new Error(`A trip block of ${blob.byteLength} bytes is not a whole number of samples`);
  const length = blob.byteLength / SAMPLE_BYTES;
  // Copied rather than viewed: SQLite's buffer need not sit on an 8-byte boundary.
  const numbers = new Float64Array(NUMBER_COLUMNS * length);
  new Uint8Array(numbers.buffer).set(blob.subarray(0, numbers.byteLength));
  return columnsOver(numbers, blob.slice(numbers.byteLength), length);
}

/** The samples of a stored block, in time order: the log's form when it has a stream id, else the first form. */
export function decodeStoredBlock(blob: Uint8Array, streamId: string | null): TripPoints {
  if (streamId === null) return decodeTripBlock(blob);
  const block = decodeTelemetryBlock(blob);
  const points = emptyTripPoints(block.length);
  points.at.set(block.at);
  points.seq.set(block.seq);
  points.lat.set(block.lat);
  points.lng.set(block.lng);
  points.speed.set(block.speed);
  points.course.set(block.course);
  points.enroute.set(block.enroute);
  return inTimeOrder(points);
}

/** The log rows a stored block stands for, by position (none for the first form). */
export function logRowsOfBlock(blob: Uint8Array, streamId: string | null): Map<number, EventRow> {
  const rows = new Map<number, EventRow>();
  if (streamId === null) return rows;
  const block = decodeTelemetryBlock(blob);
  for (let i = 0; i < block.length; i += 1) {
    if (isLogSample(block, i)) rows.set(block.seq[i] ?? 0, rowOfSample(block, i));
  }
  return rows;
}

/** How many log events a stored block stands for (none for the first form). */
export function logSampleCount(blob: Uint8Array, streamId: string | null): number {
  if (streamId === null) return 0;
  const block = decodeTelemetryBlock(blob);
  let count = 0;
  for (let i = 0; i < block.length; i += 1) if (isLogSample(block, i)) count += 1;
  return count;
}

/** Whether sample i comes after sample j in time order (at, then seq). */
function after(points: TripPoints, i: number, j: number): boolean {
  const at = points.at;
  return (at[i] ?? 0) > (at[j] ?? 0) || (at[i] === at[j] && (points.seq[i] ?? 0) > (points.seq[j] ?? 0));
}

/** `points` in time order (at, then seq): the same object when it already is, else a sorted copy. */
export function inTimeOrder(points: TripPoints): TripPoints {
  let sorted = true;
  for (let i = 1; i < points.length && sorted; i += 1) sorted = after(points, i, i - 1);
  if (sorted) return points;
  const order = Array.from({ length: points.length }, (_, index) => index).sort((i, j) =>
    after(points, i, j) ? 1 : after(points, j, i) ? -1 : 0,
  );
  return pick(points, order);
}

/** The samples at the given indexes, in that order. */
export function pick(points: TripPoints, indexes: readonly number[]): TripPoints {
  const picked = emptyTripPoints(indexes.length);
  indexes.forEach((from, to) => copySample(points, from, picked, to));
  return picked;
}

export function copySample(from: TripPoints, i: number, to: TripPoints, j: number): void {
  to.at[j] = from.at[i] ?? 0;
  to.seq[j] = from.seq[i] ?? 0;
  to.lat[j] = from.lat[i] ?? 0;
  to.lng[j] = from.lng[i] ?? 0;
  to.speed[j] = from.speed[i] ?? 0;
  to.course[j] = from.course[i] ?? 0;
  to.enroute[j] = from.enroute[i] ?? 0;
}

/** The samples of `parts` taken within [from, to], one after another (each part keeps its order). */
export function concatWithin(parts: readonly TripPoints[], from: number, to: number): TripPoints {
  let length = 0;
  for (const part of parts)
    for (let i = 0; i < part.length; i += 1) if (within(part.at[i] ?? 0, from, to)) length += 1;
  const joined = emptyTripPoints(length);
  let j = 0;
  for (const part of parts)
    for (let i = 0; i < part.length; i += 1) {
      if (!within(part.at[i] ?? 0, from, to)) continue;
      copySample(part, i, joined, j);
      j += 1;
    }
  return joined;
}

function within(at: number, from: number, to: number): boolean {
  return at >= from && at <= to;
}
