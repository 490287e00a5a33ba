// Playback of several assets' trips on one clock (issue 16): play and pause, a speed of 1× to 60×, a scrubber that
// seeks, and where each asset is at the clock's time. Pure: the wall-clock time comes in as `wallNow` (ms) at each
// call, so the same calls give the same positions, and the screen only asks for frames.
import type { Trip } from './trip.ts';

export const PLAYBACK_SPEEDS = [1, 2, 5, 10, 30, 60] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

export type PlaybackClock = {
  /** The trip time the clock runs over, unix ms. */
  from: number;
  to: number;
  playing: boolean;
  speed: PlaybackSpeed;
  /** Trip time at `anchorWall`; while paused, the time shown. */
  anchorTime: number;
  /** Wall time when the clock was last started, re-timed or sought. */
  anchorWall: number;
};

export function createPlaybackClock(from: number, to: number, wallNow: number): PlaybackClock {
  return { from, to: Math.max(from, to), playing: false, speed: 1, anchorTime: from, anchorWall: wallNow };
}

/** The trip time the clock shows at `wallNow`: it runs at `speed` while playing and stops at the end. */
export function clockTime(clock: PlaybackClock, wallNow: number): number {
  if (!clock.playing) return clock.anchorTime;
  return Math.min(clock.to, clock.anchorTime + Math.max(0, wallNow - clock.anchorWall) * clock.speed);
}

/** Whether the clock has reached the end of its range. */
export function hasEnded(clock: PlaybackClock, wallNow: number): boolean {
  return clockTime(clock, wallNow) >= clock.to;
}

/** Starts the clock; at the end it starts again from the beginning. */
export function play(clock: PlaybackClock, wallNow: number): PlaybackClock {
  const time = clockTime(clock, wallNow);
  return { ...clock, playing: true, anchorTime: time >= clock.to ? clock.from : time, anchorWall: wallNow };
}

export function pause(clock: PlaybackClock, wallNow: number): PlaybackClock {
  return { ...clock, playing: false, anchorTime: clockTime(clock, wallNow), anchorWall: wallNow };
}

/** A clock that has run to its end stops there (the play button offers to start again). */
export function settle(clock: PlaybackClock, wallNow: number): PlaybackClock {
  return clock.playing && hasEnded(clock, wallNow) ? pause(clock, wallNow) : clock;
}

export function setSpeed(clock: PlaybackClock, speed: PlaybackSpeed, wallNow: number): PlaybackClock {
  return { ...clock, speed, anchorTime: clockTime(clock, wallNow), anchorWall: wallNow };
}

/** Moves the clock to `time` (kept within its range); it keeps playing if it was. */
export function seek(clock: PlaybackClock, time: number, wallNow: number): PlaybackClock {
  return { ...clock, anchorTime: Math.min(clock.to, Math.max(clock.from, time)), anchorWall: wallNow };
}

/** Where the clock's share of its range is, 0 to 1, for the scrubber. */
export function progress(clock: PlaybackClock, wallNow: number): number {
  const span = clock.to - clock.from;
  return span <= 0 ? 1 : (clockTime(clock, wallNow) - clock.from) / span;
}

// ---------------------------------------------------------------------------------------------
// Positions

export type PlaybackPosition = {
  thingId: string;
  thingName: string;
  tripId: string;
  lng: number;
  lat: number;
  /** Degrees and metres per second of the point the asset last passed. */
  course: number;
  speed: number;
  /** Whether the asset is inside a run at this time (between runs it waits where the last one ended). */
  moving: boolean;
};

/** The index of the last timestamp at or before `time`, or -1. */
function lastIndexAtOrBefore(timestamps: readonly number[], time: number): number {
  let low = 0;
  let high = timestamps.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((timestamps[middle] ?? Infinity) <= time) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** Where a trip's asset is at `time`, between two points by straight line; null before its first point. */
export function positionOnTrip(trip: Trip, time: number): PlaybackPosition | null {
  const index = lastIndexAtOrBefore(trip.timestamps, time);
  if (index < 0) return null;
  const here = trip.path[index];
  if (!here) return null;
  const next = trip.path[index + 1];
  const hereAt = trip.timestamps[index] ?? time;
  const nextAt = trip.timestamps[index + 1];
  const share = next && nextAt !== undefined && nextAt > hereAt ? (time - hereAt) / (nextAt - hereAt) : 0;
  return {
    thingId: trip.thingId,
    thingName: trip.thingName,
    tripId: trip.id,
    lng: next ? here[0] + (next[0] - here[0]) * share : here[0],
    lat: next ? here[1] + (next[1] - here[1]) * share : here[1],
    course: trip.courses[index] ?? 0,
    speed: trip.speeds[index] ?? 0,
    moving: next !== undefined,
  };
}

/**
 * Each asset's position at `time`, one per asset in the order the assets first appear: inside the run that holds
 * the time, else where its latest earlier run ended. Assets with nothing before `time` are left out.
 */
export function positionsAt(trips: readonly Trip[], time: number): PlaybackPosition[] {
  const best = new Map<string, { start: number; position: PlaybackPosition }>();
  const order: string[] = [];
  for (const trip of trips) {
    if (!best.has(trip.thingId) && !order.includes(trip.thingId)) order.push(trip.thingId);
    if (trip.start > time) continue;
    const position = positionOnTrip(trip, time);
    if (!position) continue;
    const known = best.get(trip.thingId);
    if (!known || trip.start > known.start) best.set(trip.thingId, { start: trip.start, position });
  }
  return order.flatMap((thingId) => {
    const found = best.get(thingId);
    return found ? [found.position] : [];
  });
}

/** The time range the trips cover: the earliest start to the latest end, or null for none. */
export function tripsTimeRange(trips: readonly Trip[]): { from: number; to: number } | null {
  if (trips.length === 0) return null;
  let from = Infinity;
  let to = -Infinity;
  for (const trip of trips) {
    from = Math.min(from, trip.timestamps[0] ?? trip.start);
    to = Math.max(to, trip.timestamps[trip.timestamps.length - 1] ?? trip.end);
  }
  return { from, to };
}
