// The shared map's controls in a real browser (live §2 "Shared map behaviour"): zoom buttons, the coordinate search,
// the right-click menu with the clipboard, Show all, Follow, the view's instructions, and popups with selection sync.
import { describe, expect, it } from 'vitest';
import { atPath } from './shellBrowser.ts';
import { listThings, ownOrganizationId, sendPoint, signInForToken } from './simulatorApi.ts';
import { jumpTo } from './mapDrawing.ts';
import {
  RESPONDERS,
  USER,
  mapCentre,
  mapSurfaceBrowserForFile,
  switchOrganization,
} from './mapSurfaceBrowser.ts';

const { baseUrl, openMap } = mapSurfaceBrowserForFile();

describe('map controls', () => {
  it('zooms with its buttons, searches coordinates and opens an info window', async () => {
    const page = await openMap();
    const before = (await mapCentre(page))?.zoom ?? 0;
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.waitForFunction((zoom) => (window.__fleetMap?.zoom() ?? 0) >= zoom + 0.99, before);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.waitForFunction((zoom) => Math.abs((window.__fleetMap?.zoom() ?? 0) - zoom) < 0.01, before);

    const search = page.getByLabel('Search coordinates');
    expect(await search.getAttribute('placeholder')).toBe('41.8623, -87.6167');
    await search.fill('not a place');
    expect(await search.getAttribute('aria-invalid')).toBe('true');
    await search.fill('95.1, -87.6');
    expect(await search.getAttribute('aria-invalid')).toBe('false');
    await search.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Unable to find location' }).waitFor();

    await search.fill('41.88123456789, -87.6312345678');
    await search.press('Enter');
    const info = page.getByTestId('info-window');
    await info.getByText('41.8812345, -87.6312345').waitFor();
    await info.getByText('41.88123, -87.63123').waitFor();
    await page.waitForFunction(() => (window.__fleetMap?.zoom() ?? 0) >= 16);

    // The info window closes with the section and on an organization switch (issue 25).
    await page.getByRole('navigation').getByRole('link', { name: 'Areas' }).first().click();
    await page.waitForURL(atPath('/dashboard/areas'));
    // The Areas map is up (its controls show) and no info window came with it.
    await page.getByTestId('map-add').waitFor();
    expect(await info.count()).toBe(0);
    await page.getByRole('navigation').getByRole('link', { name: 'Live' }).first().click();
    await page.waitForURL(atPath('/dashboard/things'));
    await search.fill('41.88123456789, -87.6312345678');
    await search.press('Enter');
    await info.waitFor();
    await switchOrganization(page, RESPONDERS);
    await info.waitFor({ state: 'detached' });
  });

  it('copies from the right-click menu and says "Copied"', async () => {
    const page = await openMap({ permissions: ['clipboard-read', 'clipboard-write'] });
    const map = page.getByTestId('live-map');
    await map.click({ button: 'right', position: { x: 400, y: 300 } });
    const menu = page.getByTestId('map-context-menu');
    const heading = await menu.locator('.map-menu__heading').textContent();
    expect(heading).toMatch(/^-?\d+\.\d{5}, -?\d+\.\d{5}$/);

    await menu.getByRole('menuitem', { name: 'Coordinates' }).click();
    await menu.getByRole('menuitem', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(heading);

    await menu.getByRole('menuitem', { name: 'Waze link' }).click();
    await page.waitForFunction(async () => (await navigator.clipboard.readText()).includes('waze.com'));
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/^https:\/\/www\.waze\.com\/ul\?ll=-?\d+\.\d+,-?\d+\.\d+&navigate=yes$/);
    // "Copied" goes back to the label after its two seconds.
    await menu.getByRole('menuitem', { name: 'Coordinates' }).waitFor();
    const view = menu.getByRole('menuitem', { name: 'Google Maps', exact: true });
    expect(await view.getAttribute('target')).toBe('_blank');
    expect(await view.getAttribute('href')).toMatch(
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/,
    );
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });

  it('fits every asset with Show all', async () => {
    const page = await openMap();
    await jumpTo(page, -87.6, 41.9, 18);
    await page.getByRole('button', { name: 'Show all' }).click();
    await page.waitForFunction(() => {
      const hook = window.__fleetMap;
      if (!hook || hook.zoom() >= 17) return false;
      const onScreen = hook.markersOnScreen().length;
      return onScreen === hook.markerCount();
    });
  });
});

describe('follow and instructions', () => {
  it('keeps the selected asset centred while Follow is on', async () => {
    const token = await signInForToken(baseUrl, USER);
    const things = await listThings(baseUrl, token, await ownOrganizationId(baseUrl, token));
    const page = await openMap();
    const row = page.getByTestId('thing-row').first();
    const thingId = await row.getAttribute('data-thing-id');
    const thing = things.find((candidate) => candidate.id === thingId);
    if (!thing) throw new Error('first row is not a listed asset');
    await row.click();
    await page.getByRole('button', { name: 'Follow asset' }).click();
    // The device drives about 1.5 km north: the camera follows it there.
    const target = { lat: Number((thing.lat + 0.0135).toFixed(6)), lng: thing.lng };
    await sendPoint(baseUrl, await signInForToken(baseUrl, 'staff@demo.test'), thing, target);
    await page.waitForFunction(
      ([lng, lat]) => {
        const hook = window.__fleetMap;
        if (!hook) return false;
        const [x, y] = hook.project(lng as number, lat as number);
        const box = document.querySelector('[data-testid="live-map"]')?.getBoundingClientRect();
        return !!box && Math.abs(x - box.width / 2) < 2 && Math.abs(y - box.height / 2) < 2;
      },
      [target.lng, target.lat] as const,
    );
  });

  it("opens the view's instructions and remembers Don't show again", async () => {
    const page = await openMap();
    await page.getByRole('button', { name: 'View Instructions' }).click();
    const dialog = page.getByTestId('map-instructions');
    await dialog.getByText('Using the map').waitFor();
    await dialog.getByLabel("Don't show again").check();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(
      await page.evaluate(() => window.localStorage.getItem('fleetDashboard.mapInstructions.things')),
    ).toBe('hidden');
  });
});

describe('popups and selection sync', () => {
  it('shows a popup on hover, pins it on click, selects the asset and opens its detail', async () => {
    const page = await openMap();
    // An asset whose row the list has not rendered: selecting it on the map opens it all the same.
    const rendered = await page
      .getByTestId('thing-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-thing-id')));
    const target = await page.evaluate(
      (skip) => window.__fleetMap?.markersOnScreen().find((marker) => !skip.includes(marker.id)) ?? null,
      rendered,
    );
    if (!target) throw new Error('no marker on screen outside the rendered rows');
    const position = await page.evaluate((id) => window.__fleetMap?.positionOf(id), target.id);
    if (!position) throw new Error('no position');
    await jumpTo(page, ...position, 16.5);
    const point = await page.evaluate((id) => window.__fleetMap?.screenPositionOf(id), target.id);
    if (!point) throw new Error('marker not drawn');
    const box = await page.getByTestId('live-map').boundingBox();
    if (!box) throw new Error('no map');
    await page.mouse.move(box.x + point[0], box.y + point[1]);
    const hover = page.getByTestId('hover-popup');
    await hover.filter({ has: page.getByTestId('popup-status') }).waitFor();
    expect(await hover.getAttribute('data-thing-id')).toBe(target.id);
    expect(await hover.getByTestId('popup-time').textContent()).toMatch(/^(Last check-in|Arrived): /);

    await page.mouse.click(box.x + point[0], box.y + point[1]);
    await page.waitForURL(atPath(`/dashboard/things/${target.id}`));
    const pinned = page.getByTestId('pinned-popup');
    await pinned.waitFor();
    expect(await pinned.getAttribute('data-thing-id')).toBe(target.id);
    // The side panel shows the selected asset's detail (live §2 things/{thingId}).
    await page.getByTestId('thing-detail').getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByTestId('thing-detail').getAttribute('data-thing-id')).toBe(target.id);

    await pinned.getByRole('button', { name: 'Close' }).click();
    await pinned.waitFor({ state: 'detached' });
  });
});
