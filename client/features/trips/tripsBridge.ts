// The trips screen's bridge to the map: on mount it draws the shown trips and the playback positions as feature
// layers, fits the camera to a new result, runs the playback clock on animation frames while it plays, and keeps
// the followed asset centred; its teardown stops all of it and clears the layers.
import { effect } from '@preact/signals-react';
import { clockTime, positionsAt, settle } from '#domain/trips/playback';
import { tripBounds } from '#domain/trips/trip';
import { clearFeatureLayers, setFeatureLayers } from '../../map/featureLayers.ts';
import { requestCamera } from '../../map/mapCamera.ts';
import { assetColours, tripLayers } from '../../ui/tripLayers.ts';
import { followedThingId, foundTrips, playbackClock, playbackTime, shownTrips } from './tripsState.ts';

const LAYER_KEY = 'trips';
/** Camera moves while following, at most this often (wall ms): enough to keep the asset in view. */
const FOLLOW_INTERVAL_MS = 400;

export function mountTripsBridge(): () => void {
  let frame: number | null = null;
  let lastFollowAt = 0;

  const stopDrawing = effect(() => {
    const trips = shownTrips.value;
    const time = playbackTime.value;
    const positions = time === null ? [] : positionsAt(trips, time);
    setFeatureLayers(LAYER_KEY, tripLayers(trips, positions, assetColours(foundTrips.value)));
    const followed = followedThingId.value;
    const target = positions.find((position) => position.thingId === followed);
    const now = performance.now();
    if (target && now - lastFollowAt >= FOLLOW_INTERVAL_MS) {
      lastFollowAt = now;
      requestCamera({ kind: 'center', lng: target.lng, lat: target.lat, zoom: null });
    }
  });

  const stopFitting = effect(() => {
    const bounds = tripBounds(foundTrips.value);
    if (bounds) requestCamera({ kind: 'fit', bounds, padding: 48 });
  });

  const tick = () => {
    frame = null;
    const clock = playbackClock.peek();
    if (!clock) return;
    const now = performance.now();
    const settled = settle(clock, now);
    if (settled !== clock) playbackClock.value = settled;
    playbackTime.value = clockTime(settled, now);
    if (settled.playing) frame = requestAnimationFrame(tick);
  };

  const stopRunning = effect(() => {
    const clock = playbackClock.value;
    if (frame !== null) cancelAnimationFrame(frame);
    frame = null;
    if (!clock) return;
    playbackTime.value = clockTime(clock, performance.now());
    if (clock.playing) frame = requestAnimationFrame(tick);
  });

  return () => {
    stopDrawing();
    stopFitting();
    stopRunning();
    if (frame !== null) cancelAnimationFrame(frame);
    clearFeatureLayers(LAYER_KEY);
  };
}
