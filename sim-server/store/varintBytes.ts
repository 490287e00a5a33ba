// The byte-level pieces the sealed forms share (telemetryBlock.ts, checkpointCodec.ts): varints (seven bits a
// byte, zig-zag for signed), float64s, length-prefixed UTF-8, and the choice of a decimal scale that holds a column
// of numbers exactly, so that a column of coordinates is written as small integer deltas without losing a bit.

/** Scale marker of a column kept as float64 bytes. */
export const FLOAT = 255;

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
    while (rest >= 128) {
      this.bytes[this.length++] = (rest % 128) | 128;
      rest = Math.floor(rest / 128);
    }
    this.bytes[this.length++] = rest;
  }
  int(value: number) {
    this.uint(value < 0 ? -value * 2 - 1 : value * 2);
  }
  float(value: number) {
    this.room(8);
    this.bytes.writeDoubleLE(value, this.length);
    this.length += 8;
  }
  text(value: string) {
    const encoded = Buffer.from(value, 'utf8');
    this.uint(encoded.length);
    this.room(encoded.length);
    encoded.copy(this.bytes, this.length);
    this.length += encoded.length;
  }
  done(): Buffer {
    return this.bytes.subarray(0, this.length);
  }
}

export class ByteReader {
  offset = 0;
  constructor(private readonly bytes: Buffer) {}
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
