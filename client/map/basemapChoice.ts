// Which basemap the map surface runs on (docs/map.md): Google Maps when a Google Maps API key is configured —
// `VITE_GOOGLE_MAPS_API_KEY` at build time, or, on a local build only, `fleetDashboard.googleMapsKey` in
// localStorage (for trying a key without rebuilding) — else the offline MapLibre basemap the simulator serves.
// And the map types each offers (live §2): Google all four, the offline basemap its road map alone, so the map-type
// control shows only on Google.
import type { EnvironmentName } from '../session/environment.ts';
import { currentEnvironment } from '../session/environment.ts';
import { MAP_TYPES, type MapType } from './mapSurface.ts';

export const GOOGLE_KEY_STORAGE_KEY = 'fleetDashboard.googleMapsKey';
export const GOOGLE_UNAVAILABLE = 'Google Maps could not be loaded; showing the offline map.';

export type BasemapKind = 'offline' | 'google';

export const BASEMAP_MAP_TYPES: Readonly<Record<BasemapKind, readonly MapType[]>> = {
  offline: ['roadmap'],
  google: MAP_TYPES,
};

/** The key to load Google Maps with, or null for the offline basemap: the built key, else a stored one locally. */
export function chooseGoogleMapsKey(options: {
  built: string | undefined;
  environment: EnvironmentName;
  stored: () => string | null | undefined;
}): string | null {
  const built = options.built?.trim();
  if (built) return built;
  if (options.environment !== 'dev-local') return null;
  return options.stored()?.trim() || null;
}

export function configuredGoogleMapsKey(): string | null {
  return chooseGoogleMapsKey({
    built: import.meta.env.VITE_GOOGLE_MAPS_API_KEY as string | undefined,
    environment: currentEnvironment().name,
    stored: () => {
      try {
        return window.localStorage.getItem(GOOGLE_KEY_STORAGE_KEY);
      } catch {
        return null;
      }
    },
  });
}
