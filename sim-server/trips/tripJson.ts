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

/** Writes ASCII JSON into a buffer that grows as needed. */
class JsonBytes {
  bytes: Buffer;
  length = 0;
  private minute = Number.NaN;
  private minutePrefix = '';

  constructor(capacity: number) {
    this.bytes = Buffer.allocUnsafe(Math.max(capacity, POINT_ROOM));
  }

  /** Makes room for `room` more bytes. */
  reserve(room: number) {
    if (this.length + room <= this.bytes.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + room));
    this.bytes.copy(grown, 0, 0, this.length);
    this.bytes = grown;
  }

  /** ASCII text (the callers write only ASCII; other text goes through `json`). */
  ascii(text: string) {
    this.reserve(text.length);
    const bytes = this.bytes;
    let at = this.length;
    for (let i = 0; i < text.length; i += 1) bytes[at++] = text.charCodeAt(i);
    this.length = at;
  }

  /** Any value as JSON.stringify writes it (for the few strings that come from outside). */
  json(value: unknown) {
    const text = JSON.stringify(value);
    this.reserve(Buffer.byteLength(text));
    this.length += this.bytes.write(text, this.length);
  }

  number(value: number) {
    if (Number.isInteger(value) && Math.abs(value) < 1e15) {
      this.reserve(17);
      let rest = Math.abs(value);
      if (value < 0) this.bytes[this.length++] = 45; // '-'
      let digits = 1;
      for (let scale = 10; scale <= rest; scale *= 10) digits += 1;
      for (let i = this.length + digits - 1; i >= this.length; i -= 1) {
        this.bytes[i] = ZERO + (rest % 10);
        rest = Math.floor(rest / 10);
      }
      this.length += digits;
    } else this.ascii(Number.isFinite(value) ? String(value) : 'null');
  }

  twoDigits(value: number) {
    this.bytes[this.length++] = ZERO + Math.floor(value / 10);
    this.bytes[this.length++] = ZERO + (value % 10);
  }

  /** An ISO 8601 time in quotes, as Date#toISOString writes it. */
  time(at: number) {
    this.reserve(28);
    const start = Math.floor(at / MINUTE_MS) * MINUTE_MS;
    if (start !== this.minute) {
      const text = new Date(start).toISOString();
      // Years outside 0000–9999 and fractions of a millisecond are left to Date.
      if (text.length !== 24 || !Number.isInteger(at)) return this.ascii(`"${new Date(at).toISOString()}"`);
      this.minute = start;
      this.minutePrefix = `"${text.slice(0, 17)}`;
    }
    this.ascii(this.minutePrefix);
    const ms = at - start;
    const seconds = Math.floor(ms / 1000);
    const millis = ms - seconds * 1000;
    this.twoDigits(seconds);
    this.bytes[this.length++] = 46; // '.'
    this.bytes[this.length++] = ZERO + Math.floor(millis / 100);
    this.twoDigits(millis % 100);
    this.bytes[this.length++] = 90; // 'Z'
    this.bytes[this.length++] = 34; // '"'
  }
}

/** The trip record's JSON, as UTF-8 bytes. */
export function tripJson(cut: TripCut): Buffer {
  const { points } = cut;
  const { at, lat, lng, course, speed } = points;
  const out = new JsonBytes(points.length * 110 + cut.runs.length * 200 + 100);
  out.ascii('{"thing_id":');
  out.json(cut.thingId);
  out.ascii(',"runs":[');
  cut.runs.forEach((run, index) => {
    const last = run.end - 1;
    out.reserve(POINT_ROOM);
    out.ascii(index > 0 ? ',{"run_id":' : '{"run_id":');
    out.json(run.runId);
    out.ascii(',"run_start":');
    out.time(at[run.first] ?? 0);
    out.ascii(',"run_end":');
    out.time(at[last] ?? 0);
    out.ascii(',"run_duration":');
    out.number(((at[last] ?? 0) - (at[run.first] ?? 0)) / 1000);
    out.ascii(run.isActive ? ',"is_active":true,"points":[' : ',"is_active":false,"points":[');
    for (let i = run.first; i < run.end; i += 1) {
      out.reserve(POINT_ROOM);
      out.ascii(i > run.first ? ',{"lat":' : '{"lat":');
      out.number(lat[i] ?? 0);
      out.ascii(',"lng":');
      out.number(lng[i] ?? 0);
      out.ascii(',"course":');
      out.number(course[i] ?? 0);
      out.ascii(',"speed":');
      out.number(speed[i] ?? 0);
      out.ascii(',"timestamp":');
      out.time(at[i] ?? 0);
      out.ascii('}');
    }
    out.ascii(']}');
  });
  out.ascii(']}');
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
