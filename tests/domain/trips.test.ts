// The trip rules of access §5 and §8, the merge of settled per-asset queries, and the playback clock with the
// positions it gives: all pure, time passed in.
import { describe, expect, it } from 'vitest';
import {
  clockTime,
  createPlaybackClock,
  pause,
  play,
  positionsAt,
  progress,
  seek,
  setSpeed,
  settle,
  tripsTimeRange,
} from '#domain/trips/playback';
import { decodeTrips, mergeSettledTrips, tripBounds, type Trip } from '#domain/trips/trip';
import { tripSearchProblems } from '#domain/trips/tripRange';

const NOW = Date.parse('2026-03-02T15:00:00Z');
const HOUR = 3_600_000;

describe('trip search rules (access §5)', () => {
  const problems = (start: number | null, end: number | null, thingCount = 1) =>
    tripSearchProblems({ start, end, thingCount }, NOW).map(
      (problem) => `${problem.field}: ${problem.message}`,
    );

  it('accepts up to 24 hours in the past with 1 to 5 assets', () => {
    expect(problems(NOW - 24 * HOUR, NOW)).toEqual([]);
    expect(problems(NOW - HOUR, NOW - 1, 5)).toEqual([]);
  });

  it('names every broken rule with the product text', () => {
    expect(problems(null, NaN)).toEqual(['start: Must include valid dates', 'end: Must include valid dates']);
    expect(problems(NOW - HOUR, NOW + 1)).toEqual(['end: Must be past date']);
    expect(problems(NOW - HOUR, NOW - HOUR)).toEqual(['end: Dates must be different']);
    expect(problems(NOW - HOUR, NOW - 2 * HOUR)).toEqual(['end: End time must be after Start time']);
    expect(problems(NOW - 25 * HOUR, NOW - HOUR + 1)).toEqual(['end: Select up to 24 hours']);
    expect(problems(NOW - 2 * HOUR, NOW - HOUR, 0)).toEqual(['things: Must select at least 1 Asset']);
    expect(problems(NOW - 2 * HOUR, NOW - HOUR, 6)).toEqual(['things: 5 Assets max']);
  });
});

const run = (runId: string, startMs: number, points: [number, number][]) => ({
  run_id: runId,
  run_start: new Date(startMs).toISOString(),
  run_end: new Date(startMs + (points.length - 1) * 1000).toISOString(),
  run_duration: points.length - 1,
  is_active: false,
  points: points.map(([lng, lat], index) => ({
    lat,
    lng,
    course: 90,
    speed: 10 + index,
    timestamp: new Date(startMs + index * 1000).toISOString(),
  })),
});

describe('the merge of one trip query per asset (access §7, §8)', () => {
  it('shows what succeeded newest first and names what failed', () => {
    const merged = mergeSettledTrips([
      {
        thingId: 'a',
        thingName: 'Alpha',
        ok: true,
        data: { thing_id: 'a', runs: [run('1', NOW - HOUR, [[0, 0]])] },
      },
      {
        thingId: 'b',
        thingName: 'Bravo',
        ok: true,
        data: { thing_id: 'b', runs: [run('7', NOW - 1000, [[1, 1]]), { broken: true }] },
      },
      { thingId: 'c', thingName: 'Charlie', ok: false, status: 404 },
      { thingId: 'd', thingName: 'Delta', ok: false, status: 0 },
    ]);
    expect(merged.trips.map((trip) => trip.id)).toEqual(['b:7', 'a:1']);
    expect(merged.failures.map((failure) => failure.message)).toEqual([
      'Asset not found',
      'Connection failed',
    ]);
    expect(merged.error).toBeNull();
  });

  it('is an "Unknown Error" when every query failed', () => {
    const merged = mergeSettledTrips([
      { thingId: 'a', thingName: 'Alpha', ok: false, status: 500 },
      { thingId: 'b', thingName: 'Bravo', ok: true, data: 'not a trip' },
    ]);
    expect(merged.failures.map((failure) => failure.message)).toEqual(['Unknown failure', 'Unknown failure']);
    expect(merged.error).toBe('Unknown Error');
  });

  it('maps a run to a path of [lng, lat, 10] with per-point course, speed and time', () => {
    const [trip] =
      decodeTrips(
        {
          thing_id: 'a',
          runs: [
            run('1', NOW, [
              [-87.6, 41.8],
              [-87.5, 41.9],
            ]),
          ],
        },
        'Alpha',
      ) ?? [];
    expect(trip?.path).toEqual([
      [-87.6, 41.8, 10],
      [-87.5, 41.9, 10],
    ]);
    expect(trip?.speeds).toEqual([10, 11]);
    expect(trip?.duration).toBe(1000);
    expect(tripBounds(trip ? [trip] : [])).toEqual([
      [-87.6, 41.8],
      [-87.5, 41.9],
    ]);
  });
});

describe('playback on one clock', () => {
  const tripOf = (thingId: string, startMs: number, points: [number, number][]): Trip =>
    (decodeTrips({ thing_id: thingId, runs: [run('1', startMs, points)] }, thingId) ?? [])[0] as Trip;

  it('runs at its speed while playing, holds while paused, and stops at the end', () => {
    let clock = createPlaybackClock(NOW, NOW + 60_000, 0);
    expect(clockTime(clock, 5_000)).toBe(NOW);
    clock = setSpeed(play(clock, 1_000), 10, 1_000);
    expect(clockTime(clock, 2_000)).toBe(NOW + 10_000);
    clock = pause(clock, 3_000);
    expect(clockTime(clock, 9_000)).toBe(NOW + 20_000);
    clock = play(clock, 10_000);
    expect(clockTime(clock, 100_000)).toBe(NOW + 60_000);
    expect(progress(clock, 100_000)).toBe(1);
    clock = settle(clock, 100_000);
    expect(clock.playing).toBe(false);
    // Play at the end starts again from the beginning.
    expect(clockTime(play(clock, 200_000), 200_000)).toBe(NOW);
  });

  it('seeks within its range and keeps playing', () => {
    let clock = play(createPlaybackClock(NOW, NOW + 60_000, 0), 0);
    clock = seek(clock, NOW + 30_000, 5_000);
    expect(clockTime(clock, 6_000)).toBe(NOW + 31_000);
    expect(clockTime(seek(clock, NOW - 1, 0), 0)).toBe(NOW);
  });

  it('moves two assets in step, interpolating between their points, and parks one after its run', () => {
    const alpha = tripOf('a', NOW, [
      [0, 0],
      [10, 0],
      [20, 0],
    ]);
    const bravo = tripOf('b', NOW, [
      [0, 5],
      [0, 15],
    ]);
    expect(tripsTimeRange([alpha, bravo])).toEqual({ from: NOW, to: NOW + 2000 });
    const half = positionsAt([alpha, bravo], NOW + 500);
    expect(half.map((position) => [position.thingId, position.lng, position.lat, position.moving])).toEqual([
      ['a', 5, 0, true],
      ['b', 0, 10, true],
    ]);
    const later = positionsAt([alpha, bravo], NOW + 1500);
    expect(later.map((position) => [position.lng, position.lat, position.moving])).toEqual([
      [15, 0, true],
      [0, 15, false],
    ]);
    expect(positionsAt([alpha, bravo], NOW - 1)).toEqual([]);
  });
});
