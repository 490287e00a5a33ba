// One map surface across sections (issue 25, item 5): moving between the live sections keeps the map and its
// markers on screen instead of building a new, blank map each time; and until the live worker's first picture
// arrives after sign-in, the Live list says its counts are loading instead of showing zeros.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { simulatorUrl } from './simulator.ts';
import { atPath, closeSupportDialog, shellBrowserForFile, openSignedIn } from './shellBrowser.ts';
import { DEMO_PASSWORD } from './simulatorApi.ts';
import { allowing } from './testTimes.ts';

const baseUrl = simulatorUrl();
const USER = 'user@demo.test';
const ROAD_WORKS = 'Lakeshore Road Works';
const TEST_TIMEOUT = allowing(150_000);

const shell = shellBrowserForFile();

/** Marks the map's canvas and watches it: whether it left the page, or drew no markers, at any moment from now. */
async function watchMap(page: Page): Promise<void> {
  await page.evaluate(() => {
    const map = document.querySelector<HTMLElement>('[data-testid="live-map"]');
    const canvas = map?.querySelector('canvas');
    if (!map || !canvas) throw new Error('no map canvas');
    canvas.dataset.watched = 'true';
    const seen = { detached: false, emptied: false };
    (window as unknown as { __mapWatch: typeof seen }).__mapWatch = seen;
    new MutationObserver(() => {
      if (!map.isConnected && document.querySelector('[data-testid="map-slot"]')) seen.detached = true;
      if (map.dataset.markerCount === '0') seen.emptied = true;
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

async function mapWatch(page: Page): Promise<{ detached: boolean; emptied: boolean; sameCanvas: boolean }> {
  return page.evaluate(() => ({
    ...(window as unknown as { __mapWatch: { detached: boolean; emptied: boolean } }).__mapWatch,
    sameCanvas: document.querySelector('[data-testid="live-map"] canvas[data-watched="true"]') !== null,
  }));
}

const markersOnScreen = (page: Page) => page.evaluate(() => window.__fleetMap?.markersOnScreen().length ?? 0);

async function goTo(page: Page, section: RegExp, path: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: section }).first().click();
  await page.waitForURL(atPath(`/dashboard/${path}`));
  await page.getByTestId('map-slot').getByTestId('live-map').waitFor();
}

describe('one map across sections', { timeout: TEST_TIMEOUT }, () => {
  it('keeps the same map with its markers drawn from Live through Events, Areas, Closures, Zones and back', async () => {
    const page = await openSignedIn(shell, USER);
    await closeSupportDialog(page);
    await expect.poll(() => markersOnScreen(page), { timeout: allowing(60_000) }).toBeGreaterThan(0);
    await watchMap(page);

    for (const [section, path] of [
      [/^(Events|Incidents)$/, 'events'],
      [/^Areas$/, 'areas'],
      [/^Closures$/, 'closures'],
      [/^(Zones|Alerting Zones)$/, 'zones'],
      [/^Live$/, 'things'],
    ] as const) {
      await goTo(page, section, path);
      // The markers are on the map the moment the section shows, not after a new map has loaded.
      expect(await markersOnScreen(page)).toBeGreaterThan(0);
    }

    expect(await mapWatch(page)).toEqual({ detached: false, emptied: false, sameCanvas: true });
  });

  it("frames the new organization's fleet after an organization switch", async () => {
    const page = await openSignedIn(shell, USER);
    await closeSupportDialog(page);
    await expect.poll(() => markersOnScreen(page), { timeout: allowing(60_000) }).toBeGreaterThan(0);
    // Somewhere no asset is: the switch must bring the fleet into view, not leave the map where it was.
    await page.evaluate(() => window.__fleetMap?.jumpTo(-88.2, 42.3, 15));
    await page.waitForFunction(() => window.__fleetMap?.drawnSinceChange() === true);
    expect(await markersOnScreen(page)).toBe(0);

    await page.getByTestId('organization-name').click();
    await page.getByRole('button', { name: ROAD_WORKS }).click();
    await page.getByTestId('organization-name').filter({ hasText: ROAD_WORKS }).waitFor();
    // Every marker of the new fleet is inside the map.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const hook = window.__fleetMap;
            if (!hook?.drawnSinceChange()) return 'drawing';
            const given = hook.markerCount();
            return given > 0 && hook.markersOnScreen().length === given ? 'all in view' : 'not all in view';
          }),
        { timeout: allowing(30_000) },
      )
      .toBe('all in view');
  });

  it('says the asset counts are loading, politely, until the first picture arrives', async () => {
    const page = await shell.newPage('desktop');
    // The worker's first request for the organization's assets waits until the loading state has been seen.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.context().route('**/api/organization/things?**', async (route: Route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${baseUrl}/`);
    await page.waitForURL('**/welcome/signin');
    await page.getByLabel('Email').pressSequentially(USER, { delay: 5 });
    await page.getByLabel('Password', { exact: true }).pressSequentially(DEMO_PASSWORD, { delay: 5 });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(atPath('/dashboard/things'));

    const loading = page.getByRole('status').filter({ hasText: 'Loading asset counts…' });
    await loading.waitFor();
    expect(await page.getByTestId('availability-counts').textContent()).not.toMatch(/Online 0/);
    expect(await page.getByTestId('asset-count').count()).toBe(0);

    release();
    await page
      .getByTestId('asset-count')
      .filter({ hasText: / \/ [1-9]/ })
      .waitFor({ timeout: allowing(60_000) });
    await expect.poll(() => page.getByTestId('availability-counts').textContent()).toMatch(/^Online \d+/);
    await loading.waitFor({ state: 'detached' });
  });
});
