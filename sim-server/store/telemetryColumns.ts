// The number and run columns of sealed telemetry blocks (telemetryBlock.ts; docs/telemetry.md "Sealed telemetry
// blocks"). A number column is written against the smallest decimal scale that holds every value exactly
// (varintBytes.ts), as zig-zag deltas or, when that is shorter, deltas of deltas (times and log positions that
// step evenly cost a byte a value); a column no scale holds is raw float64s. Flags, organizations and streets
// are runs of equal values (a thing's organization is one run, its street a few). Version 1 blocks wrote plain
// deltas and a value per sample, deflated; their reader is kept (`readDeltaColumn`).
import type { ByteReader, ByteWriter } from './varintBytes.ts';
import { FLOAT, scaleOf, uintBytes, zigzag } from './varintBytes.ts';

/** Header bit of a number column written as deltas of deltas. */
const DELTA_OF_DELTA = 16;
const DIGITS = 15;
/** Scaled values stay below this, so their deltas of deltas (under 2^51) and those deltas' zig-zag forms are
 * integers a double holds exactly. */
const SAFE = 2 ** 49;

/** The scaled integers of the column being written, kept between columns (no array per column). */
let scaled = new Float64Array(1024);

export function writeNumberColumn(out: ByteWriter, values: Float64Array): void {
  const length = values.length;
  const digits = scaleOf(values);
  if (digits !== FLOAT && fillScaled(values, 10 ** digits)) {
    const deltaOfDelta = deltasOfDeltasShorter(length);
    out.uint(digits | (deltaOfDelta ? DELTA_OF_DELTA : 0));
    let previous = 0;
    let step = 0;
    for (let i = 0; i < length; i += 1) {
      const value = scaled[i] ?? 0;
      out.int(deltaOfDelta ? value - previous - step : value - previous);
      step = value - previous;
      previous = value;
    }
    return;
  }
  out.uint(FLOAT);
  for (let i = 0; i < length; i += 1) out.float(values[i] ?? 0);
}

/** Fills `scaled` with the column's values times `factor` (integers: the scale holds them); false when one is so
 * large that a delta of deltas could lose a bit (the column is then written as float64s). */
function fillScaled(values: Float64Array, factor: number): boolean {
  if (scaled.length < values.length) scaled = new Float64Array(values.length * 2);
  for (let i = 0; i < values.length; i += 1) {
    const value = Math.round((values[i] ?? 0) * factor);
    if (Math.abs(value) >= SAFE) return false;
    scaled[i] = value;
  }
  return true;
}

/** How many values decide between deltas and deltas of deltas: a block's first few show how its column steps. */
const SAMPLED = 32;

/** Whether deltas of deltas of `scaled` take fewer bytes than deltas, judged on the first values. */
function deltasOfDeltasShorter(length: number): boolean {
  let deltaBytes = 0;
  let deltaOfDeltaBytes = 0;
  let previous = 0;
  let step = 0;
  for (let i = 0; i < Math.min(length, SAMPLED); i += 1) {
    const value = scaled[i] ?? 0;
    const delta = value - previous;
    deltaBytes += uintBytes(zigzag(delta));
    deltaOfDeltaBytes += uintBytes(zigzag(delta - step));
    step = delta;
    previous = value;
  }
  return deltaOfDeltaBytes < deltaBytes;
}

/** A version 2 column into `values` (a view the caller allocates with the block's other columns: one backing
 * store a block rather than one a column). The varints are read inline: this loop is most of decoding a block. */
export function readNumberColumn(
  input: ByteReader,
  length: number,
  values: Float64Array = new Float64Array(length),
): Float64Array {
  const header = input.uint();
  if (header === FLOAT) {
    for (let i = 0; i < length; i += 1) values[i] = input.float();
    return values;
  }
  const factor = 10 ** (header & DIGITS);
  const deltaOfDelta = (header & DELTA_OF_DELTA) !== 0;
  const { bytes } = input;
  let offset = input.offset;
  let value = 0;
  let step = 0;
  for (let i = 0; i < length; i += 1) {
    let byte = bytes[offset++] ?? 0;
    let zigzagged = byte & 127;
    for (let scale = 128; byte >= 128; scale *= 128) {
      byte = bytes[offset++] ?? 0;
      zigzagged += (byte & 127) * scale;
    }
    const delta = zigzagged % 2 === 1 ? -(zigzagged + 1) / 2 : zigzagged / 2;
    if (deltaOfDelta) {
      step += delta;
      value += step;
    } else value += delta;
    values[i] = value / factor;
  }
  input.offset = offset;
  return values;
}

/** A version 1 column: its scale (or FLOAT), then zig-zag deltas. */
export function readDeltaColumn(
  input: ByteReader,
  length: number,
  values: Float64Array = new Float64Array(length),
): Float64Array {
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

/** The first `length` values as runs: value, then how many times it comes. */
export function writeRuns(out: ByteWriter, values: ArrayLike<number>, length: number): void {
  let start = 0;
  while (start < length) {
    const value = values[start] ?? 0;
    let end = start + 1;
    while (end < length && values[end] === value) end += 1;
    out.uint(value);
    out.uint(end - start);
    start = end;
  }
}

export function readRuns(input: ByteReader, into: Uint8Array | Uint32Array): void {
  let at = 0;
  while (at < into.length) {
    const value = input.uint();
    const count = input.uint();
    if (count === 0 || at + count > into.length)
      throw new Error('A telemetry block run does not fit its block');
    into.fill(value, at, at + count);
    at += count;
  }
}
