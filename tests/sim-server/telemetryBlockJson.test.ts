// Sealed telemetry blocks (issue 36, store/telemetryBlock.ts) rebuild each row's JSON from their columns; the rows
// whose JSON the columns give back byte for byte are kept as columns only. The JSON is written field by field for
// speed: it must be what JSON.stringify makes of the same TelemetryRecord, for every kind of number and street,
// or every row would fall back to its raw JSON (the block would still be exact, but no longer compact). The trip
// store decides which rows need their JSON as it takes each sample (trips/heldSamples.ts): from the record object
// live, from the row's text on opening; both must agree with what the log row holds.
import { describe, expect, it } from 'vitest';
import type { TelemetryEvent, TelemetryRecord } from '#sim/store/events';
import {
  decodeTelemetryBlock,
  encodeTelemetryBlock,
  rowOfSample,
  sealedTelemetryOf,
} from '#sim/store/telemetryBlock';
import { createHeld, holdEvent, holdRow, type HeldSamples } from '#sim/trips/heldSamples';

const all = (held: HeldSamples) => Array.from({ length: held.length }, (_, i) => i);
const roundTrip = (held: HeldSamples) => decodeTelemetryBlock(encodeTelemetryBlock('thing', held, all(held)));
const eventOf = (data: TelemetryRecord, i: number): TelemetryEvent => ({
  type: i % 2 ? 'HeartbeatRecorded' : 'PointRecorded',
  data,
  seq: 10 + i,
  streamId: 'thing',
  organizationId: 'org',
  recordedAt: Date.parse(data.time) + 300,
});

const T = Date.parse('2026-03-02T15:00:00.000Z');

const records: TelemetryRecord[] = [
  {
    time: '',
    lat: 41.8781,
    lng: -87.6298,
    speed: 12.5,
    course: 180,
    accuracy: 4,
    enroute: true,
    street: 'S STATE ST',
  },
  {
    time: '',
    lat: 0.1 + 0.2,
    lng: -0,
    speed: 1e-7,
    course: 359.99999999999994,
    accuracy: 0,
    enroute: false,
    street: null,
  },
  {
    time: '',
    lat: 90,
    lng: -180,
    speed: 123.456789012345,
    course: 1e21,
    accuracy: 1e-300,
    enroute: true,
    street: 'N "Q" \\ ÅVE 北\n\u0001',
  },
  {
    time: '',
    lat: -33.8688197,
    lng: 151.2093,
    speed: 0,
    course: 5e-324,
    accuracy: 2 ** 60,
    enroute: false,
    street: '',
  },
];

describe('sealed telemetry rows', () => {
  it('are given back byte for byte from the columns alone, as JSON.stringify wrote them', () => {
    const stamped = records.map((record, i) => ({
      ...record,
      time: new Date(T + i * 1_000 + 7).toISOString(),
    }));
    const live = createHeld(1, 10);
    const reopened = createHeld(1, 10);
    stamped.forEach((record, i) => {
      const event = eventOf(record, i);
      holdEvent(live, event, Date.parse(record.time));
      holdRow(reopened, {
        seq: event.seq,
        organization_id: event.organizationId,
        type: event.type,
        data: JSON.stringify(record),
        recorded_at: event.recordedAt,
      });
    });
    for (const held of [live, reopened]) {
      expect(held.raw.size).toBe(0);
      const block = roundTrip(held);
      expect(block.raw.size).toBe(0);
      stamped.forEach((record, i) => {
        const row = rowOfSample(block, i);
        expect(row.data).toBe(JSON.stringify(record));
        expect([row.type, row.organization_id, row.recorded_at]).toEqual([
          i % 2 ? 'HeartbeatRecorded' : 'PointRecorded',
          'org',
          Date.parse(record.time) + 300,
        ]);
        // Readers that want the fields take them from the columns: what parsing the row gives, -0 as 0 included.
        expect(sealedTelemetryOf(row)).toStrictEqual({
          record: JSON.parse(row.data) as unknown,
          at: Date.parse(record.time),
        });
        // Its text is written when first read, yet the row spreads and compares as a table row does.
        expect({ ...rowOfSample(block, i) }).toStrictEqual({
          seq: 10 + i,
          stream_id: 'thing',
          organization_id: 'org',
          type: row.type,
          data: JSON.stringify(record),
          recorded_at: row.recorded_at,
        });
      });
    }
  });

  // Records another writer built otherwise: JSON.stringify of them is not what the fields give back, so the block
  // keeps it (the row is given back as the log held it).
  it('keep the JSON of records in another form, as the log row holds it', () => {
    const time = new Date(T).toISOString();
    const base = { time, lat: 1.5, lng: 2, speed: 3, course: 4, accuracy: 5, enroute: true, street: 'A' };
    const odd: TelemetryRecord[] = [
      { ...base, time: '2026-03-02T15:00:00Z' },
      { street: 'A', time, lat: 1.5, lng: 2, speed: 3, course: 4, accuracy: 5, enroute: true },
      { ...base, extra: 1 } as TelemetryRecord,
      { ...base, accuracy: Number.NaN },
      { lat: 1.5, time, lng: 2, speed: 3, course: 4, accuracy: 5, enroute: true, street: 'A' },
    ];
    const held = createHeld(1, 10);
    for (const [i, record] of [...odd, base].entries()) holdEvent(held, eventOf(record, i), T);
    expect([...held.raw.keys()]).toEqual([0, 1, 2, 3, 4]);
    const block = roundTrip(held);
    [...odd, base].forEach((record, i) => expect(rowOfSample(block, i).data).toBe(JSON.stringify(record)));
    // Kept raw: their readers parse the JSON, which the columns do not give back.
    expect(odd.map((_, i) => sealedTelemetryOf(rowOfSample(block, i)))).toEqual(odd.map(() => null));
    expect(sealedTelemetryOf({ ...rowOfSample(block, 5) })).toBeNull();
  });

  // Rows that only look like the ingestor's form keep their JSON, with the columns a full parse gives (the fourth
  // is the ingestor's form exactly: its fields give it back).
  it('read near-canonical rows as a full parse would, keeping their JSON', () => {
    const at = T + 7;
    const head = `{"time":"${new Date(at).toISOString()}","lat":1.5,"lng":2,"speed":3,"course":4`;
    const rows: [string, number, string | null][] = [
      [`${head},"accuracy":null,"enroute":true,"street":null}`, 0, null],
      [`${head},"accuracy":-0,"enroute":true,"street":"A"}`, -0, 'A'],
      [`${head},"accuracy":5,"enroute":true,"street":"\\u0041"}`, 5, 'A'],
      [`${head},"accuracy":5,"enroute":false,"street":"A"}`, 5, 'A'],
      [`${head},"accuracy":5,"enroute":true,"street":"A","extra":1}`, 5, 'A'],
      [`${head},"accuracy":5,"enroute":true,"street":7}`, 5, null],
      [`${head},"accuracy":5,"enroute":true,"street":"A"}`, 5, 'A'],
    ];
    const held = createHeld(1, 20);
    rows.forEach(([data], i) =>
      holdRow(held, { seq: 20 + i, organization_id: 'org', type: 'PointRecorded', data, recorded_at: at }),
    );
    const block = roundTrip(held);
    expect([...block.raw.keys()]).toEqual([0, 1, 2, 4, 5]);
    rows.forEach(([data, accuracy, street], i) => {
      expect(rowOfSample(block, i).data).toBe(data);
      expect(block.accuracy[i]).toBe(accuracy);
      expect(block.strings[block.street[i] ?? 0] ?? null).toBe(street);
    });
  });
});
