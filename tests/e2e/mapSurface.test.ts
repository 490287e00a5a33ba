// The shared map in a real browser (live §2 "Shared map behaviour", §8 geolocation): the controls, the
// coordinate search, the right-click menu with the clipboard, popups and selection sync, the asset markers' look
// read from the screen (status ring, type icon, course arrow), the geolocation
// outcomes, the overlays and their zoom rules (read back through deck.gl's own picking), overlays changing live
// when the simulator changes a closure or an incident, and station grouping on and off.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { simulatorUrl } from './simulator.ts';
import { CATEGORY_COLORS } from '#client/map/markerStyle.ts';
import { atPath, shellBrowserForFile, type ContextOptions } from './shellBrowser.ts';
import {
  DEMO_PASSWORD,
  listThings,
  ownOrganizationId,
  parkAt,
  sendPoint,
  stationsOf,
  signInForToken,
  organizationIdByName,
} from './simulatorApi.ts';

const baseUrl = simulatorUrl();
const USER = 'user@demo.test';
const RESPONDERS = 'Chicago Metro Responders';
const ROAD_WORKS = 'Lakeshore Road Works';

const shell = shellBrowserForFile();

/** Signs in as a person would and waits for the things screen's map to hold its markers. */
async function openMap(options: ContextOptions = {}, before?: (page: Page) => Promise<void>): Promise<Page> {
  const page = await shell.newPage('desktop', options);
  await before?.(page);
  await page.goto(`${baseUrl}/`);
  await page.waitForURL('**/welcome/signin');
  await page.getByLabel('Email').pressSequentially(USER, { delay: 5 });
  await page.getByLabel('Password', { exact: true }).pressSequentially(DEMO_PASSWORD, { delay: 5 });
  await page.getByRole('button', { name: 'Sign In' }).click();
  // The dashboard shows once the sign-in answered (a memory-hard hash: slow on a busy machine).
  await page.getByTestId('support-dialog').getByRole('button', { name: 'Close' }).click({ timeout: 55_000 });
  await page.waitForURL(atPath('/dashboard/things'));
  // Drawn, not only given: the drawn set follows the given one a frame later.
  await page.waitForFunction(() => (window.__fleetMap?.markersOnScreen().length ?? 0) > 0);
  return page;
}

async function switchOrganization(page: Page, name: string): Promise<void> {
  await page.getByTestId('organization-name').click();
  await page.getByRole('button', { name }).click();
  await page.getByTestId('organization-name').filter({ hasText: name }).waitFor();
}

/** Moves the camera at once and waits for the frame that shows it. */
async function jumpTo(page: Page, lng: number, lat: number, zoom: number): Promise<void> {
  await page.evaluate(
    ([x, y, z]) => window.__fleetMap?.jumpTo(x as number, y as number, z as number),
    [lng, lat, zoom],
  );
  await page.waitForFunction(() => window.__fleetMap?.drawnSinceChange() === true);
}

async function layersPickedAt(page: Page, lng: number, lat: number): Promise<string[]> {
  const picked = await page.evaluate(
    ([x, y]) => window.__fleetMap?.pickAt(x as number, y as number) ?? [],
    [lng, lat],
  );
  return picked.map((entry) => entry.layer);
}

/** Clicks the map where a position is drawn. */
async function clickAt(page: Page, [lng, lat]: [number, number]): Promise<void> {
  const point = await page.evaluate(
    ([x, y]) => window.__fleetMap?.project(x as number, y as number),
    [lng, lat],
  );
  const box = await page.getByTestId('live-map').boundingBox();
  if (!point || !box) throw new Error('no map');
  await page.mouse.click(box.x + point[0], box.y + point[1]);
}

function mapCentre(page: Page) {
  return page.evaluate(() => {
    const hook = window.__fleetMap;
    return hook ? { zoom: hook.zoom() } : null;
  });
}

async function api<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...init.headers },
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

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

/** The colours of the screen's pixels at offsets from a point of the map, read from a screenshot. */
async function pixelsAround(
  page: Page,
  [x, y]: [number, number],
  offsets: readonly [number, number][],
): Promise<[number, number, number][]> {
  const box = await page.getByTestId('live-map').boundingBox();
  if (!box) throw new Error('no map');
  const half = 24;
  const clip = { x: box.x + x - half, y: box.y + y - half, width: half * 2, height: half * 2 };
  const png = (await page.screenshot({ clip })).toString('base64');
  return page.evaluate(
    async ([source, points, centre]) => {
      const image = new Image();
      image.src = `data:image/png;base64,${source}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.drawImage(image, 0, 0);
      return points.map(([dx, dy]) => {
        const [r, g, b] = context.getImageData(Math.round(centre + dx), Math.round(centre + dy), 1, 1).data;
        return [r ?? 0, g ?? 0, b ?? 0] as [number, number, number];
      });
    },
    [png, offsets, half] as const,
  );
}

const near = (a: readonly number[], b: readonly number[]) =>
  a.every((value, index) => Math.abs(value - (b[index] ?? 0)) <= 40);

function hexColour(hex: string): [number, number, number] {
  return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)) as [number, number, number];
}

describe('asset markers', () => {
  it('draws each marker as its status ring around its type icon', async () => {
    const token = await signInForToken(baseUrl, USER);
    const parked = new Set(
      (await listThings(baseUrl, token, await ownOrganizationId(baseUrl, token)))
        .filter((thing) => thing.enroute !== true)
        .map((thing) => thing.id),
    );
    const page = await openMap();
    // Parked markers (another test may be driving some), the most isolated at this zoom first: they stand alone
    // and still once zoomed in.
    const candidates = await page.evaluate(
      (parkedIds) => {
        const isParked = new Set(parkedIds);
        const markers = window.__fleetMap?.markersOnScreen() ?? [];
        const nearest = (marker: (typeof markers)[number]) =>
          Math.min(
            ...markers.map((other) =>
              other === marker ? Infinity : Math.hypot(other.x - marker.x, other.y - marker.y),
            ),
          );
        return markers
          .filter((marker) => isParked.has(marker.id))
          .map((marker) => ({ id: marker.id, room: nearest(marker) }))
          .filter((marker) => marker.room > 4)
          .sort((a, b) => b.room - a.room)
          .map((marker) => marker.id);
      },
      [...parked],
    );
    // At 30 px a marker's icon disc reaches about 10.5 px from its centre and its ring from 10.8 to 13.5 px.
    const angles = Array.from({ length: 12 }, (_, step) => (step * Math.PI) / 6);
    const ringPoints = angles.map((angle): [number, number] => [
      12.2 * Math.cos(angle),
      12.2 * Math.sin(angle),
    ]);
    const iconPoints = angles.map((angle): [number, number] => [
      8.5 * Math.cos(angle),
      8.5 * Math.sin(angle),
    ]);
    let checked = 0;
    const skipped: string[] = [];
    for (const id of candidates.slice(0, 12)) {
      const position = await page.evaluate((thingId) => window.__fleetMap?.positionOf(thingId), id);
      if (!position) {
        skipped.push(`${id}: no position`);
        continue;
      }
      await jumpTo(page, ...position, 16.5);
      const point = await page.evaluate((thingId) => window.__fleetMap?.screenPositionOf(thingId), id);
      const style = await page.evaluate((thingId) => window.__fleetMap?.markerStyleOf(thingId), id);
      if (!point || !style) {
        skipped.push(`${id}: not on screen`);
        continue;
      }
      const alone = await page.evaluate(
        ([thingId, x, y]) =>
          (window.__fleetMap?.markersOnScreen() ?? []).every(
            (other) =>
              other.id === thingId || Math.hypot(other.x - (x as number), other.y - (y as number)) > 40,
          ),
        [id, point[0], point[1]] as const,
      );
      if (!alone) {
        skipped.push(`${id}: not alone`);
        continue;
      }
      const pixels = await pixelsAround(page, point, [...ringPoints, ...iconPoints]);
      // The asset may have moved while the screen was read: then try the next one.
      const after = await page.evaluate((thingId) => window.__fleetMap?.screenPositionOf(thingId), id);
      if (!after || Math.hypot(after[0] - point[0], after[1] - point[1]) > 1) {
        skipped.push(`${id}: moved`);
        continue;
      }
      const ring = pixels.slice(0, ringPoints.length).filter((pixel) => near(pixel, style.ring));
      const icon = pixels
        .slice(ringPoints.length)
        .filter((pixel) => near(pixel, hexColour(CATEGORY_COLORS[style.category])));
      expect(ring.length, `ring of ${id} in ${JSON.stringify(style.ring)}`).toBeGreaterThanOrEqual(8);
      expect(icon.length, `icon of ${id} in ${CATEGORY_COLORS[style.category]}`).toBeGreaterThanOrEqual(3);
      checked += 1;
      if (checked === 2) break;
    }
    expect(checked, `${candidates.length} candidates; ${skipped.join('; ')}`).toBe(2);
  });

  it("draws a moving asset's course arrow just outside its ring, pointing along its course", async () => {
    const token = await signInForToken(baseUrl, USER);
    const things = await listThings(baseUrl, token, await ownOrganizationId(baseUrl, token));
    // Not a responder's: their stations' parked assets are what the station grouping test groups.
    const thing = things.find(
      (candidate) => candidate.enroute !== true && candidate.organization.name !== RESPONDERS,
    );
    if (!thing) throw new Error('no parked asset to drive');
    const page = await openMap();
    // Out on the lake, where no other marker is: the asset drives east (course 90).
    const target = { lat: 41.9, lng: -87.52 };
    await sendPoint(baseUrl, await signInForToken(baseUrl, 'staff@demo.test'), thing, target, {
      speed: 12,
      course: 90,
    });
    await page.waitForFunction(
      ([id, lng, lat]) => {
        const position = window.__fleetMap?.renderedPositionOf(id as string);
        return (
          !!position &&
          Math.abs(position[0] - (lng as number)) < 1e-5 &&
          Math.abs(position[1] - (lat as number)) < 1e-5
        );
      },
      [thing.id, target.lng, target.lat] as const,
    );
    await jumpTo(page, target.lng, target.lat, 16.5);
    const point = await page.evaluate((id) => window.__fleetMap?.screenPositionOf(id), thing.id);
    if (!point) throw new Error('marker not drawn');
    // At 30 px the arrow (12 px) is centred 21 px from the marker's centre; its middle is the dark triangle.
    const around = (dx: number, dy: number): [number, number][] => [
      [dx, dy],
      [dx + (dy === 0 ? 0 : 1), dy + (dx === 0 ? 0 : 1)],
      [dx - (dy === 0 ? 0 : 1), dy - (dx === 0 ? 0 : 1)],
    ];
    const east = around(21, 0);
    const others = [...around(-21, 0), ...around(0, -21), ...around(0, 21)];
    const pixels = await pixelsAround(page, point, [...east, ...others]);
    const dark = (pixel: readonly number[]) => near(pixel, hexColour('#111827'));
    expect(pixels.slice(0, east.length).filter(dark).length, 'arrow east of the marker').toBe(east.length);
    expect(pixels.slice(east.length).filter(dark).length, 'no arrow elsewhere').toBe(0);
    // Parked again where it stood: an asset out on the lake would widen every other test's view of the fleet.
    await parkAt(baseUrl, await signInForToken(baseUrl, 'staff@demo.test'), thing, thing);
  });
});

describe('current location', () => {
  it('centres at zoom 17 with a pulsing marker, and a second press turns it off', async () => {
    const page = await openMap({
      permissions: ['geolocation'],
      geolocation: { latitude: 41.8781, longitude: -87.6298 },
    });
    const locate = page.getByRole('button', { name: 'Find Current Location' });
    await locate.click();
    await page.getByTestId('current-location').waitFor();
    await page.waitForFunction(() => Math.abs((window.__fleetMap?.zoom() ?? 0) - 17) < 0.01);
    expect(await locate.getAttribute('aria-pressed')).toBe('true');
    await locate.click();
    await page.getByTestId('current-location').waitFor({ state: 'detached' });
  });

  it('says when permission is denied', async () => {
    const page = await openMap();
    await page.getByRole('button', { name: 'Find Current Location' }).click();
    await page
      .getByTestId('geolocation-message')
      .filter({
        hasText:
          'the product does not have permission to use your location. Enable location services in your browser.',
      })
      .waitFor();
  });

  it('says when the position is unavailable', async () => {
    const page = await openMap({ permissions: ['geolocation'] });
    // An override without coordinates is how Chromium emulates "position unavailable".
    const session = await page.context().newCDPSession(page);
    await session.send('Emulation.setGeolocationOverride', {});
    await page.getByRole('button', { name: 'Find Current Location' }).click();
    await page
      .getByTestId('geolocation-message')
      .filter({ hasText: 'Unable to retrieve your location.' })
      .waitFor();
  });

  it('says when the browser has no geolocation', async () => {
    const page = await openMap({}, async (opened) => {
      await opened.addInitScript(() => {
        Reflect.deleteProperty(Navigator.prototype, 'geolocation');
      });
    });
    await page.getByRole('button', { name: 'Find Current Location' }).click();
    await page
      .getByTestId('geolocation-message')
      .filter({ hasText: 'Your browser does not support geolocation' })
      .waitFor();
  });
});

describe('overlays', () => {
  it('shows event markers from zoom 17 and moves them when the incident moves', async () => {
    const token = await signInForToken(baseUrl, USER);
    const responders = await organizationIdByName(baseUrl, token, RESPONDERS);
    const locations = await api<{ id: string; is_active: boolean; lat: number; lng: number }[]>(
      token,
      `/locations?org_ids[]=${responders}`,
    );
    const incident = locations.find((location) => location.is_active);
    if (!incident) throw new Error('no active incident');

    const page = await openMap();
    await switchOrganization(page, RESPONDERS);
    await page.waitForFunction(
      (id) => window.__fleetMap?.overlaysDrawn()['area-markers']?.length && id,
      incident.id,
    );
    await jumpTo(page, incident.lng, incident.lat, 16.9);
    expect(await layersPickedAt(page, incident.lng, incident.lat)).not.toContain('event-markers');
    await jumpTo(page, incident.lng, incident.lat, 17);
    // The pin stands on its point: pick just above it.
    await expect
      .poll(() => layersPickedAt(page, incident.lng, incident.lat + 0.00005))
      .toContain('event-markers');

    const moved = { lat: Number((incident.lat + 0.002).toFixed(6)), lng: incident.lng };
    await api(token, `/locations/${incident.id}`, {
      method: 'PUT',
      body: JSON.stringify({ ...moved, roadway_heading: 90, organization_id: responders }),
    });
    await jumpTo(page, moved.lng, moved.lat, 17);
    await expect.poll(() => layersPickedAt(page, moved.lng, moved.lat + 0.00005)).toContain('event-markers');
  });

  it('draws closures coloured by status and changes them live', async () => {
    const token = await signInForToken(baseUrl, USER);
    const roadWorks = await organizationIdByName(baseUrl, token, ROAD_WORKS);
    const closures = await api<{ id: string; is_active: boolean; closure_type: string }[]>(
      token,
      `/organization/closure?org_ids[]=${roadWorks}`,
    );
    const manual = closures.find((closure) => closure.closure_type === 'manual' && closure.is_active);
    if (!manual) throw new Error('no active manual closure');

    const page = await openMap();
    await switchOrganization(page, ROAD_WORKS);
    const statusOf = () =>
      page.evaluate(
        (id) => window.__fleetMap?.overlaysDrawn()['closure-lines']?.find((line) => line.id === id)?.status,
        manual.id,
      );
    await expect.poll(statusOf).toBe('active');
    await api(token, `/organization/closure/${manual.id}`, {
      method: 'PUT',
      body: JSON.stringify({ uuid: manual.id, is_active: false, end_time: null }),
    });
    await expect.poll(statusOf).toBe('standby');
  });
});

describe('station grouping', () => {
  it('groups parked assets into a station marker below zoom 16.25 while Group View is on', async () => {
    // A responder parks at the first station, whatever other test files drove the station's own assets away.
    const token = await signInForToken(baseUrl, USER);
    const responders = await organizationIdByName(baseUrl, token, RESPONDERS);
    const [firstStation] = await stationsOf(baseUrl, token, responders);
    const responder = (await listThings(baseUrl, token, responders)).find(
      (thing) => thing.organization.name === RESPONDERS,
    );
    if (!firstStation || !responder) throw new Error('no responder station or asset');
    await parkAt(baseUrl, await signInForToken(baseUrl, 'staff@demo.test'), responder, firstStation);
    const page = await openMap();
    await switchOrganization(page, RESPONDERS);
    await page.waitForFunction(() => (window.__fleetMap?.overlaysDrawn()['area-markers']?.length ?? 0) > 0);
    await jumpTo(page, -87.63, 41.87, 13);
    await page.waitForFunction(
      () => (window.__fleetMap?.overlaysDrawn()['station-markers']?.length ?? 0) > 0,
    );
    // The station marker opens its list: counts by status and the assets it stands for, which are not drawn.
    const station = await page.evaluate(() => window.__fleetMap?.overlaysDrawn()['station-markers']?.[0]);
    if (!station) throw new Error('no station marker');
    if (!station.position) throw new Error('station without position');
    await jumpTo(page, ...station.position, 14);
    const stationAt = station.position;
    await expect.poll(() => layersPickedAt(page, ...stationAt)).toContain('station-markers');
    await clickAt(page, station.position);
    const popup = page.getByTestId('station-popup');
    await popup.waitFor();
    expect(await popup.getByTestId('station-counts').textContent()).toMatch(/\w+ \d+/);
    const groupedIds = await popup
      .getByTestId('station-thing')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-thing-id') ?? ''));
    expect(groupedIds.length).toBeGreaterThan(0);
    const drawnPositions = (ids: string[]) =>
      page.evaluate((list) => list.map((id) => window.__fleetMap?.positionOf(id) ?? null), ids);
    expect(await drawnPositions(groupedIds)).toEqual(groupedIds.map(() => null));

    // Picking an asset from the list reveals it: the map goes past the grouping zoom, the asset is selected and
    // drawn as itself, not inside the station marker (issue 25).
    const [picked] = groupedIds;
    if (!picked) throw new Error('no grouped asset');
    await popup.locator(`[data-thing-id="${picked}"]`).click();
    await page.waitForURL(atPath(`/dashboard/things/${picked}`));
    await expect
      .poll(() => page.evaluate(() => window.__fleetMap?.zoom() ?? 0), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(16.25);
    await expect
      .poll(() => page.evaluate((id) => window.__fleetMap?.positionOf(id) ?? null, picked), {
        timeout: 15_000,
      })
      .not.toBeNull();
    await expect
      .poll(() => page.evaluate(() => window.__fleetMap?.overlaysDrawn()['station-markers']?.length ?? 0))
      .toBe(0);
    await page.getByRole('button', { name: 'Back to assets' }).click();
    await page.waitForURL(atPath('/dashboard/things'));

    // At street zoom the station's assets draw as themselves again.
    await jumpTo(page, -87.63, 41.87, 16.5);
    await page.waitForFunction(
      () => (window.__fleetMap?.overlaysDrawn()['station-markers']?.length ?? 0) === 0,
    );

    // Group View off: no station markers at any zoom.
    await jumpTo(page, -87.63, 41.87, 13);
    await page.waitForFunction(
      () => (window.__fleetMap?.overlaysDrawn()['station-markers']?.length ?? 0) > 0,
    );
    await page.getByLabel('Group View').uncheck();
    await page.waitForFunction(
      () => (window.__fleetMap?.overlaysDrawn()['station-markers']?.length ?? 0) === 0,
    );
  });
});

describe('density view', () => {
  it('shades where assets are, counting every marker once, and goes when turned off', async () => {
    const page = await openMap();
    await page.getByLabel('Density View').check();
    await page.waitForFunction(() => (window.__fleetMap?.overlaysDrawn()['asset-density']?.length ?? 0) > 0);
    await page.getByLabel('Density View').uncheck();
    await page.waitForFunction(() => window.__fleetMap?.overlaysDrawn()['asset-density'] === undefined);
  });
});

describe('editing aids', () => {
  it('drags the location marker inside its 100 m circle only, and turns its heading', async () => {
    const page = await openMap();
    const start: [number, number] = [-87.6167, 41.8623];
    await jumpTo(page, ...start, 17);
    await page.evaluate((at) => window.__fleetMap?.edit({ kind: 'location', start: at, heading: 0 }), start);
    const marker = page.getByTestId('location-marker');
    await marker.waitFor();
    const box = await marker.boundingBox();
    if (!box) throw new Error('no marker');
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

    // 30 px east at zoom 17 is well inside 100 m; 600 px north is far outside and stops at the edge.
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + 30, centre.y, { steps: 3 });
    await page.mouse.up();
    const moved = await page.evaluate(() => window.__fleetMap?.edited());
    if (moved?.kind !== 'location') throw new Error('no location result');
    expect(moved.position[0]).toBeGreaterThan(start[0]);

    await page.mouse.move(centre.x + 30, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + 30, centre.y - 600, { steps: 5 });
    await page.mouse.up();
    const edge = await page.evaluate(() => window.__fleetMap?.edited());
    if (edge?.kind !== 'location') throw new Error('no location result');
    const metres = Math.hypot(
      (edge.position[1] - start[1]) * 111_320,
      (edge.position[0] - start[0]) * 111_320 * Math.cos((start[1] * Math.PI) / 180),
    );
    expect(metres).toBeGreaterThan(95);
    expect(metres).toBeLessThanOrEqual(100);

    // The arrow's handle turns the heading: dragged to the marker's east, it reads about 90°.
    const handle = await page.getByTestId('heading-handle').boundingBox();
    const markerNow = await marker.boundingBox();
    if (!handle || !markerNow) throw new Error('no handle');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(markerNow.x + markerNow.width / 2 + 80, markerNow.y + markerNow.height / 2, {
      steps: 4,
    });
    await page.mouse.up();
    const turned = await page.evaluate(() => window.__fleetMap?.edited());
    if (turned?.kind !== 'location') throw new Error('no location result');
    expect(turned.heading).toBeGreaterThanOrEqual(85);
    expect(turned.heading).toBeLessThanOrEqual(95);
  });

  it('draws a polygon with terra-draw and edits its corners', async () => {
    const page = await openMap();
    await jumpTo(page, -87.6167, 41.8623, 17);
    await page.evaluate(() => window.__fleetMap?.edit({ kind: 'polygon', points: [] }));
    const map = await page.getByTestId('live-map').boundingBox();
    if (!map) throw new Error('no map');
    const corners: [number, number][] = [
      [500, 300],
      [700, 300],
      [700, 500],
      [500, 500],
    ];
    // terra-draw waits for its adapter to be ready; each click adds a corner, the first corner again closes.
    await page.waitForFunction(() => {
      const result = window.__fleetMap?.edited();
      return result?.kind === 'polygon' && result.ready;
    });
    for (const [x, y] of [...corners, corners[0] ?? [0, 0]]) {
      await page.mouse.move(map.x + x, map.y + y, { steps: 2 });
      await page.mouse.click(map.x + x, map.y + y);
    }
    await page.waitForFunction(() => {
      const result = window.__fleetMap?.edited();
      return result?.kind === 'polygon' && result.points.length === 4;
    });
    const drawn = await page.evaluate(() => window.__fleetMap?.edited());
    if (drawn?.kind !== 'polygon') throw new Error('no polygon');
    const expected = await page.evaluate(
      (points) => points.map(([x, y]) => window.__fleetMap?.unproject(x, y)),
      corners,
    );
    // terra-draw may wind the ring either way: every clicked corner is one of the polygon's corners.
    const near = (a: readonly number[] | undefined, b: readonly number[] | undefined) =>
      Math.abs((a?.[0] ?? 0) - (b?.[0] ?? 1)) < 2e-5 && Math.abs((a?.[1] ?? 0) - (b?.[1] ?? 1)) < 2e-5;
    for (const corner of expected) expect(drawn.points.some((point) => near(point, corner))).toBe(true);

    // Editing a given shape: drag its first corner 60 px right.
    await page.evaluate(() => window.__fleetMap?.edit(null));
    await page.evaluate((points) => window.__fleetMap?.edit({ kind: 'polygon', points }), drawn.points);
    await page.waitForFunction(() => {
      const result = window.__fleetMap?.edited();
      return result?.kind === 'polygon' && result.ready;
    });
    const [x0, y0] = corners[0] ?? [0, 0];
    await page.mouse.move(map.x + x0, map.y + y0, { steps: 2 });
    await page.mouse.down();
    await page.mouse.move(map.x + x0 + 60, map.y + y0, { steps: 6 });
    await page.mouse.up();
    // The dragged corner left its place for one about 60 px east; the polygon keeps four corners.
    const [lng0, lat0] = expected[0] ?? [0, 0];
    await page.waitForFunction(
      ([lng, lat]) => {
        const result = window.__fleetMap?.edited();
        if (result?.kind !== 'polygon' || result.points.length !== 4) return false;
        const close = (value: number, target: number, within: number) => Math.abs(value - target) < within;
        const stayed = result.points.some(
          (point) => close(point[0], lng, 2e-5) && close(point[1], lat, 2e-5),
        );
        const moved = result.points.some((point) => point[0] > lng + 1e-4 && close(point[1], lat, 2e-5));
        return !stayed && moved;
      },
      [lng0, lat0] as const,
    );
  });
});

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
