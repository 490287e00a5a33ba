// The map style, built in code with no outside URLs: a plain background and the simulator's street centre lines.
// The assets are drawn on top by deck.gl layers (assetMarkerLayers.ts, looks in markerStyle.ts), so no glyphs or
// sprites are needed.
import type { StyleSpecification } from 'maplibre-gl';

export const STREETS_SOURCE = 'streets';
export const STREET_ATTRIBUTION = '© City of Chicago (MIT)';

/** Product placeholder coordinates (live §2 coordinate box) and the opening zoom. */
export const DEFAULT_CENTER: [number, number] = [-87.6167, 41.8623];
export const DEFAULT_ZOOM = 13;

export function buildMapStyle(basemapUrl: string): StyleSpecification {
  return {
    version: 8,
    sources: {
      [STREETS_SOURCE]: { type: 'geojson', data: basemapUrl, attribution: STREET_ATTRIBUTION },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#eef1f4' } },
      {
        id: 'streets',
        type: 'line',
        source: STREETS_SOURCE,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: {
          'line-color': '#b7c0cc',
          'line-width': ['interpolate', ['linear'], ['zoom'], 10, 0.6, 13, 1.6, 16, 4, 18, 8],
        },
      },
    ],
  };
}
