// The map style, built in code with no outside URLs: a plain background and the simulator's street centre lines.
// The assets are drawn on top by a custom layer (assetMarkerLayer.ts) as circles filled by type (grey when offline
// or out of service) and ringed by status, with the colours and sizes below. No glyphs or sprites are needed.
import type { StyleSpecification } from 'maplibre-gl';
import type { MarkerCategory } from './assetSource.ts';

export const STREETS_SOURCE = 'streets';
export const ASSETS_LAYER = 'assets';
export const STREET_ATTRIBUTION = '© City of Chicago (MIT)';

/** Product placeholder coordinates (live §2 coordinate box) and the opening zoom. */
export const DEFAULT_CENTER: [number, number] = [-87.6167, 41.8623];
export const DEFAULT_ZOOM = 13;

export const CATEGORY_COLORS: Record<MarkerCategory, string> = {
  police: '#1d4ed8',
  fire: '#dc2626',
  ems: '#ea580c',
  arrow_board: '#ca8a04',
  maintenance: '#059669',
  tow: '#7c3aed',
  waste: '#0f766e',
  default: '#0369a1',
  offline: '#6b7280',
  oos: '#a8a29e',
};

/**
 * The ring says the status (live §4) where the fill says the type: on an incident red, active green, pending
 * amber; standby and stationary keep a white ring. Offline and out-of-service are told by their grey fill.
 */
export const STATUS_RING_COLORS = {
  location: '#b91c1c',
  active: '#16a34a',
  pending: '#f59e0b',
} as const;
// Marker sizes by zoom (live §2): small below 11, medium below 13, large from 13; icon sizes 16, 20 and 30 px.
/** The marker radius in CSS pixels at a zoom (the selected marker is drawn a little bigger, assetMarkerLayer.ts). */
export function markerRadius(zoom: number): number {
  if (zoom < 11) return 8;
  if (zoom < 13) return 10;
  return 15;
}

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
