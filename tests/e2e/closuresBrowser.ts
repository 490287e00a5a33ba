// What the Closures browser tests share: the road works organization's closures through the simulator's REST as the
// admin, the public WZDx feed checked against the official 4.2 schemas, signing in to the closure list, and the map
// moves a person makes while drawing a closure's path. `closuresBrowserForFile()` is called once at the top of a test
// file: it opens the file's browser and signs in for the REST calls before the tests.
import type { Page } from 'playwright-core';
import type { ValidateFunction } from 'ajv';
import { beforeAll, expect } from 'vitest';
import { validationErrors, wzdxValidator } from '#tests/sim-server/support/wzdxSchemas';
import { simulatorUrl } from './simulator.ts';
import { signInForToken } from './simulatorApi.ts';
import { atPath, shellBrowserForFile, type Viewport, openSignedIn } from './shellBrowser.ts';
import { allowing } from './testTimes.ts';

export const ADMIN = 'admin@demo.test';
export const USER = 'user@demo.test';
const ROAD_WORKS = 'Lakeshore Road Works';
export const DAY = 86_400_000;

export type LngLat = [number, number];
export type ClosureJson = {
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
export type Feed = {
  features: {
    id: string;
    properties: { core_details: { name: string; description: string }; end_date: string; lanes?: unknown[] };
    geometry: { coordinates: LngLat[] };
  }[];
};

export function closuresBrowserForFile() {
  const baseUrl = simulatorUrl();
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
    const page = await openSignedIn(shell, email, { viewport });
    await page
      .getByTestId('support-dialog')
      .getByRole('button', { name: 'Close' })
      .click({ timeout: allowing(55_000) });
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

  return { baseUrl, api, closuresOfRoadWorks, closureNamed, validFeed, createClosure, openClosures };
}

export const row = (page: Page, description: string) =>
  page.getByTestId('closure-row').filter({ has: page.getByText(description, { exact: true }) });

/** A street line of the basemap near downtown, 250–600 m from end to end: the path the form draws. */
export async function aStreet(): Promise<{ name: string; start: LngLat; end: LngLat }> {
  const basemap = (await (await fetch(`${simulatorUrl()}/api/sim/basemap`)).json()) as {
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

export async function jumpTo(page: Page, [lng, lat]: LngLat, zoom: number): Promise<void> {
  await page.waitForFunction(() => window.__fleetMap !== undefined);
  await page.evaluate(
    ([x, y, z]) => window.__fleetMap?.jumpTo(x as number, y as number, z as number),
    [lng, lat, zoom],
  );
  await page.waitForFunction(() => window.__fleetMap?.drawnSinceChange() === true);
}

/** Where a position is drawn, in page pixels. */
export async function pixelOf(page: Page, [lng, lat]: LngLat): Promise<{ x: number; y: number }> {
  const point = await page.evaluate(
    ([x, y]) => window.__fleetMap?.project(x as number, y as number),
    [lng, lat],
  );
  const box = await page.getByTestId('live-map').boundingBox();
  if (!point || !box) throw new Error('no map');
  return { x: box.x + point[0], y: box.y + point[1] };
}

/** Clicks the start, then the end, once the map takes clicks for the path. */
export async function drawPath(page: Page, start: LngLat, end: LngLat): Promise<void> {
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

export const near = (a: { lat: number; lng: number } | undefined, [lng, lat]: LngLat, degrees: number) =>
  a !== undefined && Math.abs(a.lat - lat) < degrees && Math.abs(a.lng - lng) < degrees;
