// Which basemap the map surface runs on (docs/map.md): Google Maps when a Google Maps API key is configured —
// `VITE_GOOGLE_MAPS_API_KEY` at build time, or, on a local build only, `fleetDashboard.googleMapsKey` in
// localStorage (for trying a key without rebuilding) — else the offline MapLibre basemap the simulator serves.
import { currentEnvironment } from '../app/environment.ts';

export const GOOGLE_KEY_STORAGE_KEY = 'fleetDashboard.googleMapsKey';
export const GOOGLE_UNAVAILABLE = 'Google Maps could not be loaded; showing the offline map.';

export function configuredGoogleMapsKey(): string | null {
  const built = (import.meta.env.VITE_GOOGLE_MAPS_API_KEY as string | undefined)?.trim();
  if (built) return built;
  if (currentEnvironment().name !== 'dev-local') return null;
  try {
    return window.localStorage.getItem(GOOGLE_KEY_STORAGE_KEY)?.trim() || null;
  } catch {
    return null;
  }
}
