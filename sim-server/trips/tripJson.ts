// The trips answer as bytes (access §3 "Trip"): exactly what `JSON.stringify` writes for the `TripRecord` of a cut
// (domain/trips/tripRecord.ts; a test holds them equal), written straight from the samples' columns into one
// buffer. A day at 1 Hz is ~86,000 points: an object and an ISO time per point, then JSON.stringify, cost more
// than reading the samples; a string built piece by piece cost as much again when it was flattened to be sent.
// Whole numbers are written digit by digit, others as `String` writes them (what JSON writes); times are
// formatted once per minute and completed with the seconds.
import type { TripPointRecord } from '#domain/trips/tripRecord';
import type { TripPoints } from './tripBlock.ts';
import type { TripCut } from './tripRuns.ts';

const MINUTE_MS = 60_000;
/** More than one point takes (five numbers of at most 24 characters, a time and the keys). */
const POINT_ROOM = 256;
const ZERO = 48;

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0));
const FIRST_POINT = ascii('{"lat":');
const NEXT_POINT = ascii(',{"lat":');
const LNG = ascii(',"lng":');
const COURSE = ascii(',"course":');
const SPEED = ascii(',"speed":');
const TIMESTAMP = ascii(',"timestamp":');
const POINT_END = ascii('}');

// The writers below take the buffer and a position and return the next position: kept in locals, the loop over
// the points does not go through an object per byte.

function putBytes(bytes: Buffer, at: number, piece: Uint8Array): number {
  for (let i = 0; i < piece.length; i += 1) bytes[at + i] = piece[i] ?? 0;
  return at + piece.length;
}

function putText(bytes: Buffer, at: number, text: string): number {
  for (let i = 0; i < text.length; i += 1) bytes[at + i] = text.charCodeAt(i);
  return at + text.length;
}

/** A number as JSON writes it: whole ones digit by digit, others as `String` writes them, `null` for the rest. */
function putNumber(bytes: Buffer, at: number, value: number): number {
  if (!Number.isInteger(value) || Math.abs(value) >= 1e15)
    return putText(bytes, at, Number.isFinite(value) ? String(value) : 'null');
  let rest = Math.abs(value);
  let next = at;
  if (value < 0) bytes[next++] = 45; // '-'
  let digits = 1;
  for (let scale = 10; scale <= rest; scale *= 10) digits += 1;
  for (let i = next + digits - 1; i >= next; i -= 1) {
    bytes[i] = ZERO + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  return next + digits;
}

/** ISO 8601 times in quotes, as Date#toISOString writes them, the minute's text formatted once. */
class TimeWriter {
  private minute = Number.NaN;
  private prefix: Uint8Array = new Uint8Array(0);

  put(bytes: Buffer, at: number, time: number): number {
    const start = Math.floor(time / MINUTE_MS) * MINUTE_MS;
    if (start !== this.minute) {
      const text = new Date(start).toISOString();
      // Years outside 0000–9999 and fractions of a millisecond are left to Date.
      if (text.length !== 24 || !Number.isInteger(time))
        return putText(bytes, at, `"${new Date(time).toISOString()}"`);
      this.minute = start;
      this.prefix = ascii(`"${text.slice(0, 17)}`);
    }
    let next = putBytes(bytes, at, this.prefix);
    const ms = time - start;
    const seconds = Math.floor(ms / 1000);
    const millis = ms - seconds * 1000;
    bytes[next++] = ZERO + Math.floor(seconds / 10);
    bytes[next++] = ZERO + (seconds % 10);
    bytes[next++] = 46; // '.'
    bytes[next++] = ZERO + Math.floor(millis / 100);
    bytes[next++] = ZERO + (Math.floor(millis / 10) % 10);
    bytes[next++] = ZERO + (millis % 10);
    bytes[next++] = 90; // 'Z'
    bytes[next++] = 34; // '"'
    return next;
  }
}

/** A buffer that grows as needed, and where the writing stands. */
class JsonBytes {
  bytes: Buffer;
  length = 0;
  readonly times = new TimeWriter();

  constructor(capacity: number) {
    this.bytes = Buffer.allocUnsafe(Math.max(capacity, POINT_ROOM));
  }

  /** Makes room for `room` more bytes; returns the buffer to write into. */
  reserve(room: number): Buffer {
    if (this.length + room > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + room));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    return this.bytes;
  }

  text(text: string) {
    this.length = putText(this.reserve(text.length), this.length, text);
  }

  /** Any value as JSON.stringify writes it (for the few strings that come from outside). */
  json(value: unknown) {
    const text = JSON.stringify(value);
    this.reserve(Buffer.byteLength(text));
    this.length += this.bytes.write(text, this.length);
  }

  number(value: number) {
    this.length = putNumber(this.reserve(32), this.length, value);
  }

  time(at: number) {
    this.length = this.times.put(this.reserve(32), this.length, at);
  }

  /** The points [first, end) of a run, comma-separated. */
  points(points: TripPoints, first: number, end: number) {
    const { at, lat, lng, course, speed } = points;
    const times = this.times;
    let bytes = this.bytes;
    let next = this.length;
    for (let i = first; i < end; i += 1) {
      if (next + POINT_ROOM > bytes.length) {
        this.length = next;
        bytes = this.reserve(POINT_ROOM);
      }
      next = putBytes(bytes, next, i > first ? NEXT_POINT : FIRST_POINT);
      next = putNumber(bytes, next, lat[i] ?? 0);
      next = putBytes(bytes, next, LNG);
      next = putNumber(bytes, next, lng[i] ?? 0);
      next = putBytes(bytes, next, COURSE);
      next = putNumber(bytes, next, course[i] ?? 0);
      next = putBytes(bytes, next, SPEED);
      next = putNumber(bytes, next, speed[i] ?? 0);
      next = putBytes(bytes, next, TIMESTAMP);
      next = times.put(bytes, next, at[i] ?? 0);
      next = putBytes(bytes, next, POINT_END);
    }
    this.length = next;
  }
}

/** The trip record's JSON, as UTF-8 bytes. */
export function tripJson(cut: TripCut): Buffer {
  const { points } = cut;
  const { at } = points;
  const out = new JsonBytes(points.length * 110 + cut.runs.length * 200 + 100);
  out.text('{"thing_id":');
  out.json(cut.thingId);
  out.text(',"runs":[');
  cut.runs.forEach((run, index) => {
    const start = at[run.first] ?? 0;
    const end = at[run.end - 1] ?? 0;
    out.text(index > 0 ? ',{"run_id":' : '{"run_id":');
    out.json(run.runId);
    out.text(',"run_start":');
    out.time(start);
    out.text(',"run_end":');
    out.time(end);
    out.text(',"run_duration":');
    out.number((end - start) / 1000);
    out.text(run.isActive ? ',"is_active":true,"points":[' : ',"is_active":false,"points":[');
    out.points(points, run.first, run.end);
    out.text(']}');
  });
  out.text(']}');
  return out.bytes.subarray(0, out.length);
}

/** The samples [first, end) as the wire's point records (run-to-run, and the reference the bytes are held to). */
export function tripPointRecords(points: TripPoints, first = 0, end = points.length): TripPointRecord[] {
  const records: TripPointRecord[] = [];
  for (let i = first; i < end; i += 1)
    records.push({
      lat: points.lat[i] ?? 0,
      lng: points.lng[i] ?? 0,
      course: points.course[i] ?? 0,
      speed: points.speed[i] ?? 0,
      timestamp: new Date(points.at[i] ?? 0).toISOString(),
    });
  return records;
}
