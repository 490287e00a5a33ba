// Replaying a recording: deterministic for a clock, real time or a speed factor, once or looped, scaled onto
// more devices than were recorded without stacking them, and inside the simulator every sample persisted and
// broadcast through the ingestion path. Clocks and schedulers are driven by hand.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import { parseRecording, type Recording } from '#sim/replay/recording';
import { createRecordingReplay, type ReplayTarget } from '#sim/replay/recordingReplay';
import { repoRoot } from '#sim/kernel/paths';
import { distanceMetres } from '#sim/streets/geometry';
import { connectCable } from './support/cableClient.ts';
import { countRows, manualClock, organizationIds, signIn, startHarness } from './support/simulatorHarness.ts';

const START = Date.parse('2026-05-04T08:00:00.000Z');
const recording: Recording = parseRecording(
  fs.readFileSync(path.join(repoRoot, 'fixtures', 'recordings', 'responders.ndjson'), 'utf8'),
);
const duration = recording.header.duration_ms;
const trackCount = recording.header.devices.length;

function targets(count: number): ReplayTarget[] {
  return Array.from({ length: count }, (_, index) => ({
    deviceId: `TARGET-${index}`,
    deviceType: index % 2 === 0 ? 'ha7' : 'api',
  }));
}

function play(
  options: { devices: number; speed?: number; loop?: boolean },
  until: number,
  spacingMs: number,
): TelemetrySample[] {
  const replay = createRecordingReplay({
    recording,
    devices: targets(options.devices),
    startAt: START,
    ...(options.speed === undefined ? {} : { speed: options.speed }),
    ...(options.loop === undefined ? {} : { loop: options.loop }),
  });
  const samples: TelemetrySample[] = [];
  for (let now = START; now < until; now += spacingMs) samples.push(...replay.advanceTo(now));
  samples.push(...replay.advanceTo(until));
  return samples;
}

function byDevice(samples: readonly TelemetrySample[]): Map<string, TelemetrySample[]> {
  const grouped = new Map<string, TelemetrySample[]>();
  for (const sample of samples)
    grouped.set(sample.device_id, [...(grouped.get(sample.device_id) ?? []), sample]);
  return grouped;
}

describe('playing a recording', () => {
  it('gives the same samples for the same clock readings however the calls are spaced', () => {
    const once = play({ devices: 25 }, START + 90_000, 1_000);
    expect(once.length).toBeGreaterThan(1_000);
    expect(play({ devices: 25 }, START + 90_000, 3_700)).toEqual(once);
    expect(play({ devices: 25 }, START + 90_000, 250)).toEqual(once);
  });

  it('plays in real time: what was recorded in the first minute comes out in the first minute, renamed', () => {
    const samples = play({ devices: trackCount }, START + 60_000, 1_000);
    const recorded = recording.samples.filter(
      (sample) => Date.parse(sample.time) - Date.parse(recording.header.started_at) <= 60_000,
    );
    expect(samples).toHaveLength(recorded.length);
    const first = recording.header.devices[0];
    const original = recorded.filter((sample) => sample.device_id === first?.device_id);
    const replayed = samples.filter((sample) => sample.device_id === 'TARGET-0');
    expect(replayed.map((sample) => [sample.lat, sample.lng, sample.speed, sample.kind])).toEqual(
      original.map((sample) => [sample.lat, sample.lng, sample.speed, sample.kind]),
    );
    expect(replayed.every((sample) => sample.device_type === 'ha7')).toBe(true);
    expect(replayed.map((sample) => Date.parse(sample.time) - START)).toEqual(
      original.map((sample) => Date.parse(sample.time) - Date.parse(recording.header.started_at)),
    );
  });

  it('at speed 4 plays the whole recording once in a quarter of its length, then stops unless looping', () => {
    const quarter = START + duration / 4;
    const once = play({ devices: trackCount, speed: 4, loop: false }, quarter, 1_000);
    expect(once).toHaveLength(recording.samples.length);
    expect(play({ devices: trackCount, speed: 4, loop: false }, quarter + 600_000, 5_000)).toHaveLength(
      recording.samples.length,
    );
    const looped = play({ devices: trackCount, speed: 4 }, START + (duration * 3) / 4, 5_000);
    expect(looped.length).toBeGreaterThan(recording.samples.length * 2.9);
    for (const samples of byDevice(looped).values()) {
      const times = samples.map((sample) => Date.parse(sample.time));
      expect(times.every((time, index) => index === 0 || time > (times[index - 1] ?? 0))).toBe(true);
    }
  });

  it('scales to more devices than recorded without stacking them or moving them in step', () => {
    const devices = trackCount * 20;
    const samples = play({ devices, loop: false }, START + duration, 10_000);
    expect(samples).toHaveLength(recording.samples.length * 20);
    expect(new Set(samples.map((sample) => sample.device_id)).size).toBe(devices);
    // At one instant, the latest position of every device: no two copies of a track within 20 m.
    const latest = new Map<string, TelemetrySample>();
    for (const sample of samples) {
      if (Date.parse(sample.time) <= START + 120_000) latest.set(sample.device_id, sample);
    }
    const trackOf = (deviceId: string) => Number(deviceId.replace('TARGET-', '')) % trackCount;
    const positions = [...latest.values()].map((sample) => ({
      track: trackOf(sample.device_id),
      at: [sample.lng, sample.lat] as const,
    }));
    let stacked = 0;
    for (let a = 0; a < positions.length; a += 1) {
      for (let b = a + 1; b < positions.length; b += 1) {
        const pa = positions[a];
        const pb = positions[b];
        if (pa && pb && pa.track === pb.track && distanceMetres(pa.at, pb.at) < 20) stacked += 1;
      }
    }
    expect(latest.size).toBeGreaterThan(devices * 0.8);
    expect(stacked).toBe(0);
  });
});

describe('a recording replayed inside the simulator', () => {
  const clock = manualClock(START);
  const tasks: (() => void | Promise<void>)[] = [];
  const scheduler = {
    every: (_intervalMs: number, task: () => void | Promise<void>) => {
      tasks.push(task);
      return () => tasks.splice(tasks.indexOf(task), 1);
    },
  };
  let harness: Awaited<ReturnType<typeof startHarness>>;

  beforeAll(async () => {
    harness = await startHarness({ clock, replay: { scheduler, recording: { recording, speed: 2 } } });
  });
  afterAll(async () => {
    await harness.close();
  });

  it('persists every sample as an event and broadcasts it to subscribers', async () => {
    const url = await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const { access_token: token } = await signIn(harness.app, 'user@demo.test');
    const cable = await connectCable(url, token);
    await cable.subscribe(organizationIds(harness.app).coordination);
    const eventsBefore = countRows(harness.app, 'events');
    const broadcastsBefore = harness.app.broadcaster.stats().broadcasts;

    const expected = createRecordingReplay({
      recording,
      devices: harness.app.eventLog.db
        .prepare<[], { system_identifier: string; device_type: 'ha5' | 'ha7' | 'api' }>(
          `SELECT system_identifier, device_type FROM things_with_state
           WHERE is_active = 1 AND lat IS NOT NULL AND sim_behaviour <> 'silent' ORDER BY id`,
        )
        .all()
        .map((row) => ({ deviceId: row.system_identifier, deviceType: row.device_type })),
      startAt: START,
      speed: 2,
    });
    let sampleCount = 0;
    for (let second = 0; second < 20; second += 1) {
      clock.advance(1_000);
      sampleCount += expected.advanceTo(clock.now()).length;
      for (const task of tasks) await task();
    }
    expect(sampleCount).toBeGreaterThan(20 * harness.app.replay.vehicleCount * 0.8);
    expect(countRows(harness.app, 'events') - eventsBefore).toBe(sampleCount);
    const broadcasts = harness.app.broadcaster.stats().broadcasts - broadcastsBefore;
    expect(broadcasts).toBeGreaterThanOrEqual(sampleCount);
    const point = await cable.next((frame) => frame.message?.type === 'point');
    expect(point.message?.data).toMatchObject({ enroute: true });
    cable.close();
  });
});
