// The live worker owns the collections the dashboard shows (issue 27, docs/live-worker.md): the user's own save is
// taken from its answer and the cable, never by reading the list again. These tests count the page's REST requests
// (the live worker's included: the browser reports a dedicated worker's requests as the page's) while a closure is
// saved and its asset's heartbeat then changes the closure's status, and while an area and a zone are saved.
import type { Page, Request, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulatorUrl } from './simulator.ts';
import { closeInstructions, drawShape, jumpTo, openSection, simulatorApi } from './mapDrawing.ts';
import { atPath, shellBrowserForFile, openSignedIn } from './shellBrowser.ts';
import { listThings, organizationIdByName, signInForToken, type ListedThing } from './simulatorApi.ts';
import { allowing } from './testTimes.ts';

const baseUrl = simulatorUrl();
const ADMIN = 'admin@demo.test';
const STAFF = 'staff@demo.test';
const ROAD_WORKS = 'Lakeshore Road Works';
const HOUR = 3_600_000;
/** Old enough that no other file sends telemetry then, recent enough that the asset reads standby (8 h). */
const HEARTBEAT_AGE_MS = 5 * HOUR + 17 * 60_000 + 13_000;

/** The list reads of the collections the worker holds: any of these after the page opened is a reload. */
const COLLECTION_READS = [
  '/api/organization/closure',
  '/api/organization/exclusion_zone',
  '/api/organization/alerting_zones',
  '/api/organization/things',
];

const shell = shellBrowserForFile();
let adminToken: string;
let roadWorks: string;
const api = simulatorApi(baseUrl, () => adminToken);

beforeAll(async () => {
  adminToken = await signInForToken(baseUrl, ADMIN);
  roadWorks = await organizationIdByName(baseUrl, adminToken, ROAD_WORKS);
});

/** Every REST request the page (and its live worker) makes from now on, as "METHOD path". */
function countRequests(page: Page): { seen: string[]; reloads(): string[] } {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${request.method()} ${url.pathname}`);
  });
  return {
    seen,
    reloads: () =>
      seen.filter(
        (entry) => entry.startsWith('GET ') && COLLECTION_READS.some((path) => entry.endsWith(path)),
      ),
  };
}

/** An asset of the road works that may carry a closure and has not checked in for days (its closure is offline). */
async function anOfflineWorkZoneAsset(): Promise<ListedThing> {
  type Listed = ListedThing & { is_allowed_for_closures?: boolean };
  const things = (await listThings(baseUrl, adminToken, roadWorks)) as Listed[];
  const closures = await api<{ thing_id: string | null }[]>(
    'GET',
    `/organization/closure?org_ids[]=${roadWorks}`,
  );
  const taken = new Set(closures.map((closure) => closure.thing_id));
  const quiet = (thing: Listed) =>
    thing.heartbeat_datetime === null || Date.parse(thing.heartbeat_datetime) < Date.now() - 100 * HOUR;
  const found = things
    .filter((thing) => thing.is_allowed_for_closures === true && quiet(thing) && !taken.has(thing.id))
    .sort((a, b) => (a.system_identifier < b.system_identifier ? 1 : -1))[0];
  if (!found) throw new Error('no quiet work-zone asset without a closure');
  return found;
}

async function sendOldHeartbeat(thing: ListedThing): Promise<void> {
  const staff = await signInForToken(baseUrl, STAFF);
  const response = await fetch(`${baseUrl}/api/sim/telemetry`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${staff}` },
    body: JSON.stringify({
      samples: [
        {
          device_id: thing.system_identifier,
          device_type: thing.device_type,
          time: new Date(Date.now() - HEARTBEAT_AGE_MS).toISOString(),
          accuracy: 4,
          kind: 'heartbeat',
          lat: thing.lat,
          lng: thing.lng,
          speed: 0,
          course: 0,
          enroute: false,
        },
      ],
    }),
  });
  const result = (await response.json()) as { accepted?: number };
  expect(result.accepted).toBe(1);
}

/**
 * The worker's first load of an organization: its closures, areas and zones, and the last page of its things. Only
 * reads after these count as reloads.
 */
function firstLoadOf(page: Page, organizationId: string): Promise<unknown> {
  const readOf = (response: Response, path: string) => {
    const url = new URL(response.url());
    return url.pathname === path && url.searchParams.getAll('org_ids[]').includes(organizationId);
  };
  const lists = COLLECTION_READS.filter((path) => path !== '/api/organization/things').map((path) =>
    page.waitForResponse((response) => readOf(response, path)),
  );
  const lastThingsPage = page.waitForResponse(async (response) => {
    if (!readOf(response, '/api/organization/things')) return false;
    const { meta } = (await response.json()) as { meta: { page: number; per_page: number; total: number } };
    return meta.page * meta.per_page >= meta.total;
  });
  return Promise.all([...lists, lastThingsPage]);
}

async function openRoadWorksClosures(): Promise<Page> {
  const page = await openSignedIn(shell, ADMIN);
  await page
    .getByTestId('support-dialog')
    .getByRole('button', { name: 'Close' })
    .click({ timeout: allowing(55_000) });
  await page.waitForURL(atPath('/dashboard/things'));
  await page.goto(`${baseUrl}/dashboard/closures`);
  await page.getByTestId('organization-name').click();
  const loaded = firstLoadOf(page, roadWorks);
  await page.getByRole('button', { name: ROAD_WORKS, exact: true }).click();
  await expect.poll(() => page.getByTestId('organization-name').textContent()).toContain(ROAD_WORKS);
  await page.waitForURL(atPath('/dashboard/closures'));
  await loaded;
  return page;
}

describe('the worker holds the closures', () => {
  it('saves a closure and shows its heartbeat status without reading any list again', async () => {
    const asset = await anOfflineWorkZoneAsset();
    const stamp = Date.now().toString(36);
    const route = [
      { lat: 41.8701, lng: -87.6201 },
      { lat: 41.8711, lng: -87.6191 },
    ];
    const created = await api<{ id: string }>('POST', `/organization/closure?org_ids[]=${roadWorks}`, {
      description: `Reload check ${stamp}`,
      closure_type: 'automated',
      is_in_service: true,
      is_active: false,
      direction: 'N',
      impacted_lanes: [1],
      geocoded_route: route,
      user_route: route,
      thing_id: asset.id,
    });

    const page = await openRoadWorksClosures();
    await page.getByTestId('closure-row').first().waitFor();
    const requests = countRequests(page);

    // An offline closure is not in the list's default filter: the user opens it by its address, edits and saves.
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/dashboard/closures/${created.id}`);
    const detail = page.getByTestId('closure-detail');
    await detail.getByText(`Reload check ${stamp}`).first().waitFor();
    await detail.locator('[data-field="Status"]').getByText('Offline').waitFor();
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit Closure' }).waitFor();
    await page.getByLabel(/^Description/).fill(`Reload check ${stamp} (edited)`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(atPath(`/dashboard/closures/${created.id}`));
    await detail.getByText(`Reload check ${stamp} (edited)`).first().waitFor();

    // The asset checks in: the closure stands by.
    await sendOldHeartbeat(asset);
    await detail.locator('[data-field="Status"]').getByText('Standby').waitFor();
    // Standing by, it is in the list's default filter.
    await detail.getByRole('link', { name: /Closures/ }).click();
    const row = page.locator(`[data-closure-id="${created.id}"]`);
    await row.getByText(`Reload check ${stamp} (edited)`).waitFor();

    expect(requests.seen).toContain(`PUT /api/organization/closure/${created.id}`);
    expect(requests.reloads()).toEqual([]);
    // One row for the closure: the save's answer and its cable echo are the same closure.
    expect(await page.locator(`[data-closure-id="${created.id}"]`).count()).toBe(1);
  });
});

describe('the worker holds the areas and zones', () => {
  it('shows a saved area in the list and on the map without reading the list again', async () => {
    const page = await openSection(shell, ADMIN, 'Areas');
    const requests = countRequests(page);
    const name = `No Reload Area ${Date.now().toString(36)}`;
    await page.evaluate(() => {
      window.history.pushState(null, '', '/dashboard/areas/new');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await closeInstructions(page);
    await jumpTo(page, -87.6071, 41.8533, 17);
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Type').selectOption({ label: 'Work Zone' });
    await page.getByRole('checkbox', { name: 'Exclusion' }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(
      (url) => /^\/dashboard\/areas\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'),
    );
    const areaId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await page.getByText(name).first().waitFor();
    await page.waitForFunction(
      (id) => (window.__fleetMap?.overlaysDrawn()['area-markers'] ?? []).some((drawn) => drawn.id === id),
      areaId,
    );
    await page.getByRole('button', { name: '‹ Areas' }).click();
    await page.getByPlaceholder('Search for an Area...').fill(name);
    await page.getByText(name).first().waitFor();

    expect(requests.seen).toContain('POST /api/organization/exclusion_zone');
    expect(requests.reloads()).toEqual([]);
  });

  it('shows a saved zone in the list and on the map without reading the list again', async () => {
    const page = await openSection(shell, ADMIN, 'Zones');
    const requests = countRequests(page);
    const description = `No Reload Ramp ${Date.now().toString(36)}`;
    await jumpTo(page, -87.652, 41.874, 15);
    await page.getByTestId('map-add').filter({ hasText: 'Zoom to Add' }).click();
    await page.getByTestId('map-add').filter({ hasText: 'Add Zone' }).click();
    await page.waitForURL(atPath('/dashboard/zones/new'));
    await closeInstructions(page);
    await jumpTo(page, -87.652, 41.874, 17);
    await page.getByLabel('Description').fill(description);
    await page.getByLabel('Alert Message').fill('Wrong way');
    await drawShape(page, 'path', [
      [0.3, 0.55],
      [0.6, 0.4],
    ]);
    await page.getByTestId('path-points').filter({ hasText: '2 points' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(
      (url) => /^\/dashboard\/zones\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'),
    );
    const zoneId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await page.getByTestId('zone-detail').getByText(description).waitFor();
    await page.waitForFunction(
      (id) => (window.__fleetMap?.overlaysDrawn()['zone-lines'] ?? []).some((drawn) => drawn.id === id),
      zoneId,
    );
    await page.getByRole('button', { name: '‹ Zones' }).click();
    await page.locator(`[data-zone-id="${zoneId}"]`).waitFor();

    expect(requests.seen).toContain('POST /api/organization/alerting_zones');
    expect(requests.reloads()).toEqual([]);
  });
});
