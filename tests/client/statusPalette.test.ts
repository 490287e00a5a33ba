// The status colours and the themes' text keep WCAG 2.1's contrast (1.4.11 non-text 3:1, 1.4.3 text 4.5:1),
// computed from the values the dashboard draws: the palette (client/ui/statusAppearance.ts), the basemap's land
// per theme (client/map/mapStyle.ts) and the surfaces of both themes as client/styles.css declares them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ASSET_STATUSES, statusName } from '#domain/status/assetStatus';
import { BASEMAP_COLOURS, PARKS_LAYER, WATER_LAYER, basemapPaint } from '#client/map/mapStyle.ts';
import { STATUS_RING_COLORS, statusOfRing } from '#client/ui/markerStyle.ts';
import { contrastRatio } from '#client/ui/colourContrast.ts';
import { GLYPH_PATHS, STATUS_APPEARANCE, STATUS_NAMES_IN_ORDER } from '#client/ui/statusAppearance.ts';

const STYLES = readFileSync(new URL('../../client/styles.css', import.meta.url), 'utf8');

/** The custom properties a block of client/styles.css declares (`:root {` or `:root[data-theme='dark'] {`). */
function themeProperties(selector: string): Record<string, string> {
  const start = STYLES.indexOf(`${selector} {`);
  const block = STYLES.slice(start, STYLES.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2]]));
}

// The night block overrides the light one's properties; both must be found for the tests to mean anything.
const THEMES = {
  light: themeProperties(':root'),
  dark: { ...themeProperties(':root'), ...themeProperties(":root[data-theme='dark']") },
} as const;

describe('the status palette', () => {
  it('finds both themes in the stylesheet', () => {
    expect(THEMES.light.paper).toBe('#ffffff');
    expect(Object.keys(themeProperties(":root[data-theme='dark']")).length).toBeGreaterThan(20);
  });

  it('gives each of the seven statuses its own glyph and colour', () => {
    const glyphs = STATUS_NAMES_IN_ORDER.map((status) => STATUS_APPEARANCE[status].glyph);
    const colours = STATUS_NAMES_IN_ORDER.map((status) => STATUS_APPEARANCE[status].colour);
    expect(new Set(glyphs).size).toBe(7);
    expect(new Set(colours).size).toBe(7);
    for (const glyph of glyphs) expect(GLYPH_PATHS[glyph]).toMatch(/^M/);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`keeps 3:1 against the ${theme} basemap and the ${theme} theme's panels`, () => {
      const surfaces = {
        basemap: BASEMAP_COLOURS[theme].land,
        park: BASEMAP_COLOURS[theme].park,
        paper: THEMES[theme].paper ?? '',
        canvas: THEMES[theme].canvas ?? '',
      };
      for (const status of STATUS_NAMES_IN_ORDER) {
        for (const [surface, colour] of Object.entries(surfaces)) {
          const ratio = contrastRatio(STATUS_APPEARANCE[status].colour, colour);
          expect(ratio, `${status} on the ${theme} ${surface} (${colour})`).toBeGreaterThanOrEqual(3);
        }
      }
    });
  }

  it('paints the marker rings in the palette and carries each status for the badge', () => {
    for (const status of ASSET_STATUSES) {
      const ring = STATUS_RING_COLORS[status];
      const hex = `#${[ring[0], ring[1], ring[2]].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
      expect(hex).toBe(STATUS_APPEARANCE[statusName(status)].colour);
      expect(statusOfRing(ring)).toBe(status);
    }
  });
});

describe('the themes', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`reads at 4.5:1 in the ${theme} theme`, () => {
      const values = THEMES[theme];
      const pairs: [string, string][] = [
        ['ink', 'paper'],
        ['ink', 'canvas'],
        ['ink-soft', 'paper'],
        ['ink-soft', 'canvas'],
        ['accent', 'paper'],
        ['on-accent', 'accent'],
        ['accent', 'accent-soft'],
        ['danger', 'paper'],
        ['warn-ink', 'warn-bg'],
        ['ok-ink', 'ok-bg'],
        ['muted-ink', 'muted-fill'],
        ['ink', 'row-hover'],
        ['ink', 'field'],
        ['success-ink', 'paper'],
      ];
      for (const [text, surface] of pairs) {
        const ratio = contrastRatio(values[text] ?? '', values[surface] ?? '');
        expect(ratio, `--${text} on --${surface}`).toBeGreaterThanOrEqual(4.5);
      }
      expect(
        contrastRatio(BASEMAP_COLOURS[theme].label, BASEMAP_COLOURS[theme].labelHalo),
      ).toBeGreaterThanOrEqual(4.5);
    });
  }
});

describe('the lake on the offline basemap (issue 37 item 12)', () => {
  it.each(['light', 'dark'] as const)(
    'reads apart from land in the %s theme, and follows a theme switch',
    (theme) => {
      const { land, water } = BASEMAP_COLOURS[theme];
      expect(contrastRatio(water, land)).toBeGreaterThanOrEqual(1.4);
      expect(basemapPaint(theme)).toContainEqual([WATER_LAYER, 'fill-color', water]);
    },
  );
});

describe('the parks on the offline basemap (issue 37 item 12)', () => {
  it.each(['light', 'dark'] as const)(
    'read apart from land and the lake in the %s theme, keep the streets visible, and follow a theme switch',
    (theme) => {
      const { land, water, park, street, label, labelHalo } = BASEMAP_COLOURS[theme];
      // Decoration: told apart from land and the lake at a glance, never louder than the markers on them (the
      // status colours keep 3:1 against the parks, above).
      expect(contrastRatio(park, land)).toBeGreaterThanOrEqual(1.1);
      expect(contrastRatio(water, park)).toBeGreaterThanOrEqual(1.2);
      // A street across a park still reads as a line, as it does on land; its names keep their halo's contrast.
      expect(contrastRatio(street, park)).toBeGreaterThanOrEqual(Math.min(1.3, contrastRatio(street, land)));
      expect(contrastRatio(label, labelHalo)).toBeGreaterThanOrEqual(4.5);
      expect(basemapPaint(theme)).toContainEqual([PARKS_LAYER, 'fill-color', park]);
    },
  );
});
