// The first visit is light (issue 23, DESIGN §7): the sign-in page downloads at most 250 KB gzipped of script, none
// of it the map's libraries or a section's screens, and each section comes in its own chunk when it opens.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDashboard, measureBundle, type BundleReport } from '../scripts/bundleSize.ts';

const SECTIONS = [
  'ThingsPage',
  'AreasPage',
  'ZonesPage',
  'EventsPage',
  'ClosuresPage',
  'TripsPage',
  'HazardsPage',
  'R2RPage',
  'SharingPage',
  'AccountsPage',
  'DataScreen',
  'AlarmsPage',
];

describe('the built dashboard', () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-bundle-test-'));
  let report: BundleReport;

  beforeAll(async () => {
    await buildDashboard(outDir);
    report = measureBundle(outDir);
  });
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it('loads at most 250 KB gzipped of script before sign-in, and no chunk over budget', () => {
    expect(report.firstLoad.length).toBeGreaterThan(0);
    expect(report.firstLoadGzip).toBeLessThanOrEqual(250_000);
    expect(report.overBudget).toEqual([]);
  });

  it('keeps the map libraries and every section out of the first load', () => {
    const firstLoad = report.firstLoad.map((chunk) => chunk.file).join(' ');
    for (const name of ['maplibre', 'deckgl', 'lumagl', 'terradraw', 'LiveMap', ...SECTIONS])
      expect(firstLoad).not.toContain(name);
    // The first load does not hold them inlined either.
    const firstLoadText = report.firstLoad
      .map((chunk) => fs.readFileSync(path.join(outDir, 'assets', chunk.file), 'utf8'))
      .join('\n');
    expect(firstLoadText).not.toMatch(/maplibregl|TerraDraw|luma\.gl/);
  });

  it('builds each section as its own chunk', () => {
    const files = report.chunks.map((chunk) => chunk.file);
    for (const section of SECTIONS)
      expect(
        files.some((file) => file.startsWith(`${section}-`)),
        section,
      ).toBe(true);
  });
});
