// What the trip store holds of one asset until it seals it (issue 36): every field of each sample's log row, in
// columns (the trip columns, recording time, accuracy, heartbeat and en-route flags, organization and street, and
// the row's JSON when its fields do not give it back), so that sealing writes the block from memory and only
// deletes the rows. Also the same columns for samples that come from elsewhere: a stored block being rewritten
// (retention's cut-off) and trip points with their rows (a file from before the blocks).
import type { EventRow } from '../store/eventRow.ts';
import type { TelemetryEvent } from '../store/events.ts';
import {
  ENROUTE,
  HEARTBEAT,
  NOT_IN_LOG,
  type SampleColumns,
  type TelemetryBlock,
} from '../store/telemetryBlock.ts';
import { sampleFieldsOfRow, writesAsFields, type SampleFields } from '../store/telemetryJson.ts';
import { emptyTripPoints, type TripPoints } from './tripBlock.ts';

/** One asset's held samples, oldest seq first; `raw` by index. */
export type HeldSamples = SampleColumns & {
  thingKey: number;
  /** The log position of its first held sample. */
  firstSeq: number;
  seq: number[];
  recordedAt: number[];
  at: number[];
  lat: number[];
  lng: number[];
  speed: number[];
  course: number[];
  accuracy: number[];
  flags: number[];
  organization: (string | null)[];
  street: (string | null)[];
  raw: Map<number, string>;
};

export function createHeld(thingKey: number, firstSeq: number): HeldSamples {
  return {
    thingKey,
    firstSeq,
    length: 0,
    seq: [],
    recordedAt: [],
    at: [],
    lat: [],
    lng: [],
    speed: [],
    course: [],
    accuracy: [],
    flags: [],
    organization: [],
    street: [],
    raw: new Map(),
  };
}

type RowEnvelope = {
  seq: number;
  recordedAt: number;
  organizationId: string | null;
  heartbeat: boolean;
  inLog: boolean;
};

function push(entry: HeldSamples, row: RowEnvelope, fields: SampleFields, raw: string | null): void {
  const i = entry.length;
  entry.seq.push(row.seq);
  entry.recordedAt.push(row.recordedAt);
  entry.at.push(fields.at);
  entry.lat.push(fields.lat);
  entry.lng.push(fields.lng);
  entry.speed.push(fields.speed);
  entry.course.push(fields.course);
  entry.accuracy.push(fields.accuracy);
  entry.flags.push(
    (row.heartbeat ? HEARTBEAT : 0) | (fields.enroute ? ENROUTE : 0) | (row.inLog ? 0 : NOT_IN_LOG),
  );
  entry.organization.push(row.organizationId);
  entry.street.push(fields.street);
  if (raw !== null) entry.raw.set(i, raw);
  entry.length = i + 1;
}

/** Holds a sample as its event was just appended: the row is JSON.stringify(event.data), known without reading it.
 * Pushed field by field (no object per sample): this runs once per telemetry point. */
export function holdEvent(entry: HeldSamples, event: TelemetryEvent, at: number): void {
  const record = event.data;
  const i = entry.length;
  entry.seq.push(event.seq);
  entry.recordedAt.push(event.recordedAt);
  entry.at.push(at);
  entry.lat.push(record.lat);
  entry.lng.push(record.lng);
  entry.speed.push(record.speed);
  entry.course.push(record.course);
  entry.accuracy.push(record.accuracy);
  entry.flags.push((event.type === 'HeartbeatRecorded' ? HEARTBEAT : 0) | (record.enroute ? ENROUTE : 0));
  entry.organization.push(event.organizationId);
  entry.street.push(record.street);
  if (!writesAsFields(record, at)) entry.raw.set(i, JSON.stringify(record));
  entry.length = i + 1;
}

/** Holds a sample read back from its row (on opening: the row's text is what it has to give back). */
export function holdRow(entry: HeldSamples, row: Omit<EventRow, 'stream_id'>): void {
  const { fields, raw } = sampleFieldsOfRow(row.data);
  const envelope = {
    seq: row.seq,
    recordedAt: row.recorded_at,
    organizationId: row.organization_id,
    heartbeat: row.type === 'HeartbeatRecorded',
    inLog: true,
  };
  push(entry, envelope, fields, raw);
}

/** Cuts the entry at index `from`: it keeps the samples before, the new entry returned holds the rest. */
export function splitHeld(entry: HeldSamples, from: number): HeldSamples {
  const rest = createHeld(entry.thingKey, entry.seq[from] ?? entry.firstSeq);
  for (const [i, raw] of entry.raw)
    if (i >= from) {
      rest.raw.set(i - from, raw);
      entry.raw.delete(i);
    }
  const columns = ['seq', 'recordedAt', 'at', 'lat', 'lng', 'speed', 'course', 'accuracy', 'flags'] as const;
  for (const name of columns) rest[name] = entry[name].splice(from);
  rest.organization = entry.organization.splice(from);
  rest.street = entry.street.splice(from);
  rest.length = entry.length - from;
  entry.length = from;
  return rest;
}

/** The trip columns of what is held (in held order). */
export function heldPoints(entry: HeldSamples): TripPoints {
  const points = emptyTripPoints(entry.length);
  points.at.set(entry.at);
  points.seq.set(entry.seq);
  points.lat.set(entry.lat);
  points.lng.set(entry.lng);
  points.speed.set(entry.speed);
  points.course.set(entry.course);
  for (let i = 0; i < entry.length; i += 1)
    points.enroute[i] = ((entry.flags[i] ?? 0) & ENROUTE) !== 0 ? 1 : 0;
  return points;
}

/** A stored block's samples as columns again (to write the part a cut-off keeps). */
export function columnsOfBlock(block: TelemetryBlock): SampleColumns {
  const name = (indexes: Uint32Array) => Array.from(indexes, (index) => block.strings[index] ?? null);
  return { ...block, organization: name(block.organization), street: name(block.street) };
}

/** Trip samples as columns, with the log rows they stand for where `rowOf` has one (the rest are not in the log). */
export function columnsOfTripPoints(
  points: TripPoints,
  rowOf: (seq: number) => Omit<EventRow, 'stream_id'> | undefined,
): SampleColumns {
  const entry = createHeld(0, 0);
  for (let i = 0; i < points.length; i += 1) {
    const seq = points.seq[i] ?? 0;
    const row = rowOf(seq);
    if (row) {
      holdRow(entry, row);
      continue;
    }
    const fields = {
      at: points.at[i] ?? 0,
      lat: points.lat[i] ?? 0,
      lng: points.lng[i] ?? 0,
      speed: points.speed[i] ?? 0,
      course: points.course[i] ?? 0,
      accuracy: 0,
      enroute: points.enroute[i] === 1,
      street: null,
    };
    push(entry, { seq, recordedAt: 0, organizationId: null, heartbeat: false, inLog: false }, fields, null);
  }
  return entry;
}
