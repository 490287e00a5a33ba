// The map's basemaps in a real browser: the offline map's street names in the packaged font with no other host
// asked, its parks drawn in their colour (issue 37 item 12), and Google Maps tried when a key is configured,
// falling back to the offline map.
import { describe, expect, it } from 'vitest';
import { jumpTo } from './mapDrawing.ts';
import { BASEMAP_COLOURS } from '#client/map/mapStyle.ts';
import { hexColour, mapSurfaceBrowserForFile, pixelsAround } from './mapSurfaceBrowser.ts';

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

describe('offline basemap parks (issue 37 item 12)', () => {
  /** Within a few levels of the colour: the park and land colours are near each other on purpose. */
  const closeTo = (pixel: readonly number[], colour: readonly number[]) =>
    pixel.every((value, index) => Math.abs(value - (colour[index] ?? 0)) <= 6);
  /** A grid of pixels around a position: a street, a name or a marker may cover some of them. */
  const GRID = [-12, -6, 0, 6, 12].flatMap((dx) =>
    [-12, -6, 0, 6, 12].map((dy) => [dx, dy] as [number, number]),
  );

  it('fills Grant Park in the park colour and leaves the Loop in the land colour', async () => {
    const page = await openMap({});
    const at = async (lng: number, lat: number) => {
      await jumpTo(page, lng, lat, 16);
      const point = await page.evaluate(
        ([x, y]) => window.__fleetMap?.project(x as number, y as number),
        [lng, lat],
      );
      if (!point) throw new Error('no map');
      return pixelsAround(page, point, GRID);
    };
    const { park, land } = BASEMAP_COLOURS.light;
    // Grant Park by Buckingham Fountain, then the Loop at State and Madison.
    await expect
      .poll(async () => (await at(-87.619, 41.876)).filter((pixel) => closeTo(pixel, hexColour(park))).length)
      .toBeGreaterThan(GRID.length / 2);
    const loop = await at(-87.6278, 41.8819);
    expect(loop.filter((pixel) => closeTo(pixel, hexColour(park)))).toEqual([]);
    expect(loop.filter((pixel) => closeTo(pixel, hexColour(land))).length).toBeGreaterThan(0);
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
