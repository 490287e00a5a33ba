// What the trips screen holds: the assets to choose from, the search and its merged result, which runs are shown,
// and the playback clock. Signals only; the screen's bridge (tripsBridge.ts) turns them into map layers.
import { computed, signal } from '@preact/signals-react';
import type { MergedTrips, Trip } from '#domain/trips/trip';
import { createPlaybackClock, tripsTimeRange, type PlaybackClock } from '#domain/trips/playback';
import { loaded, NOT_ASKED, type LoadState } from '../../ui/loadState.ts';

export type SearchState = LoadState<MergedTrips>;

export const tripSearch = signal<SearchState>(NOT_ASKED);
/** Trip ids the user has hidden from the map and playback. */
export const hiddenTripIds = signal<ReadonlySet<string>>(new Set());
export const playbackClock = signal<PlaybackClock | null>(null);
/** The trip time shown, moved every animation frame while playing. */
export const playbackTime = signal<number | null>(null);
/** The asset the camera follows during playback, or null. */
export const followedThingId = signal<string | null>(null);

export const foundTrips = computed<readonly Trip[]>(() => {
  const search = tripSearch.value;
  return search.phase === 'loaded' ? search.value.trips : [];
});

export const shownTrips = computed<readonly Trip[]>(() => {
  const hidden = hiddenTripIds.value;
  return foundTrips.value.filter((trip) => !hidden.has(trip.id));
});

/** A new result replaces the clock with one over its runs, at their start, paused. */
export function acceptSearchResult(result: MergedTrips, wallNow: number): void {
  tripSearch.value = loaded(result);
  hiddenTripIds.value = new Set();
  const range = tripsTimeRange(result.trips);
  playbackClock.value = range ? createPlaybackClock(range.from, range.to, wallNow) : null;
  playbackTime.value = range?.from ?? null;
  followedThingId.value = null;
}

export function toggleTrip(tripId: string): void {
  const next = new Set(hiddenTripIds.peek());
  if (next.has(tripId)) next.delete(tripId);
  else next.add(tripId);
  hiddenTripIds.value = next;
}

export function resetTrips(): void {
  tripSearch.value = NOT_ASKED;
  hiddenTripIds.value = new Set();
  playbackClock.value = null;
  playbackTime.value = null;
  followedThingId.value = null;
}
