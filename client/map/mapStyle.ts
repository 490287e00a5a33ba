// The offline basemap's style, built in code with no outside URLs: a plain background, the parks and the lake the
// simulator derives from its street and trail lines (issue 37 item 12: water reads as water and parks as parks, in
// both themes, under the streets), the street centre lines, and the streets' names along them from zoom 14. The names are drawn with a font packaged with
// the dashboard (@fontsource/noto-sans, SIL OFL 1.1), bundled by Vite and served by the simulator with the rest
// of the dashboard; MapLibre's `font-faces` makes its signed-distance glyphs from that file in the browser, so
// no glyph server and no internet are needed. The assets and overlays are deck.gl layers on top.
// Two palettes, light and night (issue 26), switched in place by `basemapPaint` when the theme changes; fewer street
// names on the lighter map (issue 38).
import type { StyleSpecification } from 'maplibre-gl';
import type { Theme } from '#domain/preferences/localPreferences';
import notoSansUrl from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2?url';

export const STREETS_SOURCE = 'streets';
export const WATER_SOURCE = 'water';
export const WATER_LAYER = 'water';
export const PARKS_SOURCE = 'parks';
export const PARKS_LAYER = 'parks';
export const STREET_NAMES_LAYER = 'street-names';
export const STREET_ATTRIBUTION = '© City of Chicago (MIT)';
/** The font stack name the style's text uses, declared by `font-faces`. */
export const STREET_FONT = 'Noto Sans Regular';
/** Street names show from this zoom, where they fit along the lines. */
export const STREET_NAMES_MIN_ZOOM = 14;

/**
 * Where street names show and how far apart along a street: the lighter map (a preference, offered where the map
 * draws on software WebGL; issue 38) places them from zoom 16 and half as often — fewer glyphs to place and draw.
 */
export function streetNamesLayout(lighter: boolean): { minZoom: number; spacing: number } {
  return lighter ? { minZoom: 16, spacing: 700 } : { minZoom: STREET_NAMES_MIN_ZOOM, spacing: 350 };
}

/** Product placeholder coordinates (live §2 coordinate box) and the opening zoom. */
export const DEFAULT_CENTER: [number, number] = [-87.6167, 41.8623];
export const DEFAULT_ZOOM = 13;

/**
 * The basemap's colours per theme. The status colours keep 3:1 against `land` and `park` (markers stand on both),
 * the lake and the parks read apart from land, and the streets stay visible across a park
 * (tests/client/statusPalette.test.ts).
 */
export const BASEMAP_COLOURS: Readonly<
  Record<
    Theme,
    { land: string; water: string; park: string; street: string; label: string; labelHalo: string }
  >
> = {
  light: {
    land: '#eef1f4',
    water: '#a9c9e6',
    park: '#d8ead3',
    street: '#b7c0cc',
    label: '#4b5563',
    labelHalo: '#ffffff',
  },
  dark: {
    land: '#161b22',
    water: '#16436b',
    park: '#1b2e21',
    street: '#3b4552',
    label: '#c9d1d9',
    labelHalo: '#161b22',
  },
};

/** Each themed paint property as [layer, property, value], to apply to a running map. */
export function basemapPaint(theme: Theme): [string, string, string][] {
  const colours = BASEMAP_COLOURS[theme];
  return [
    ['background', 'background-color', colours.land],
    [PARKS_LAYER, 'fill-color', colours.park],
    [WATER_LAYER, 'fill-color', colours.water],
    ['streets', 'line-color', colours.street],
    [STREET_NAMES_LAYER, 'text-color', colours.label],
    [STREET_NAMES_LAYER, 'text-halo-color', colours.labelHalo],
  ];
}

export function buildMapStyle(basemapUrl: string, theme: Theme, lighter = false): StyleSpecification {
  const colours = BASEMAP_COLOURS[theme];
  const names = streetNamesLayout(lighter);
  return {
    version: 8,
    'font-faces': { [STREET_FONT]: new URL(notoSansUrl, window.location.href).href },
    sources: {
      [STREETS_SOURCE]: { type: 'geojson', data: basemapUrl, attribution: STREET_ATTRIBUTION },
      [WATER_SOURCE]: { type: 'geojson', data: `${basemapUrl}/water` },
      [PARKS_SOURCE]: { type: 'geojson', data: `${basemapUrl}/parks` },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': colours.land } },
      // Under the lake (which wins where the two meet at the shore) and the streets.
      { id: PARKS_LAYER, type: 'fill', source: PARKS_SOURCE, paint: { 'fill-color': colours.park } },
      { id: WATER_LAYER, type: 'fill', source: WATER_SOURCE, paint: { 'fill-color': colours.water } },
      {
        id: 'streets',
        type: 'line',
        source: STREETS_SOURCE,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: {
          'line-color': colours.street,
          'line-width': ['interpolate', ['linear'], ['zoom'], 10, 0.6, 13, 1.6, 16, 4, 18, 8],
        },
      },
      {
        id: STREET_NAMES_LAYER,
        type: 'symbol',
        source: STREETS_SOURCE,
        minzoom: names.minZoom,
        layout: {
          'symbol-placement': 'line',
          'text-field': ['get', 'name'],
          'text-font': [STREET_FONT],
          'text-size': ['interpolate', ['linear'], ['zoom'], 14, 10, 18, 14],
          'symbol-spacing': names.spacing,
        },
        paint: { 'text-color': colours.label, 'text-halo-color': colours.labelHalo, 'text-halo-width': 1.5 },
      },
    ],
  };
}
