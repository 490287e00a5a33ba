// The replayed moment the Replay banner names: it stands still while paused, runs `speed` times the wall clock
// while playing, keeps its place across a change of speed, and the speed stays within 1× to 60×.
import { describe, expect, it } from 'vitest';
import { clampReplaySpeed, ReplayClock } from '../../client/live/replayClock.ts';

const PAST = Date.parse('2026-11-26T09:00:00Z');

describe('the replay clock', () => {
  it('stands still until played, then runs at its speed, and stops where paused', () => {
    const clock = new ReplayClock(PAST, 10);
    expect(clock.now(1_000)).toBe(PAST);
    clock.play(1_000);
    expect(clock.now(3_000)).toBe(PAST + 20_000);
    clock.pause(4_000);
    expect(clock.now(60_000)).toBe(PAST + 30_000);
  });

  it('keeps its place when the speed changes while playing', () => {
    const clock = new ReplayClock(PAST, 1);
    clock.play(0);
    clock.setSpeed(60, 2_000);
    expect(clock.now(2_000)).toBe(PAST + 2_000);
    expect(clock.now(3_000)).toBe(PAST + 62_000);
  });

  it('moves to a stepped moment and goes on from there', () => {
    const clock = new ReplayClock(PAST, 2);
    clock.play(0);
    clock.moveTo(PAST + 60_000, 5_000);
    expect(clock.now(6_000)).toBe(PAST + 62_000);
    expect(clock.playing).toBe(true);
  });

  it('keeps the speed between 1× and 60×', () => {
    expect(clampReplaySpeed(0)).toBe(1);
    expect(clampReplaySpeed(600)).toBe(60);
    expect(clampReplaySpeed(Number.NaN)).toBe(1);
    expect(new ReplayClock(PAST, 15).speed).toBe(15);
  });
});
