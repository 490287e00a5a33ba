// "Find Current Location" (live §2, §8, §9): asks the browser for the position (high accuracy, 10 s timeout, a
// cached fix up to 30 s old), centres the map there at zoom 17 with a pulsing marker, and a second press turns
// it off. A failure shows one of the three messages of live §8, cleared after a few seconds.
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import {
  GEOLOCATION_OPTIONS,
  GEOLOCATION_UNSUPPORTED,
  LOCATE_ZOOM,
  geolocationErrorMessage,
} from '#domain/map/mapRules';
import type { LngLat } from '../live/mapProtocol.ts';
import { ControlIcon } from './ControlIcon.tsx';
import type { MapSurface } from './mapSurface.ts';
import { cameraState } from './mapViewState.ts';

/** How long a failure message stays (the state then returns to idle). */
const MESSAGE_MS = 6_000;

type Located =
  | { phase: 'idle' }
  | { phase: 'requesting' }
  | { phase: 'shown'; position: LngLat }
  | { phase: 'error'; message: string };

const located = signal<Located>({ phase: 'idle' });
let clearTimer: number | undefined;

function fail(message: string) {
  located.value = { phase: 'error', message };
  window.clearTimeout(clearTimer);
  clearTimer = window.setTimeout(() => (located.value = { phase: 'idle' }), MESSAGE_MS);
}

/** The control's press: locate, or turn the marker off when it shows (the button and the "l" shortcut). */
export function toggleCurrentLocation(surface: MapSurface) {
  if (located.peek().phase === 'shown') {
    located.value = { phase: 'idle' };
    return;
  }
  // The property is missing, or emptied by a privacy setting, where the browser does not offer geolocation.
  const geolocation =
    'geolocation' in navigator ? (navigator.geolocation as Geolocation | undefined) : undefined;
  if (!geolocation) {
    fail(GEOLOCATION_UNSUPPORTED);
    return;
  }
  located.value = { phase: 'requesting' };
  geolocation.getCurrentPosition(
    (found) => {
      const position: LngLat = [found.coords.longitude, found.coords.latitude];
      located.value = { phase: 'shown', position };
      surface.centreOn(position, LOCATE_ZOOM);
    },
    (error) => fail(geolocationErrorMessage(error.code)),
    GEOLOCATION_OPTIONS,
  );
}

/** The control's button, among the map controls. */
export function LocateButton({ surface }: { surface: MapSurface }) {
  useSignals();
  const phase = located.value.phase;
  return (
    <button
      type="button"
      className="map-control"
      title="Find Current Location"
      aria-label="Find Current Location"
      aria-pressed={phase === 'shown'}
      aria-busy={phase === 'requesting'}
      onClick={() => toggleCurrentLocation(surface)}
    >
      <ControlIcon name="locate" />
    </button>
  );
}

/** The pulsing marker and the failure message, over the map; a new map starts with neither. */
export function LocateOverlay({ surface }: { surface: MapSurface }) {
  useSignals();
  void cameraState.value;
  const state = located.value;
  useEffect(
    () => () => {
      window.clearTimeout(clearTimer);
      located.value = { phase: 'idle' };
    },
    [],
  );
  if (state.phase === 'shown') {
    const [x, y] = surface.project(state.position);
    return <span className="map-locate-marker" data-testid="current-location" style={{ left: x, top: y }} />;
  }
  if (state.phase === 'error') {
    return (
      <p className="map-message" role="alert" data-testid="geolocation-message">
        {state.message}
      </p>
    );
  }
  return null;
}
