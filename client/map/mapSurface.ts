// The map surface's contract: what the controls, popups and screens may ask of the map, whichever basemap is
// under it (the offline MapLibre basemap by default, Google Maps when a key is configured; docs/map.md). An
// adapter implements it over its map library; nothing outside the adapters touches a map library's own object.
import type { TerraDraw } from 'terra-draw';
import type { LngLat } from '../live/mapProtocol.ts';

/** A terra-draw adapter for the surface's map library. */
export type DrawAdapter = ConstructorParameters<typeof TerraDraw>[0]['adapter'];

/** The map types of live §2; each basemap offers those it can draw (`mapTypes`). */
export const MAP_TYPES = ['roadmap', 'satellite', 'hybrid', 'terrain'] as const;
export type MapType = (typeof MAP_TYPES)[number];

export type Bounds = [[number, number], [number, number]];

export type MapSurface = {
  readonly basemap: 'offline' | 'google';
  readonly mapTypes: readonly MapType[];
  mapType(): MapType;
  setMapType(type: MapType): void;
  zoom(): number;
  center(): LngLat;
  zoomBy(delta: number): void;
  /** Moves the camera; `zoom` null keeps the zoom. Animated unless `instant`. */
  centreOn(position: LngLat, zoom: number | null, options?: { instant?: boolean }): void;
  fitBounds(bounds: Bounds, padding: number): void;
  /** Canvas pixels (CSS, from the top left) of a position, and back. */
  project(position: LngLat): [number, number];
  unproject(point: [number, number]): LngLat;
  /** A terra-draw adapter over this map, for the shape editor (a new one per drawing session). */
  drawAdapter(): DrawAdapter;
};

/** The box around positions, or null for none. */
export function boundsOf(positions: Iterable<LngLat>): Bounds | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [lng, lat] of positions) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return Number.isFinite(west)
    ? [
        [west, south],
        [east, north],
      ]
    : null;
}
