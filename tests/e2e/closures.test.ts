// The Closures screens in a real browser against the simulator (live §2 "Closures", §4, §5, §8; issue 13): the list
// with its default filters, badges, search and the manual switch (and its revert when the call fails), the detail
// and the feed closure's lock, the form driven as a person would — the path drawn with the mouse on the map and
// routed along the streets by the simulator's directions stand-in, each error on the way — editing by dragging a
// marker, the phone's variant, and the WZDx feed validated against the official 4.2 schemas after each change.
import type { Page } from 'playwright-core';
import type { ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulatorUrl } from './simulator.ts';
import { formatListTime } from '#domain/units/displayTime';
import { wallTimeText } from '#domain/units/zonedTime';
import { validationErrors, wzdxValidator } from '#tests/sim-server/support/wzdxSchemas';
import { signInForToken } from './simulatorApi.ts';
import { atPath, shellBrowserForFile, typeSignIn, type Viewport } from './shellBrowser.ts';

const baseUrl = simulatorUrl();
const ADMIN = 'admin@demo.test';
const USER = 'user@demo.test';
const ROAD_WORKS = 'Lakeshore Road Works';
const DAY = 86_400_000;

type LngLat = [number, number];
type ClosureJson = {
  id: string;
  description: string;
  closure_type: string;
  is_active: boolean;
  end_time: string | null;
  external_id: string | null;
  geocoded_route: { lat: number; lng: number }[];
  user_route: { lat: number; lng: number }[];
  street_start: string | null;
  impacted_lanes: number[];
  thing_id: string | null;
};
type Feed = {
  features: {
    id: string;
    properties: { core_details: { name: string; description: string }; end_date: string; lanes?: unknown[] };
    geometry: { coordinates: LngLat[] };
  }[];
};

const shell = shellBrowserForFile();
let token: string;
let roadWorks: string;
let validateFeed: ValidateFunction;

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    ...init,
    headers: {
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      Authorization: `Bearer ${token}`,
      ...init.headers,
    },
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const closuresOfRoadWorks = () => api<ClosureJson[]>(`/organization/closure?org_ids[]=${roadWorks}`);

async function closureNamed(description: string): Promise<ClosureJson> {
  const found = (await closuresOfRoadWorks()).find((closure) => closure.description === description);
  if (!found) throw new Error(`no closure "${description}"`);
  return found;
}

/** The public feed, checked against WorkZoneFeed.json before the test reads it. */
async function validFeed(): Promise<Feed> {
  const feed = (await (await fetch(`${baseUrl}/api/wzdx/feed`)).json()) as Feed;
  expect(validateFeed(feed), validationErrors(validateFeed)).toBe(true);
  return feed;
}

function createClosure(body: Record<string, unknown>): Promise<ClosureJson> {
  const route = [
    { lat: 41.8801, lng: -87.6301 },
    { lat: 41.8811, lng: -87.6291 },
  ];
  return api<ClosureJson>(`/organization/closure?org_ids[]=${roadWorks}`, {
    method: 'POST',
    body: JSON.stringify({
      is_in_service: true,
      closure_type: 'manual',
      direction: 'N',
      impacted_lanes: [1],
      geocoded_route: route,
      user_route: route,
      is_active: false,
      ...body,
    }),
  });
}

/** A street line of the basemap near downtown, 250–600 m from end to end: the path the form draws. */
async function aStreet(): Promise<{ name: string; start: LngLat; end: LngLat }> {
  const basemap = (await (await fetch(`${baseUrl}/api/sim/basemap`)).json()) as {
    features: { properties: { name: string }; geometry: { coordinates: LngLat[] } }[];
  };
  const metres = (a: LngLat, b: LngLat) => Math.hypot((a[0] - b[0]) * 83_000, (a[1] - b[1]) * 111_000);
  for (const feature of basemap.features) {
    const line = feature.geometry.coordinates;
    const start = line[0];
    const end = line[line.length - 1];
    if (!start || !end) continue;
    const near = Math.abs(start[1] - 41.88) < 0.015 && Math.abs(start[0] + 87.64) < 0.02;
    if (near && metres(start, end) > 250 && metres(start, end) < 600)
      return { name: feature.properties.name, start, end };
  }
  throw new Error('no street of 250–600 m near downtown');
}

beforeAll(async () => {
  token = await signInForToken(baseUrl, ADMIN);
  const profile = await api<{
    managed_orgs: { id: string; name: string }[];
    accessed_orgs: { id: string; name: string }[];
  }>('/profile');
  const found = [...profile.managed_orgs, ...profile.accessed_orgs].find((org) => org.name === ROAD_WORKS);
  if (!found) throw new Error('no road works organization');
  roadWorks = found.id;
  validateFeed = wzdxValidator('WorkZoneFeed.json');
});

/** Signs in as a person would, then (on a desktop) views the road works and opens the closure list. */
async function openClosures(email = ADMIN, viewport: Viewport = 'desktop'): Promise<Page> {
  const page = await shell.open(viewport);
  await typeSignIn(page, email);
  // The dashboard shows once the sign-in answered (a memory-hard hash: slow on a busy machine).
  await page.getByTestId('support-dialog').getByRole('button', { name: 'Close' }).click({ timeout: 55_000 });
  await page.waitForURL(atPath('/dashboard/things'));
  if (viewport === 'mobile') return page;
  await page.goto(`${baseUrl}/dashboard/closures`);
  await page.getByTestId('organization-name').click();
  await page.getByRole('button', { name: ROAD_WORKS, exact: true }).click();
  await expect.poll(() => page.getByTestId('organization-name').textContent()).toContain(ROAD_WORKS);
  await page.waitForURL(atPath('/dashboard/closures'));
  await row(page, 'Water main repair, published').waitFor();
  return page;
}

const row = (page: Page, description: string) =>
  page.getByTestId('closure-row').filter({ has: page.getByText(description, { exact: true }) });

async function jumpTo(page: Page, [lng, lat]: LngLat, zoom: number): Promise<void> {
  await page.waitForFunction(() => window.__fleetMap !== undefined);
  await page.evaluate(
    ([x, y, z]) => window.__fleetMap?.jumpTo(x as number, y as number, z as number),
    [lng, lat, zoom],
  );
  await page.waitForFunction(() => window.__fleetMap?.drawnSinceChange() === true);
}

/** Where a position is drawn, in page pixels. */
async function pixelOf(page: Page, [lng, lat]: LngLat): Promise<{ x: number; y: number }> {
  const point = await page.evaluate(
    ([x, y]) => window.__fleetMap?.project(x as number, y as number),
    [lng, lat],
  );
  const box = await page.getByTestId('live-map').boundingBox();
  if (!point || !box) throw new Error('no map');
  return { x: box.x + point[0], y: box.y + point[1] };
}

/** Clicks the start, then the end, once the map takes clicks for the path. */
async function drawPath(page: Page, start: LngLat, end: LngLat): Promise<void> {
  await page.waitForFunction(() => {
    const result = window.__fleetMap?.edited();
    return result?.kind === 'path' && result.ready;
  });
  for (const position of [start, end]) {
    const { x, y } = await pixelOf(page, position);
    await page.mouse.move(x, y, { steps: 2 });
    await page.mouse.click(x, y);
  }
}

const near = (a: { lat: number; lng: number } | undefined, [lng, lat]: LngLat, degrees: number) =>
  a !== undefined && Math.abs(a.lat - lat) < degrees && Math.abs(a.lng - lng) < degrees;

describe('closure list and detail', () => {
  it('shows the default filters, the WZDx badge, the search, and locks a feed closure', async () => {
    const page = await openClosures();
    await page.getByRole('heading', { name: 'Closures' }).waitFor();
    expect(await row(page, 'Water main repair, published').getByText('WZDx', { exact: true }).count()).toBe(
      1,
    );
    expect(await row(page, 'Shoulder work (standby)').getByText('WZDx', { exact: true }).count()).toBe(0);
    // Default filters: every type; active, standby and pending; offline and out-of-service hidden.
    await page.getByText('Filters').click();
    const checkbox = (name: string | RegExp) => page.getByRole('checkbox', { name, exact: true });
    for (const label of ['Automated', 'Feed', 'Manual', 'Active', 'Standby', 'Pending'])
      expect(await checkbox(label).isChecked()).toBe(true);
    expect(await checkbox('Offline').isChecked()).toBe(false);
    expect(await checkbox(/^OOS \(\d+\)$/).isChecked()).toBe(false);

    await checkbox('Manual').uncheck();
    await row(page, 'Water main repair, published').waitFor({ state: 'detached' });
    await row(page, 'Bridge joint replacement (IDOT feed)').waitFor();
    await checkbox('Manual').check();
    await page.getByPlaceholder('Search for a Closure...').fill('bridge');
    await expect.poll(() => page.getByTestId('closure-row').count()).toBe(1);
    expect(await page.getByTestId('closure-count').textContent()).toMatch(/^Showing \(1\/\d+\)$/);

    // The feed closure: its unique id, Edit disabled with "Managed by WZDx feed", Delete disabled.
    await row(page, 'Bridge joint replacement (IDOT feed)').getByRole('button').first().click();
    const detail = page.getByTestId('closure-detail');
    await detail.getByText('IDOT-FEED-20417').first().waitFor();
    expect(await detail.getByText('Feed Closure').count()).toBe(1);
    expect(await detail.getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true);
    expect(await detail.getByText('Managed by WZDx feed').count()).toBe(1);
    expect(await detail.getByRole('button', { name: 'Delete Closure' }).isDisabled()).toBe(true);
    // WZDx enumerations read as words, not codes (issue 25).
    expect(await detail.locator('[data-field="Location Method"]').textContent()).toContain(
      'Channel device method',
    );
    expect(await detail.locator('[data-field="Vehicle Impact"]').textContent()).toContain(
      'Some lanes closed',
    );
    // Start and end with lat/lon to 5 decimals.
    expect(await detail.locator('[data-field="Closure Start"]').textContent()).toMatch(
      /\(\d+\.\d{5}, -\d+\.\d{5}\)/,
    );
  });

  it('activates a manual closure for a month, deactivates it, and reverts the switch when the call fails', async () => {
    const stamp = Date.now().toString(36);
    const published = await createClosure({
      description: `Switch ${stamp}`,
      is_wzdx_compliant: true,
      external_id: `SW-${stamp}`,
      location_method: 'sign-method',
      vehicle_impact: 'all-lanes-closed',
    });
    const page = await openClosures();
    const target = row(page, `Switch ${stamp}`);
    await target.waitFor();
    // A switch that shows the state (aria-checked, and "Standby"/"Active" beside its knob), named by its action.
    const off = target.getByRole('switch', { name: `Activate Switch ${stamp}` });
    expect(await off.getAttribute('aria-checked')).toBe('false');
    expect(await off.textContent()).toBe('Standby');
    await off.click();
    const on = target.getByRole('switch', { name: `Deactivate Switch ${stamp}` });
    await on.waitFor();
    expect(await on.getAttribute('aria-checked')).toBe('true');
    expect(await on.textContent()).toBe('Active');
    const active = await closureNamed(`Switch ${stamp}`);
    expect(active.is_active).toBe(true);
    const monthAhead = Date.parse(active.end_time ?? '') - Date.now();
    expect(monthAhead).toBeGreaterThan(27 * DAY);
    expect(monthAhead).toBeLessThan(32 * DAY);
    expect((await validFeed()).features.map((feature) => feature.id)).toContain(published.id);

    await target.getByRole('switch', { name: `Deactivate Switch ${stamp}` }).click();
    await target.getByRole('switch', { name: `Activate Switch ${stamp}` }).waitFor();
    expect((await closureNamed(`Switch ${stamp}`)).is_active).toBe(false);
    // A finished road event stays in the feed for a refresh cycle, with its end.
    const finished = (await validFeed()).features.find((feature) => feature.id === published.id);
    expect(Date.parse(finished?.properties.end_date ?? '')).toBeLessThanOrEqual(Date.now());

    // A closure deleted elsewhere (no cable message for deletions): the switch's call fails and it reverts.
    const doomed = await createClosure({ description: `Gone ${stamp}` });
    const gone = row(page, `Gone ${stamp}`);
    await gone.waitFor();
    await api(`/organization/closure/${doomed.id}`, { method: 'DELETE' });
    await gone.getByRole('switch', { name: `Activate Gone ${stamp}` }).click();
    await gone.getByText('Unable to Activate/Deactivate').waitFor();
    expect(await gone.getByRole('switch', { name: `Activate Gone ${stamp}` }).isChecked()).toBe(false);
    expect(
      await gone.getByRole('switch', { name: `Activate Gone ${stamp}` }).getAttribute('aria-checked'),
    ).toBe('false');
  });

  it('frames the closure route when it is selected, when Finder is turned on, and when it is edited', async () => {
    const stamp = Date.now().toString(36);
    // About 5 km north-west of the default view, so the default camera does not show it.
    const route = [
      { lat: 41.9102, lng: -87.6773 },
      { lat: 41.9121, lng: -87.6741 },
    ];
    const endTime = new Date(Date.now() + 10 * DAY);
    endTime.setUTCSeconds(0, 0);
    await createClosure({
      description: `Framed ${stamp}`,
      geocoded_route: route,
      user_route: route,
      is_active: true,
      end_time: endTime.toISOString(),
    });
    const page = await openClosures();
    const target = row(page, `Framed ${stamp}`);
    await page.getByPlaceholder('Search for a Closure...').fill(`Framed ${stamp}`);
    await target.waitFor();

    /** Both ends drawn inside the map at least Show all's 50 px from its edges, and zoomed in past the default. */
    const framed = async () => {
      const box = await page.getByTestId('live-map').boundingBox();
      if (!box) return false;
      const zoom = await page.evaluate(() => window.__fleetMap?.zoom() ?? 0);
      if (zoom < 15) return false;
      for (const end of route) {
        const point = await page.evaluate(
          ([x, y]) => window.__fleetMap?.project(x as number, y as number) ?? null,
          [end.lng, end.lat],
        );
        if (!point) return false;
        const [x, y] = point;
        if (x < 45 || y < 45 || x > box.width - 45 || y > box.height - 45) return false;
      }
      return true;
    };
    const awayAndBack = async (action: () => Promise<void>) => {
      await jumpTo(page, [-87.6167, 41.8623], 13);
      expect(await framed()).toBe(false);
      await action();
      await expect.poll(framed, { timeout: 15_000 }).toBe(true);
    };

    await awayAndBack(() => target.getByRole('button').first().click());
    await page.getByTestId('closure-detail').waitFor();
    // The one time rule (issue 25): the lists' format on the organization's wall clock, its zone named.
    expect(
      await page.getByTestId('closure-detail').locator('[data-field="End time"]').textContent(),
    ).toContain(formatListTime(endTime.getTime(), 'America/Chicago'));
    const finder = page.getByRole('button', { name: 'Finder' });
    await finder.click();
    expect(await finder.getAttribute('aria-pressed')).toBe('false');
    await awayAndBack(() => finder.click());
    await awayAndBack(() => page.getByRole('link', { name: 'Edit' }).click());
    await page.waitForURL('**/edit');
  });
});

describe('closure form', () => {
  it('creates a closure drawn with the mouse along the streets, showing each error on the way', async () => {
    const stamp = Date.now().toString(36);
    const street = await aStreet();
    const page = await openClosures();
    // The Add button waits for street zoom: "Zoom to Add" takes the map there.
    await jumpTo(page, street.start, 13);
    await page.getByRole('button', { name: 'Zoom to Add' }).click();
    await page.getByRole('button', { name: 'Add Closure' }).click();
    await page.waitForURL(atPath('/dashboard/closures/new'));
    await page.getByRole('heading', { name: 'Create Closure' }).waitFor();

    // A path in the lake has no road: the directions' text shows under the path.
    await jumpTo(page, [-87.59, 41.885], 16);
    await drawPath(page, [-87.592, 41.885], [-87.588, 41.886]);
    await page.getByTestId('directions-error').getByText('No road near the start of the closure').waitFor();

    // Nothing but the path: Save names every missing field.
    await page.getByRole('button', { name: 'Clear path' }).click();
    const middle: LngLat = [(street.start[0] + street.end[0]) / 2, (street.start[1] + street.end[1]) / 2];
    await jumpTo(page, middle, 16);
    await drawPath(page, street.start, street.end);
    // The snapped ends may fall on a crossing street: the streets shown are those of the route's ends.
    await page
      .getByTestId('closure-path-streets')
      .getByText(new RegExp(`${street.name}.* → |→ .*${street.name}`))
      .waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Description is required').waitFor();
    await page.getByText('Direction of Travel is required').waitFor();

    await page.getByLabel(/^Description/).fill(`Drawn ${stamp}`);
    await page.getByLabel(/^Alert Message/).fill('x'.repeat(41));
    await page.getByText('40 Max Characters').waitFor();
    await page.getByLabel(/^Alert Message/).fill('Right lane closed');
    await page.getByLabel('Direction of Travel').selectOption('N');
    await page.getByLabel('Lane 2').check();
    await page.getByText('Lane 1 is the left-most lane').waitFor();

    // The asset picker lists the organization's assets allowed for closures.
    await page.getByRole('switch', { name: 'Associated Asset' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please select an Asset').waitFor();
    const picker = page.getByRole('combobox', { name: /^Asset/ });
    await expect.poll(() => picker.locator('option').count()).toBeGreaterThan(1);
    // Every allowed asset is an option, and a search narrows them (issue 29).
    const allOptions = (await picker.locator('option').count()) - 1;
    await page.getByText(`Showing ${allOptions} of ${allOptions}`).waitFor();
    const lastName = (await picker.locator('option').last().textContent()) ?? '';
    await page.getByRole('searchbox', { name: 'Search assets' }).fill(lastName);
    await expect.poll(() => picker.locator('option').count()).toBeLessThan(allOptions + 1);
    expect(await picker.locator('option').allTextContents()).toContain(lastName);
    await page.getByRole('searchbox', { name: 'Search assets' }).fill('');
    const assetName = (await picker.locator('option').nth(1).textContent()) ?? '';
    await picker.selectOption({ index: 1 });

    // Active needs an end, at most three months ahead; the Scheduler is disabled meanwhile.
    await page.getByLabel('Active', { exact: true }).check();
    expect(await page.getByLabel('Scheduler', { exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('End date required').waitFor();
    // The form's times are on the organization's wall clock (Chicago).
    const wall = (ms: number) => wallTimeText(ms, 'America/Chicago');
    await page.getByLabel(/^End date/).fill(wall(Date.now() + 100 * DAY));
    await page.getByText('End date must be within 3 months').waitFor();
    await page.getByLabel(/^End date/).fill(wall(Date.now() + 14 * DAY));

    // Publishing needs its fields; an id in use is refused by the simulator in the catalogue's words.
    await page.getByRole('switch', { name: 'Publish to WZDx' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Unique ID is required').waitFor();
    await page.getByText('Location Method is required').waitFor();
    await page.getByText('Vehicle Impact is required').waitFor();
    await page.getByLabel(/^Unique ID/).fill('LRW-0001');
    await page.getByLabel('Location Method').selectOption('sign-method');
    await page.getByLabel('Vehicle Impact').selectOption('some-lanes-closed');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByTestId('closure-save-error')
      .getByText('ID is already in use. Please select a new ID')
      .waitFor();
    await page.getByLabel(/^Unique ID/).fill(`DRAWN-${stamp}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: `Drawn ${stamp}` }).waitFor();

    // Saved as drawn: the user route is the two clicks, the road path starts upstream at the start.
    const saved = await closureNamed(`Drawn ${stamp}`);
    expect(near(saved.user_route[0], street.start, 0.0002)).toBe(true);
    expect(near(saved.user_route[1], street.end, 0.0002)).toBe(true);
    expect(near(saved.geocoded_route[0], street.start, 0.0003)).toBe(true);
    expect(saved.thing_id).not.toBeNull();
    expect(
      await page.getByTestId('closure-detail').locator('[data-field="Association"]').textContent(),
    ).toContain(assetName);
    // The street names the directions found: the detail shows the start's.
    expect(saved.street_start).toBeTruthy();
    expect(
      await page.getByTestId('closure-detail').locator('[data-field="Closure Start"]').textContent(),
    ).toContain(saved.street_start);
    const event = (await validFeed()).features.find((feature) => feature.id === saved.id);
    expect(event?.properties.core_details.name).toBe(`DRAWN-${stamp}`);
    expect(event?.properties.lanes).toEqual([
      { order: 1, type: 'general', status: 'open' },
      { order: 2, type: 'general', status: 'closed' },
    ]);

    // Editing: drag the end marker back towards the start; the route follows, and the feed with it.
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit Closure' }).waitFor();
    await page.waitForFunction(() => {
      const result = window.__fleetMap?.edited();
      return result?.kind === 'path' && result.ready && result.points.length === 2;
    });
    const from = await pixelOf(page, street.end);
    const to = await pixelOf(page, middle);
    await page.mouse.move(from.x, from.y, { steps: 2 });
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
    await expect
      .poll(() => page.evaluate(() => window.__fleetMap?.edited()))
      .toMatchObject({ kind: 'path', points: [expect.anything(), expect.anything()] });
    await page.getByTestId('closure-path-streets').getByText(/→/).waitFor();
    await page.getByLabel(/^Description/).fill(`Drawn ${stamp} (shorter)`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: `Drawn ${stamp} (shorter)` }).waitFor();
    const edited = await closureNamed(`Drawn ${stamp} (shorter)`);
    expect(near(edited.user_route[1], street.end, 0.0002)).toBe(false);
    const editedEvent = (await validFeed()).features.find((feature) => feature.id === saved.id);
    expect(editedEvent?.properties.core_details.description).toBe(`Drawn ${stamp} (shorter)`);
  });

  it('deletes a closure after confirmation, and refuses to save a feed closure reached by its edit address', async () => {
    const feed = (await closuresOfRoadWorks()).find((closure) => closure.closure_type === 'feed');
    if (!feed) throw new Error('no feed closure');
    const page = await openClosures();
    await page.goto(`${baseUrl}/dashboard/closures/${feed.id}/edit`);
    await page.getByRole('heading', { name: 'Edit Closure' }).waitFor();
    await page.getByLabel(/^Description/).fill('Taken over');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('closure-save-error').getByText('Closure not managed by Dashboard').waitFor();

    const doomed = await createClosure({ description: `Delete me ${Date.now().toString(36)}` });
    await page.goto(`${baseUrl}/dashboard/closures/${doomed.id}`);
    await page.getByRole('button', { name: 'Delete Closure' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Closure' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(atPath('/dashboard/closures'));
    await dialog.waitFor({ state: 'detached' });
    expect((await closuresOfRoadWorks()).map((closure) => closure.id)).not.toContain(doomed.id);
  });
});

describe('closures on a phone', () => {
  it('opens the mobile create form for a user with the mobile permission', async () => {
    const page = await openClosures(USER, 'mobile');
    await page.goto(`${baseUrl}/dashboard/closures/new`);
    const form = page.getByRole('form', { name: 'Create Closure' });
    await form.waitFor();
    expect(await form.getAttribute('class')).toContain('closure-form--mobile');
    // Opened straight on the form: the path drawer takes clicks once the map has loaded.
    await page.waitForFunction(() => {
      const result = window.__fleetMap?.edited();
      return result?.kind === 'path' && result.ready;
    });
    await form.getByRole('switch', { name: 'Display Closure' }).waitFor();
    await form.getByRole('switch', { name: 'Associated Asset' }).waitFor();
    await form.getByRole('combobox', { name: /^Direction of Travel/ }).waitFor();
  });
});
