// Sealed telemetry blocks (issue 36, store/telemetryBlock.ts) rebuild each row's JSON from their columns; the rows
// whose JSON the columns give back byte for byte are kept as columns only. The JSON is written field by field for
// speed: it must be what JSON.stringify makes of the same TelemetryRecord, for every kind of number and street,
// or every row would fall back to its raw JSON (the block would still be exact, but no longer compact).
import { describe, expect, it } from 'vitest';
import type { TelemetryRecord } from '#sim/store/events';
import {
  decodeTelemetryBlock,
  encodeTelemetryBlock,
  rowOfSample,
  type SealedSample,
} from '#sim/store/telemetryBlock';

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
    const samples: SealedSample[] = records.map((record, i) => {
      const at = T + i * 1_000 + 7;
      const data = JSON.stringify({ ...record, time: new Date(at).toISOString() });
      const { lat, lng, speed, course, enroute } = record;
      return {
        at,
        seq: 10 + i,
        lat,
        lng,
        speed,
        course,
        enroute,
        row: {
          organization_id: 'org',
          type: i % 2 ? 'HeartbeatRecorded' : 'PointRecorded',
          data,
          recorded_at: at + 300,
        },
      };
    });
    const block = decodeTelemetryBlock(encodeTelemetryBlock('thing', samples));
    expect(block.raw.size).toBe(0);
    samples.forEach((sample, i) => expect(rowOfSample(block, i).data).toBe(sample.row?.data));
  });

  // Rows that only look like the ingestor's form (a faster seal that reads fields off the text must not take them
  // for it) keep their JSON, with the columns a full parse gives.
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
    const samples: SealedSample[] = rows.map(([data], i) => ({
      at,
      seq: 20 + i,
      lat: 1.5,
      lng: 2,
      speed: 3,
      course: 4,
      enroute: true,
      row: { organization_id: 'org', type: 'PointRecorded', data, recorded_at: at },
    }));
    const block = decodeTelemetryBlock(encodeTelemetryBlock('thing', samples));
    expect([...block.raw.keys()]).toEqual([0, 1, 2, 3, 4, 5]);
    rows.forEach(([data, accuracy, street], i) => {
      expect(rowOfSample(block, i).data).toBe(data);
      expect(block.accuracy[i]).toBe(accuracy);
      expect(block.strings[block.street[i] ?? 0] ?? null).toBe(street);
    });
  });
});
