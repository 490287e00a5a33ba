// How both browser benchmarks reach the screen they measure: the Live list, signed in as the demo user, with the
// support offer closed and every asset counted; and the map's first markers (or its WebGL notice, an error). Every step may take minutes: with `--cpu-slowdown 4` on a shared,
// loaded machine a click waited more than Playwright's default 30 s for the page's main thread.
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '#tests/e2e/simulatorApi';

export async function openLiveScreen(page: Page, serverUrl: string, assetCount: number): Promise<void> {
  page.setDefaultTimeout(180_000);
  await page.goto(`${serverUrl}/dashboard/things`);
  await page.waitForURL('**/welcome/signin');
  await page.getByLabel('Email').fill('user@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByTestId('support-dialog').getByRole('button', { name: 'Close' }).click();
  await page
    .getByTestId('asset-count')
    .filter({ hasText: `/ ${assetCount}` })
    .waitFor({ timeout: 180_000 });
}

/** Waits for the map to report its markers; throws when it fell back to the WebGL notice (a lost context). */
export async function waitForLiveMap(page: Page): Promise<void> {
  const mapState = await page.waitForFunction(
    () => {
      if (document.querySelector('[data-testid="map-fallback"]')) return 'fallback';
      const map = document.querySelector('[data-testid="live-map"]');
      return Number(map?.getAttribute('data-marker-count') ?? 0) > 0 ? 'map' : null;
    },
    undefined,
    { timeout: 120_000 },
  );
  if ((await mapState.jsonValue()) === 'fallback') {
    throw new Error('the map fell back to the WebGL notice: the WebGL context was lost');
  }
}
