// The two forms of a sealed telemetry block (store/telemetryBlock.ts, docs/telemetry.md "Sealed telemetry blocks"):
// version 2, written since issue 36's ingestion work (not deflated: deltas or deltas of deltas per column, runs of
// flags, organizations and streets), and version 1, issue 36's first form (deflated), which files written before
// still hold and which must decode to the same columns. Every number must come back exactly, whichever way its
// column was written.
import { describe, expect, it } from 'vitest';
import {
  decodeTelemetryBlock,
  encodeTelemetryBlock,
  ENROUTE,
  HEARTBEAT,
  isLogSample,
  NOT_IN_LOG,
  rowOfSample,
  type SampleColumns,
  type TelemetryBlock,
} from '#sim/store/telemetryBlock';

const T = Date.parse('2026-03-01T15:00:00.000Z');

/** Four samples as the trip store holds them: an organization gone null once, a raw row, a sample not in the log. */
const fourSamples = (): SampleColumns => ({
  length: 4,
  seq: [101, 102, 105, 109],
  recordedAt: [T + 300, T + 1_300, T + 2_300, T + 3_300],
  at: [T, T + 1_000, T + 2_000, T + 3_000],
  lat: [41.878113, 41.878201, 0.1 + 0.2, 41.8783],
  lng: [-87.629798, -87.6297, -87.6296, -87.6295],
  speed: [12.5, 0, 3.25, 7],
  course: [180, 181.5, 359, 0],
  accuracy: [4, 5, 3, 8],
  flags: [ENROUTE, HEARTBEAT, NOT_IN_LOG, 0],
  organization: ['org-1', 'org-1', null, 'org-1'],
  street: ['S STATE ST', null, 'S STATE ST', 'W LAKE ST'],
  raw: new Map([[3, '{"time":"2026-03-01T15:00:03Z","lat":41.8783}']]),
});

/** `fourSamples` as the version 1 encoder (deflated, before issue 36's ingestion work) wrote them, byte for byte. */
const VERSION_1_BLOB =
  'Y2RhYS/JyMxL101kzS9K1zXkClYIDnEMcVUIDuEMV/Bx9AaxGE4xMrFxMNy4dW7e1PQL/CDI0HANwfnPuGjGHsa0Dy4OjhrvH2d8cHEwMQaBy/' +
  'ZXOTOUcj64OLCd/n8i+AjjCcYTjExHhA8Ld7G+Y2WcICN3T7rbgoGDiZmLiYmZkYmBg4GZhYlFt1qpJDM3VclKycjAyEzXwFjXwDDE0NTKwMDK' +
  'wDhKSUcpJ7FEycrEUM/C3MK4FgA=';

const all = (samples: SampleColumns) => Array.from({ length: samples.length }, (_, i) => i);
const columnNames = ['seq', 'recordedAt', 'at', 'lat', 'lng', 'speed', 'course', 'accuracy'] as const;

/** The block's samples as the columns it was written from (exact: -0 and NaN compared as themselves). */
function expectSamples(block: TelemetryBlock, samples: SampleColumns) {
  expect(block.length).toBe(samples.length);
  for (const name of columnNames)
    for (let i = 0; i < samples.length; i += 1)
      expect(Object.is(block[name][i], samples[name][i]), `${name}[${i}]`).toBe(true);
  for (let i = 0; i < samples.length; i += 1) {
    const flags = samples.flags[i] ?? 0;
    expect((block.flags[i] ?? 0) & (HEARTBEAT | ENROUTE | NOT_IN_LOG)).toBe(flags);
    expect(block.enroute[i]).toBe(flags & ENROUTE ? 1 : 0);
    expect(block.strings[block.organization[i] ?? 0]).toBe(samples.organization[i]);
    expect(block.strings[block.street[i] ?? 0]).toBe(samples.street[i]);
  }
}

describe('sealed telemetry blocks', () => {
  it('decode a version 1 (deflated) blob of a file written before version 2 to the columns it was written from', () => {
    const block = decodeTelemetryBlock(Buffer.from(VERSION_1_BLOB, 'base64'));
    expect(block.streamId).toBe('thing-a');
    expectSamples(block, fourSamples());
    expect(rowOfSample(block, 3).data).toBe('{"time":"2026-03-01T15:00:03Z","lat":41.8783}');
    expect([0, 1, 2, 3].map((i) => isLogSample(block, i))).toEqual([true, true, false, true]);
  });

  it('write version 2 that decodes to the same columns, not deflated', () => {
    const samples = fourSamples();
    const blob = encodeTelemetryBlock('thing-a', samples, all(samples));
    expect(blob[0]).toBe(0xff);
    const block = decodeTelemetryBlock(blob);
    expect(block.streamId).toBe('thing-a');
    expectSamples(block, samples);
    expect(rowOfSample(block, 3).data).toBe('{"time":"2026-03-01T15:00:03Z","lat":41.8783}');
    const old = decodeTelemetryBlock(Buffer.from(VERSION_1_BLOB, 'base64'));
    expect({ ...block, raw: [...block.raw] }).toEqual({ ...old, raw: [...old.raw] });
  });

  // Each column is written as deltas or deltas of deltas, whichever is shorter, or as float64s when no scale holds
  // it: values that step evenly, that jump, that no decimal scale holds, and that would lose a bit as deltas.
  it('give back every number exactly whichever way its column is written', () => {
    const length = 300;
    const steady = (start: number, step: number) => Array.from({ length }, (_, i) => start + i * step);
    const jumpy = Array.from({ length }, (_, i) => ((i * 7919) % 1000) / 100 - 5);
    const samples: SampleColumns = {
      length,
      seq: steady(1_000_000, 2_000),
      recordedAt: Array.from({ length }, (_, i) => T + i * 1_000 + (i % 3)),
      at: steady(T, 1_000),
      lat: Array.from({ length }, (_, i) => Math.round((41.8 + i * 0.00009 + (i % 5) * 1e-6) * 1e6) / 1e6),
      lng: jumpy,
      speed: Array.from({ length }, (_, i) => (i === 7 ? -0 : i === 9 ? Number.NaN : i * 0.1)),
      course: Array.from({ length }, (_, i) => (i % 2 ? 2 ** 52 + 2 : -(2 ** 52))),
      accuracy: Array.from({ length }, (_, i) => (i === 100 ? 1e-300 : 3 + (i % 6))),
      flags: Array.from({ length }, (_, i) => (i < 120 ? ENROUTE : i % 10 ? HEARTBEAT : 0)),
      organization: Array.from({ length }, (_, i) => (i < 200 ? 'org-1' : 'org-2')),
      street: Array.from({ length }, (_, i) => (i % 50 < 40 ? `STREET ${Math.floor(i / 50)}` : null)),
      raw: new Map(),
    };
    expectSamples(decodeTelemetryBlock(encodeTelemetryBlock('thing-b', samples, all(samples))), samples);
  });

  // The reason for deltas of deltas and runs: a thing reporting every second costs a few bytes a sample.
  it('cost a few bytes a sample for a thing reporting every second on one street', () => {
    const length = 600;
    const samples: SampleColumns = {
      length,
      seq: Array.from({ length }, (_, i) => 5_000_000 + i * 2_000 + (i % 4)),
      recordedAt: Array.from({ length }, (_, i) => T + i * 1_000 + 250),
      at: Array.from({ length }, (_, i) => T + i * 1_000),
      lat: Array.from({ length }, (_, i) => Math.round((41.8 + i * 0.00009) * 1e6) / 1e6),
      lng: Array.from({ length }, (_, i) => Math.round((-87.6 + i * 0.00004) * 1e6) / 1e6),
      speed: Array.from({ length }, (_, i) => 8 + (i % 50) / 10),
      course: Array.from({ length }, (_, i) => 90 + (i % 40)),
      accuracy: Array.from({ length }, (_, i) => 3 + (i % 6)),
      flags: Array.from({ length }, () => ENROUTE),
      organization: Array.from({ length }, () => 'org-1'),
      street: Array.from({ length }, () => 'S STATE ST'),
      raw: new Map(),
    };
    const blob = encodeTelemetryBlock('thing-c', samples, all(samples));
    expectSamples(decodeTelemetryBlock(blob), samples);
    expect(blob.length / length).toBeLessThan(10);
  });

  it('refuse a run that does not fit its block', () => {
    const samples = fourSamples();
    const blob = encodeTelemetryBlock('thing-a', samples, all(samples));
    // The last run (the streets') claims one sample more than the block holds: its count is the byte before the raw
    // row's text (length-prefixed, 46 bytes).
    const rawLength = Buffer.byteLength(samples.raw.get(3) ?? '') + 1;
    const corrupted = Buffer.from(blob);
    const countAt = corrupted.length - rawLength - 1;
    corrupted[countAt] = (corrupted[countAt] ?? 0) + 1;
    expect(() => decodeTelemetryBlock(corrupted)).toThrow(/run does not fit/);
  });
});
