// What the Events browser tests share: incidents started, changed and ended through the simulator's incident feed
// (`POST /api/sim/locations`) as provider staff, the incidents the REST lists, signing in and switching to an
// organization, the section's list as rendered, and dragging the location marker. `eventsBrowserForFile()` is called
// once at the top of a test file: it opens the file's browser and reads the organizations before the tests.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, expect } from 'vitest';
import type { LocationRecord } from '#domain/locations/locationRecord';
import { simulatorUrl } from './simulator.ts';
import { signInForToken } from './simulatorApi.ts';
import {
  atPath,
  shellBrowserForFile,
  type Viewport,
  openSignedIn,
  closeSupportDialog,
} from './shellBrowser.ts';
import { allowing } from './testTimes.ts';

export const RESPONDERS = 'Chicago Metro Responders';
export const ROAD_WORKS = 'Lakeshore Road Works';
export const FLEET = 'Great Lakes Fleet Services';
export const HOUR = 60 * 60 * 1000;
/** A hang guard, not a budget: each test signs in one or two browsers on a busy 2-core machine. */
export const BROWSER_TEST_TIMEOUT = allowing(150_000);

export type FeedLocation = LocationRecord;

export function eventsBrowserForFile() {
  const baseUrl = simulatorUrl();
  const shell = shellBrowserForFile();
  let staffToken: string;
  let organizations: Record<string, string>;

  beforeAll(async () => {
    staffToken = await signInForToken(baseUrl, 'staff@demo.test');
    const userToken = await signInForToken(baseUrl, 'user@demo.test');
    const profile = (await (
      await fetch(`${baseUrl}/api/profile`, { headers: { Authorization: `Bearer ${userToken}` } })
    ).json()) as {
      user_org: { id: string; name: string };
      managed_orgs: { id: string; name: string }[];
      accessed_orgs: { id: string; name: string }[];
    };
    organizations = Object.fromEntries(
      [profile.user_org, ...profile.managed_orgs, ...profile.accessed_orgs].map((organization) => [
        organization.name,
        organization.id,
      ]),
    );
  });

  let serial = 0;

  /** Starts (or changes, or ends) an incident through the simulator's incident feed. */
  async function report(
    overrides: Partial<FeedLocation> & { organization_id: string },
  ): Promise<FeedLocation> {
    serial += 1;
    const location: FeedLocation = {
      id: randomUUID(),
      external_id: `INC-E2E-${serial}`,
      is_active: true,
      lat: 41.8789,
      lng: -87.6359,
      street: `E2E TEST ST ${serial}`,
      roadway_heading: 135,
      things_active: [],
      things_inactive: [],
      start_time: new Date(Date.now() - 5 * 60_000).toISOString(),
      end_time: null,
      alt: null,
      alert_message: null,
      features: [],
      ...overrides,
    };
    const response = await fetch(`${baseUrl}/api/sim/locations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${staffToken}` },
      body: JSON.stringify(location),
    });
    if (!response.ok) throw new Error(`incident feed: HTTP ${response.status} ${await response.text()}`);
    return location;
  }

  async function listedLocations(organizationName: string): Promise<FeedLocation[]> {
    const token = await signInForToken(baseUrl, 'user@demo.test');
    const since = new Date(Date.now() - 7 * 24 * HOUR).toISOString();
    const response = await fetch(
      `${baseUrl}/api/locations?org_ids[]=${organizations[organizationName]}&start_date=${since}`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    return (await response.json()) as FeedLocation[];
  }

  function organizationId(name: string): string {
    const id = organizations[name];
    if (!id) throw new Error(`no organization named ${name}`);
    return id;
  }

  /** Signs in as a person would, switches to the organization, and opens its events section from the chrome. */
  async function openEvents(
    email: string,
    organizationName: string,
    viewport: Viewport = 'desktop',
  ): Promise<Page> {
    const page = await openSignedIn(shell, email, { viewport });
    await closeSupportDialog(page);
    await page.getByTestId('organization-name').click();
    await page.getByRole('button', { name: organizationName }).click();
    await expect.poll(() => page.getByTestId('organization-name').textContent()).toContain(organizationName);
    return page;
  }

  return { baseUrl, report, listedLocations, organizationId, openEvents };
}

export async function goToEventsSection(page: Page, label: 'Incidents' | 'Events'): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: label, exact: true }).click();
  await page.waitForURL(atPath('/dashboard/events'));
}

export async function renderedIds(page: Page): Promise<string[]> {
  return page
    .getByTestId('event-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-event-id') ?? ''));
}

/**
 * Waits until the list shows these incidents, in this order: "Showing (n/n)" counts them, and the rows the virtual
 * list has rendered (those in view) are the first of them, in order.
 */
export async function waitForRows(
  page: Page,
  expected: readonly string[],
  total = expected.length,
): Promise<void> {
  await page
    .getByTestId('event-showing')
    .filter({ hasText: `Showing (${expected.length}/${total})` })
    .waitFor();
  await expect
    .poll(async () => {
      const rendered = await renderedIds(page);
      return rendered.length > 0 && rendered.every((id, index) => id === expected[index]);
    })
    .toBe(true);
}

/**
 * Where the location marker sits once the camera has come to rest: the same box two frames apart. A person aims at
 * the marker they see settled; grabbing it while the form's camera still flies makes the press miss it.
 */
async function restingMarkerBox(
  page: Page,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const marker = page.getByTestId('location-marker');
  let previous = await marker.boundingBox();
  for (;;) {
    await page.evaluate(
      () => new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled))),
    );
    const current = await marker.boundingBox();
    if (previous && current && previous.x === current.x && previous.y === current.y) return current;
    previous = current;
  }
}

/** Drags the location marker by (dx, dy) pixels as a person would. */
export async function dragMarker(page: Page, dx: number, dy: number): Promise<void> {
  const box = await restingMarkerBox(page);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
  await page.mouse.move(x + dx, y + dy, { steps: 4 });
  await page.mouse.up();
}
