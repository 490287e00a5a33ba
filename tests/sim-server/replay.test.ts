// The replay engine: deterministic for a seed and a sequence of times, vehicles on streets at city speeds,
// points once a second while en route and heartbeats every 10–30 s otherwise. No real timers: the clock and the
// scheduler are driven by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import { createReplayEngine, type ReplayVehicle } from '#sim/replay/replayEngine';
import { seededRandom } from '#sim/kernel/random';
import { chicagoStreetsPath, resolveSharedDir } from '#sim/kernel/paths';
import { buildEdgeIndex } from '#sim/streets/edgeIndex';
import { readStreetLines } from '#sim/streets/streetLines';
import { cachedStreetNetwork } from '#sim/streets/streetNetwork';
import { seededVehicles } from './support/seededVehicles.ts';
import { countRows, manualClock, startHarness, type Harness } from './support/simulatorHarness.ts';
import { metresFromNearestDrivableStreet } from './support/streetDistance.ts';

const START = Date.parse('2026-03-02T15:00:00.000Z');
const streetsFile = chicagoStreetsPath(resolveSharedDir());
const network = cachedStreetNetwork(streetsFile, () => readStreetLines(streetsFile));
const index = buildEdgeIndex(network);

let world: Harness;
let vehicles: ReplayVehicle[];

beforeAll(async () => {
  world = await startHarness({ clock: manualClock(START) });
  vehicles = seededVehicles(world.app);
});
afterAll(async () => {
  await world.close();
});

function engine(seed: number) {
  return createReplayEngine({
    network,
    index,
    vehicles,
    random: seededRandom(seed),
    startAt: START,
    roamCentre: [-87.6167, 41.8623],
    roamRadiusMetres: 10_000,
  });
}

/** Runs an engine to `until`, calling it every `spacingMs`. */
function run(seed: number, until: number, spacingMs: number): TelemetrySample[] {
  const replay = engine(seed);
  const samples: TelemetrySample[] = [];
  for (let now = START; now <= until; now += spacingMs) samples.push(...replay.advanceTo(now));
  samples.push(...replay.advanceTo(until));
  return samples;
}

function byDevice(samples: readonly TelemetrySample[]): Map<string, TelemetrySample[]> {
  const grouped = new Map<string, TelemetrySample[]>();
  for (const sample of samples) {
    const list = grouped.get(sample.device_id);
    if (list) list.push(sample);
    else grouped.set(sample.device_id, [sample]);
  }
  return grouped;
}

const TWENTY_MINUTES = 20 * 60_000;
let twentyMinutes: TelemetrySample[];

beforeAll(() => {
  twentyMinutes = run(7, START + TWENTY_MINUTES, 30_000);
});

describe('determinism', () => {
  it('gives the same samples for a seed however the calls are spaced', () => {
    expect(run(7, START + TWENTY_MINUTES, 1_000)).toEqual(twentyMinutes);
    expect(run(7, START + TWENTY_MINUTES, 2_700)).toEqual(twentyMinutes);
  });

  it('gives other samples for another seed', () => {
    expect(run(8, START + TWENTY_MINUTES, 30_000)).not.toEqual(twentyMinutes);
  });
});

describe('vehicles', () => {
  it('stay on the streets of the source file, never on off-street trails', () => {
    // Every 13th sample: a few thousand positions spread over all vehicles and the whole run.
    for (let position = 0; position < twentyMinutes.length; position += 13) {
      const sample = twentyMinutes[position];
      if (sample) expect(metresFromNearestDrivableStreet(sample.lat, sample.lng)).toBeLessThan(0.5);
    }
  });

  it('drive at city speeds and cover about what their speed says between two points', () => {
    const points = twentyMinutes.filter((sample) => sample.kind === 'point');
    expect(points.length).toBeGreaterThan(10_000);
    expect(Math.max(...points.map((sample) => sample.speed))).toBeLessThanOrEqual(17);
    const moving = points.filter((sample) => sample.speed > 0);
    const meanSpeed = moving.reduce((sum, sample) => sum + sample.speed, 0) / moving.length;
    expect(meanSpeed).toBeGreaterThan(5);
    expect(meanSpeed).toBeLessThan(15);
    // Straight-line distance never exceeds the distance driven along the street, except where a turn crosses
    // an intersection whose vertices were snapped together (each within 5 m of it): allow that rarely.
    let steps = 0;
    let withinSpeed = 0;
    let farJumps = 0;
    for (const samples of byDevice(points).values()) {
      for (let position = 1; position < samples.length; position += 1) {
        const before = samples[position - 1];
        const after = samples[position];
        if (!before || !after || Date.parse(after.time) - Date.parse(before.time) !== 1_000) continue;
        const metres = Math.hypot((after.lat - before.lat) * 111_195, (after.lng - before.lng) * 82_900);
        steps += 1;
        if (metres <= after.speed + 0.5) withinSpeed += 1;
        if (metres > after.speed + 21) farJumps += 1;
      }
    }
    expect(steps).toBeGreaterThan(10_000);
    expect(withinSpeed / steps).toBeGreaterThan(0.99);
    expect(farJumps).toBe(0);
  });

  it('send a point every second while en route and a heartbeat every 10 to 30 s while parked', () => {
    const pointGaps = new Set<number>();
    const heartbeatGaps: number[] = [];
    let mislabelled = 0;
    for (const samples of byDevice(twentyMinutes).values()) {
      for (let position = 1; position < samples.length; position += 1) {
        const before = samples[position - 1];
        const after = samples[position];
        if (!before || !after) continue;
        const gap = Date.parse(after.time) - Date.parse(before.time);
        if (before.kind === 'point' && after.kind === 'point') pointGaps.add(gap);
        if (before.kind === 'heartbeat' && after.kind === 'heartbeat') heartbeatGaps.push(gap);
        if (after.enroute !== (after.kind === 'point')) mislabelled += 1;
      }
    }
    expect([...pointGaps]).toEqual([1_000]);
    expect(heartbeatGaps.length).toBeGreaterThan(1_000);
    expect(Math.min(...heartbeatGaps)).toBeGreaterThanOrEqual(10_000);
    expect(Math.max(...heartbeatGaps)).toBeLessThanOrEqual(30_000);
    expect(mislabelled).toBe(0);
  });

  it('leaves silent devices silent and parked ones in place', () => {
    const devices = byDevice(twentyMinutes);
    for (const vehicle of vehicles.filter((candidate) => candidate.behaviour === 'silent')) {
      expect(devices.has(vehicle.deviceId)).toBe(false);
    }
    const parked = vehicles.filter((candidate) => candidate.behaviour === 'parked');
    expect(parked.length).toBeGreaterThan(0);
    for (const vehicle of parked) {
      const samples = devices.get(vehicle.deviceId) ?? [];
      expect(samples.length).toBeGreaterThanOrEqual(40);
      expect(new Set(samples.map((sample) => `${sample.lat},${sample.lng}`)).size).toBe(1);
    }
  });

  it('turn at intersections onto other streets', () => {
    const streetsPerVehicle = [...byDevice(twentyMinutes).values()].map(
      (samples) => new Set(samples.map((sample) => sample.street)).size,
    );
    expect(Math.max(...streetsPerVehicle)).toBeGreaterThanOrEqual(3);
    expect(streetsPerVehicle.filter((count) => count >= 2).length).toBeGreaterThan(20);
  });
});

describe('replay inside the simulator', () => {
  it('feeds its samples through ingestion on each tick of the injected scheduler', async () => {
    const tasks: (() => void | Promise<void>)[] = [];
    const scheduler = {
      every: (_intervalMs: number, task: () => void | Promise<void>) => {
        tasks.push(task);
        return () => tasks.splice(tasks.indexOf(task), 1);
      },
    };
    const clock = manualClock(START);
    const harness = await startHarness({ clock, replay: { scheduler } });
    try {
      expect(tasks).toHaveLength(1);
      const eventsBefore = countRows(harness.app, 'events');
      const positionsBefore = harness.app.eventLog.db
        .prepare('SELECT id, lat, lng FROM things_with_state ORDER BY id')
        .all();
      for (let second = 0; second < 30; second += 1) {
        clock.advance(1_000);
        for (const task of tasks) await task();
      }
      const recorded = harness.app.eventLog.db
        .prepare<[number], { type: string; n: number }>(
          'SELECT type, count(*) AS n FROM events WHERE seq > ? GROUP BY type ORDER BY type',
        )
        .all(eventsBefore);
      expect(recorded.map((row) => row.type)).toEqual(['HeartbeatRecorded', 'PointRecorded']);
      expect(recorded.find((row) => row.type === 'PointRecorded')?.n).toBeGreaterThan(30 * 50);
      const positionsAfter = harness.app.eventLog.db
        .prepare('SELECT id, lat, lng FROM things_with_state ORDER BY id')
        .all();
      expect(positionsAfter).not.toEqual(positionsBefore);
      expect(harness.app.replay.steppedUntil).toBe(clock.now());
    } finally {
      await harness.close();
    }
    expect(tasks).toHaveLength(0);
  });
});
