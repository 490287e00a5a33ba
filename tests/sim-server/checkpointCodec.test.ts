// The compact picture checkpoint (issue 36 item 3, store/checkpointCodec.ts): a whole checkpoint and one of changes
// give back every column exactly, whatever the numbers (nulls, -0, floats no power of ten holds, huge ones), with
// things that appeared, changed, stayed and went; and a checkpoint of changes writes only what changed.
import { describe, expect, it } from 'vitest';
import {
  decodeCheckpoint,
  encodeCheckpoint,
  pictureOf,
  type CheckpointRow,
} from '#sim/store/checkpointCodec';

const T = Date.parse('2026-03-02T15:00:00.000Z');

function row(thingKey: number, overrides: Partial<CheckpointRow> = {}): CheckpointRow {
  return {
    thingKey,
    lat: 41.8781 + thingKey * 0.001,
    lng: -87.6298 - thingKey * 0.0007,
    speed: 12.5,
    course: 180,
    accuracy: 4,
    enroute: true,
    street: 'S STATE ST',
    heartbeatAt: T - 1_000,
    runId: String(1_000 + thingKey),
    updatedAt: T - 330,
    ...overrides,
  };
}

const odd: CheckpointRow[] = [
  row(1),
  row(2, { lat: 0.1 + 0.2, lng: -0, speed: 1e-7, course: 359.99999999999994, accuracy: null }),
  row(5, { lat: null, lng: null, speed: null, course: null, street: null, heartbeatAt: null, runId: null }),
  row(9, { lat: 90, lng: -180, speed: 123.456789012345, course: 1e300, updatedAt: 2 ** 51 }),
  row(10, { street: 'N "QUOTED" ÅVE \\ 北', enroute: false, heartbeatAt: T + 0.5 }),
  row(2 ** 40, { updatedAt: -86_400_000, heartbeatAt: 2 ** 52 + 2 }),
];

const exactly = (rows: CheckpointRow[]) =>
  rows.map((r) => ({ ...r, lng: Object.is(r.lng, -0) ? '-0' : r.lng }));

describe('compact picture checkpoints', () => {
  it('give back every column of a whole checkpoint exactly', () => {
    const decoded = decodeCheckpoint(encodeCheckpoint(odd, T, null), T, null);
    expect(exactly(decoded.rows)).toEqual(exactly(odd));
    expect(decoded.byKey.get(5)).toEqual(odd[2]);
  });

  it('give back a checkpoint of changes exactly, with things new, changed, the same and gone', () => {
    const base = pictureOf(odd);
    const next: CheckpointRow[] = [
      row(1, { lat: 41.9, updatedAt: T + 9_000, heartbeatAt: T + 8_000 }),
      odd[1] as CheckpointRow,
      row(5, { lat: 41.7, lng: -87.6, runId: '77', street: 'W MADISON ST' }),
      row(7),
      row(10, { street: null, speed: 0.30000000000000004 }),
      odd[5] as CheckpointRow,
    ];
    const blob = encodeCheckpoint(next, T + 10_000, base);
    const decoded = decodeCheckpoint(blob, T + 10_000, base);
    expect(exactly(decoded.rows)).toEqual(exactly(next));
    expect(decoded.byKey.has(9)).toBe(false);
  });

  it('write only what changed: a checkpoint of the same states is a few bytes whatever the fleet', () => {
    const fleet = Array.from({ length: 2_000 }, (_, i) =>
      row(i + 1, { heartbeatAt: T - i, updatedAt: T - i }),
    );
    const whole = encodeCheckpoint(fleet, T, null);
    const unchanged = encodeCheckpoint(fleet, T + 10_000, pictureOf(fleet));
    expect(unchanged.length).toBeLessThan(16);
    expect(whole.length / fleet.length).toBeLessThan(16);
    // A tenth moved: about a tenth of the whole.
    const moved = fleet.map((r, i) => (i % 10 === 0 ? { ...r, lat: (r.lat ?? 0) + 0.0004 } : r));
    const changes = encodeCheckpoint(moved, T + 10_000, pictureOf(fleet));
    expect(changes.length).toBeLessThan(whole.length / 4);
    expect(exactly(decodeCheckpoint(changes, T + 10_000, pictureOf(fleet)).rows)).toEqual(exactly(moved));
  });
});
