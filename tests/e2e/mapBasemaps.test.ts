// The map's basemaps in a real browser: the offline map's street names in the packaged font with no other host
// asked, and Google Maps tried when a key is configured, falling back to the offline map.
import { describe, expect, it } from 'vitest';
import { jumpTo } from './mapDrawing.ts';
import { mapSurfaceBrowserForFile } from './mapSurfaceBrowser.ts';

const { baseUrl, openMap } = mapSurfaceBrowserForFile();

describe('offline basemap', () => {
  it('draws street names with the packaged font and asks nothing of any other host', async () => {
    const origins = new Set<string>();
    const page = await openMap({}, async (opened) => {
      opened.on('request', (request) => {
        if (!request.url().startsWith('data:') && !request.url().startsWith('blob:')) {
          origins.add(new URL(request.url()).origin);
        }
      });
    });
    await jumpTo(page, -87.6298, 41.8781, 16);
    await expect
      .poll(() => page.evaluate(() => window.__fleetMap?.streetNamesShown().length ?? 0))
      .toBeGreaterThan(0);
    const names = await page.evaluate(() => window.__fleetMap?.streetNamesShown() ?? []);
    expect(names.every((name) => name.length > 0)).toBe(true);
    // Below zoom 14 the names give way to the markers.
    await jumpTo(page, -87.6298, 41.8781, 13);
    expect(await page.evaluate(() => window.__fleetMap?.streetNamesShown().length)).toBe(0);
    expect([...origins]).toEqual([baseUrl]);
  });
});

describe('Google basemap', () => {
  it('tries Google Maps when a key is configured and falls back to the offline map when it cannot load', async () => {
    const asked: string[] = [];
    const page = await openMap({}, async (opened) => {
      await opened.addInitScript(() =>
        window.localStorage.setItem('fleetDashboard.googleMapsKey', 'test-key'),
      );
      // This machine has no internet: refuse at once what would time out.
      await opened.route('https://maps.googleapis.com/**', async (route) => {
        asked.push(route.request().url());
        await route.abort('internetdisconnected');
      });
    });
    await page.getByTestId('basemap-notice').filter({ hasText: 'Google Maps could not be loaded' }).waitFor();
    expect(asked.some((url) => url.includes('key=test-key'))).toBe(true);
    expect(await page.getByTestId('live-map').getAttribute('data-basemap')).toBe('offline');
    // The same surface and controls work on the offline basemap.
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.waitForFunction(() => (window.__fleetMap?.zoom() ?? 0) > 13.9);
  });
});
