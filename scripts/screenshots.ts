// `npx tsx scripts/screenshots.ts [origin]`: pictures of the Live map for docs/screenshots/ (issue 26): the status
// glyphs on the markers and in the list, with the map's legend open, in the light and the night theme, on a desktop.
// Starts from a running simulator (default http://localhost:8080, e.g. `npm start`) and Debian's Chromium
// (CHROMIUM_PATH to use another); signs in as the demo dispatcher like a person and chooses the theme the way
// Preferences stores it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import {
  PREFERENCES_STORAGE_KEY,
  readPreferences,
  type ThemeChoice,
} from '#domain/preferences/localPreferences';
import { repoRoot } from '#sim/kernel/paths';
import { CHROMIUM_ARGS } from '#tests/helpers/chromium';

const origin = process.argv[2] ?? 'http://localhost:8080';
const outDir = join(repoRoot, 'docs', 'screenshots');
const DISPATCHER = { email: 'user@demo.test', password: 'Demo!2026' };
/** Downtown Chicago at a zoom where markers are full size and street names show. */
const VIEW = { lng: -87.6298, lat: 41.8781, zoom: 14 };

async function signIn(page: Page): Promise<void> {
  await page.goto(`${origin}/welcome/signin`);
  await page.getByLabel('Email').fill(DISPATCHER.email);
  await page.getByLabel('Password', { exact: true }).fill(DISPATCHER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard/things**');
}

async function picture(theme: Exclude<ThemeChoice, 'system'>, file: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const preferences = JSON.stringify({ ...readPreferences(null), theme });
    await context.addInitScript(
      ([key, value]) => {
        window.localStorage.setItem(key, value);
        window.localStorage.setItem('fleetDashboard.hideSupport', 'yes');
      },
      [PREFERENCES_STORAGE_KEY, preferences] as const,
    );
    const page = await context.newPage();
    await signIn(page);
    await page.getByTestId('thing-row').first().waitFor();
    await page.waitForFunction(() => window.__fleetMap !== undefined);
    await page.evaluate(({ lng, lat, zoom }) => window.__fleetMap?.jumpTo(lng, lat, zoom), VIEW);
    await page.getByRole('button', { name: 'Legend' }).click();
    await page.getByTestId('map-legend').waitFor();
    // The map draws on demand: wait until it has drawn a frame since the move and the legend opened.
    await page.waitForFunction(() => window.__fleetMap?.drawnSinceChange() === true);
    await page.screenshot({ path: join(outDir, file) });
    console.log(`wrote docs/screenshots/${file}`);
  } finally {
    await browser.close();
  }
}

mkdirSync(outDir, { recursive: true });
await picture('light', 'live-map-light.png');
await picture('dark', 'live-map-night.png');
