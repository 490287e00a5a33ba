// How each of the seven asset statuses (live §4) looks beyond its words: a colour and a glyph. The glyph alone
// tells the statuses apart, so a reader who cannot tell the colours apart loses nothing; the colours are an
// Okabe–Ito-like set darkened or lightened into the one band of lightness that keeps 3:1 against the light and the
// night theme's surfaces and basemaps alike (tests/client/statusPalette.test.ts computes the ratios). DOM-free:
// the live worker packs the marker colours from it, the map draws the glyphs into its atlas from the same paths the
// lists and the legend draw as SVG.
import { ASSET_STATUSES, statusName, type AssetStatusName } from '#domain/status/assetStatus';

export type StatusGlyphName = 'diamond' | 'triangle' | 'circle' | 'square' | 'hourglass' | 'cross' | 'bar';

/** Glyph outlines in a 16 × 16 box, as SVG path data (a canvas draws them with Path2D). */
export const GLYPH_SIZE = 16;
export const GLYPH_PATHS: Readonly<Record<StatusGlyphName, string>> = {
  diamond: 'M8 0.5 15.5 8 8 15.5 0.5 8Z',
  triangle: 'M8 1 15.5 14.5H0.5Z',
  circle: 'M1.5 8a6.5 6.5 0 1 0 13 0a6.5 6.5 0 1 0-13 0Z',
  square: 'M2 2H14V14H2Z',
  hourglass: 'M2 1H14L8 8 14 15H2L8 8Z',
  cross: 'M3.5 1 8 5.5 12.5 1 15 3.5 10.5 8 15 12.5 12.5 15 8 10.5 3.5 15 1 12.5 5.5 8 1 3.5Z',
  bar: 'M1 5H15V11H1Z',
};

export type StatusAppearance = {
  /** `#rrggbb`, used for the marker ring, the list glyph and the legend. */
  colour: string;
  glyph: StatusGlyphName;
};

/**
 * Urgent statuses take the sharp shapes (a diamond on an incident, a triangle on the move), parked ones the round
 * and square, waiting an hourglass, offline a cross and out of service a bar (a "no entry" sign's bar).
 */
export const STATUS_APPEARANCE: Readonly<Record<AssetStatusName, StatusAppearance>> = {
  location: { colour: '#d55e00', glyph: 'diamond' },
  active: { colour: '#00906a', glyph: 'triangle' },
  standby: { colour: '#1a7cc0', glyph: 'circle' },
  stationary: { colour: '#b8639a', glyph: 'square' },
  pending: { colour: '#b07800', glyph: 'hourglass' },
  offline: { colour: '#7a7f87', glyph: 'cross' },
  outOfService: { colour: '#93785e', glyph: 'bar' },
};

/** The statuses in their scale's order (most urgent first), by name. */
export const STATUS_NAMES_IN_ORDER: readonly AssetStatusName[] = ASSET_STATUSES.map(statusName);
