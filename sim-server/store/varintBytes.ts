// The byte-level pieces the sealed forms share (telemetryBlock.ts, checkpointCodec.ts): varints (seven bits a
// byte, zig-zag for signed), float64s, length-prefixed UTF-8, and the choice of a decimal scale that holds a column
// of numbers exactly, so that a column of coordinates is written as small integer deltas without losing a bit.

/** Scale marker of a column kept as float64 bytes. */
export const FLOAT = 255;

/** Zig-zag: a signed integer as the non-negative one `int` writes. */
export const zigzag = (value: number): number => (value < 0 ? -value * 2 - 1 : value * 2);

export class ByteWriter {
  private bytes = Buffer.allocUnsafe(4096);
  length = 0;
  private room(extra: number) {
    if (this.length + extra <= this.bytes.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + extra));
    this.bytes.copy(grown, 0, 0, this.length);
    this.bytes = grown;
  }
  /** A non-negative integer up to 2^53, seven bits a byte. */
  uint(value: number) {
    this.room(8);
    let rest = value;
    // Bit operations while the rest fits 31 bits (nearly every delta), division above.
    while (rest >= 0x80000000) {
      this.bytes[this.length++] = (rest % 128) | 128;
      rest = Math.floor(rest / 128);
    }
    while (rest >= 128) {
      this.bytes[this.length++] = (rest & 127) | 128;
      rest >>>= 7;
    }
    this.bytes[this.length++] = rest;
  }
  int(value: number) {
    this.uint(zigzag(value));
  }
  byte(value: number) {
    this.room(1);
    this.bytes[this.length++] = value;
  }
  float(value: number) {
    this.room(8);
    this.bytes.writeDoubleLE(value, this.length);
    this.length += 8;
  }
  text(value: string) {
    const length = Buffer.byteLength(value, 'utf8');
    this.uint(length);
    this.room(length);
    this.length += this.bytes.write(value, this.length, 'utf8');
  }
  /** The bytes written so far: a view, valid until the next write after `reset`. */
  done(): Buffer {
    return this.bytes.subarray(0, this.length);
  }
  /** Starts again at the beginning, keeping the buffer (one writer serves many blobs). */
  reset() {
    this.length = 0;
  }
}

export class ByteReader {
  offset = 0;
  constructor(readonly bytes: Buffer) {}
  uint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.bytes[this.offset++] ?? 0;
      value += (byte & 127) * scale;
      if (byte < 128) return value;
      scale *= 128;
    }
  }
  int(): number {
    const zigzag = this.uint();
    return zigzag % 2 === 1 ? -(zigzag + 1) / 2 : zigzag / 2;
  }
  float(): number {
    const value = this.bytes.readDoubleLE(this.offset);
    this.offset += 8;
    return value;
  }
  text(): string {
    const length = this.uint();
    const value = this.bytes.toString('utf8', this.offset, this.offset + length);
    this.offset += length;
    return value;
  }
}

/** The bytes `uint(value)` takes. */
export function uintBytes(value: number): number {
  if (value < 128) return 1;
  if (value < 16_384) return 2;
  if (value < 2_097_152) return 3;
  let bytes = 4;
  for (let rest = Math.floor(value / 268_435_456); rest > 0; rest = Math.floor(rest / 128)) bytes += 1;
  return bytes;
}

/** The smallest power of ten (0..9) whose multiples hold every value exactly, or FLOAT. */
export function scaleOf(values: Float64Array): number {
  for (let digits = 0; digits <= 9; digits += 1) {
    const factor = 10 ** digits;
    let exact = true;
    for (let i = 0; i < values.length && exact; i += 1) {
      const v = values[i] ?? 0;
      const scaled = Math.round(v * factor);
      exact = Math.abs(scaled) < 2 ** 52 && scaled / factor === v && !Object.is(v, -0);
    }
    if (exact) return digits;
  }
  return FLOAT;
}
