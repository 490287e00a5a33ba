// The map style, built in code with no outside URLs: a plain background, the simulator's street centre lines,
// and the assets as circles filled by type (grey when offline or out of service) and ringed by status. No glyphs
// or sprites are needed.
import type { ExpressionSpecification, StyleSpecification } from 'maplibre-gl';
import type { MarkerCategory } from './assetSource.ts';

export const STREETS_SOURCE = 'streets';
export const ASSETS_SOURCE = 'assets';
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

function categoryColorExpression(): ExpressionSpecification {
  const pairs = Object.entries(CATEGORY_COLORS).flat();
  return [
    'match',
    ['get', 'category'],
    ...pairs,
    CATEGORY_COLORS.default,
  ] as unknown as ExpressionSpecification;
}

/**
 * The ring says the status (live §4) where the fill says the type: on an incident red, active green, pending
 * amber; standby and stationary keep a white ring. Offline and out-of-service are told by their grey fill.
 */
export const STATUS_RING_COLORS = {
  location: '#b91c1c',
  active: '#16a34a',
  pending: '#f59e0b',
} as const;
const DEFAULT_RING = '#ffffff';

function statusRingExpression(): ExpressionSpecification {
  return [
    'match',
    ['get', 'status'],
    ...Object.entries(STATUS_RING_COLORS).flat(),
    DEFAULT_RING,
  ] as unknown as ExpressionSpecification;
}

const IS_SELECTED: ExpressionSpecification = ['boolean', ['feature-state', 'selected'], false];

function radius(base: number): ExpressionSpecification {
  return ['case', IS_SELECTED, base + 4, base];
}

// Marker sizes by zoom (live §2): small below 11, medium below 13, large from 13; icon sizes 16, 20 and 30 px.
// A zoom step must be the outermost expression, so the selected case sits inside each step.
const MARKER_RADIUS: ExpressionSpecification = ['step', ['zoom'], radius(8), 11, radius(10), 13, radius(15)];

export function buildMapStyle(basemapUrl: string): StyleSpecification {
  return {
    version: 8,
    sources: {
      [STREETS_SOURCE]: { type: 'geojson', data: basemapUrl, attribution: STREET_ATTRIBUTION },
      [ASSETS_SOURCE]: {
        type: 'geojson',
        data: { type: 'FeatureCollection', features: [] },
        promoteId: 'id',
        // Every batch moves most assets, and each update re-tiles the loaded tiles in MapLibre's worker and redraws
        // the map as each one comes back: tiles cut at zoom 12 (4 px rounding even at zoom 18) cover the opening
        // view with a quarter as many tiles as the default 18, so fewer tiles to cut, send and draw.
        maxzoom: 12,
      },
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
      {
        id: ASSETS_LAYER,
        type: 'circle',
        source: ASSETS_SOURCE,
        paint: {
          'circle-color': categoryColorExpression(),
          'circle-radius': MARKER_RADIUS,
          'circle-stroke-color': ['case', IS_SELECTED, '#111827', statusRingExpression()],
          'circle-stroke-width': ['case', IS_SELECTED, 3, 2],
        },
      },
    ],
  };
}
