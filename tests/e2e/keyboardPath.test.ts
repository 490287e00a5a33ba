// A dispatcher's common path driven by the keyboard alone (issue 26, WCAG 2.1.1): Tab, Shift+Tab, Enter, Space,
// arrows and typed text, never a click. Sign in, find an asset and open it, follow it, open an incident, switch
// organization, and create a closure whose start and end are typed as coordinates, its save announced. Each step
// waits for what a person would see; reaching a control by Tab proves it is in the focus order.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { simulatorUrl } from './simulator.ts';
import { atPath, shellBrowserForFile } from './shellBrowser.ts';
import { DEMO_PASSWORD, listThings, organizationIdByName, signInForToken } from './simulatorApi.ts';
import { allowing } from './testTimes.ts';

const baseUrl = simulatorUrl();
const ADMIN = 'admin@demo.test';
const ROAD_WORKS = 'Lakeshore Road Works';
const RESPONDERS = 'Chicago Metro Responders';

type LngLat = [number, number];

const shell = shellBrowserForFile();

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has focus; fails when it is not reached in `most` presses. */
async function tabTo(page: Page, target: Locator, { back = false, most = 250 } = {}): Promise<void> {
  await target.first().waitFor();
  for (let press = 0; press < most; press += 1) {
    if (await isFocused(target.first())) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} was not reached with ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** A street of the basemap near downtown, 250–600 m long: its ends are the closure's typed start and end. */
async function aStreet(): Promise<{ start: LngLat; end: LngLat }> {
  const basemap = (await (await fetch(`${baseUrl}/api/sim/basemap`)).json()) as {
    features: { geometry: { coordinates: LngLat[] } }[];
  };
  const metres = (a: LngLat, b: LngLat) => Math.hypot((a[0] - b[0]) * 83_000, (a[1] - b[1]) * 111_000);
  for (const { geometry } of basemap.features) {
    const start = geometry.coordinates[0];
    const end = geometry.coordinates[geometry.coordinates.length - 1];
    if (!start || !end) continue;
    const near = Math.abs(start[1] - 41.885) < 0.01 && Math.abs(start[0] + 87.635) < 0.015;
    if (near && metres(start, end) > 250 && metres(start, end) < 600) return { start, end };
  }
  throw new Error('no street of 250–600 m near downtown');
}

/** Starts an incident of the responders through the simulator's incident feed; its street names it. */
async function startIncident(street: string): Promise<void> {
  const token = await signInForToken(baseUrl, 'staff@demo.test');
  const organizationId = await organizationIdByName(baseUrl, token, RESPONDERS);
  const response = await fetch(`${baseUrl}/api/sim/locations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      id: randomUUID(),
      organization_id: organizationId,
      external_id: `INC-KEYS-${street}`,
      is_active: true,
      lat: 41.8771,
      lng: -87.6402,
      street,
      roadway_heading: 90,
      things_active: [],
      things_inactive: [],
      start_time: new Date(Date.now() - 3 * 60_000).toISOString(),
      end_time: null,
      alt: null,
      alert_message: null,
      features: [],
    }),
  });
  if (!response.ok) throw new Error(`incident feed: HTTP ${response.status} ${await response.text()}`);
}

/** Opens the organization picker from the top bar and picks `name`. */
async function switchOrganization(page: Page, name: string): Promise<void> {
  const picker = page.getByTestId('organization-name');
  await tabTo(page, picker, { back: true });
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name, exact: true }));
  await page.keyboard.press('Enter');
  await expect.poll(() => picker.textContent()).toContain(name);
}

describe('keyboard only', () => {
  it('signs in, finds and follows an asset, opens an incident, switches organization and creates a closure', async () => {
    const stamp = Date.now().toString(36);
    const street = await aStreet();
    const incidentStreet = `KEYBOARD ST ${stamp.toUpperCase()}`;
    await startIncident(incidentStreet);
    const page = await shell.open('desktop', '/');
    await page.waitForURL('**/welcome/signin**');

    // Sign in.
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(ADMIN);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard/things', { timeout: allowing(55_000) });
    const support = page.getByTestId('support-dialog');
    await tabTo(page, support.getByRole('button', { name: 'Close' }));
    await page.keyboard.press('Enter');
    await support.waitFor({ state: 'hidden' });

    // The responders' fleet and incidents.
    await switchOrganization(page, RESPONDERS);

    // Find an asset by its name and open it: one of the responders' own, once the list shows their fleet (a row
    // read while the list still showed the road works' would not be found after the switch).
    const token = await signInForToken(baseUrl, ADMIN);
    const responders = await listThings(
      baseUrl,
      token,
      await organizationIdByName(baseUrl, token, RESPONDERS),
    );
    const respondersNames = new Set(
      responders.flatMap((thing) => [
        thing.system_identifier,
        (thing as { nickname?: string }).nickname ?? '',
      ]),
    );
    const someRow = page.getByTestId('thing-row').nth(2);
    const rowName = async () => ((await someRow.locator('.list-row__primary').textContent()) ?? '').trim();
    const isResponders = (shown: string) =>
      [...respondersNames].some((known) => known !== '' && known.toLowerCase() === shown.toLowerCase());
    await expect.poll(async () => isResponders(await rowName()), { timeout: allowing(30_000) }).toBe(true);
    const name = await rowName();
    await tabTo(page, page.getByLabel('Search for an asset'));
    await page.keyboard.type(name);
    const found = page.getByTestId('thing-row').filter({ hasText: name }).first();
    await tabTo(page, found);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/things\/[^/]+$/);

    // Follow it from the map's controls.
    const follow = page.getByRole('button', { name: 'Follow asset' });
    await tabTo(page, follow);
    await page.keyboard.press('Enter');
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');

    // Open an incident from the side navigation's events section.
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await tabTo(page, nav.getByRole('link').nth(1), { back: true });
    await page.keyboard.press('Enter');
    await page.waitForURL(atPath('/dashboard/events'));
    const incident = page.getByTestId('event-row').filter({ hasText: incidentStreet });
    await incident.waitFor();
    // A new incident while the list shows is announced politely.
    await startIncident(`${incidentStreet} NORTH`);
    await page.getByTestId('announcer-polite').getByText('1 new incident').waitFor({ state: 'attached' });
    await tabTo(page, incident);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/events\/[^/]+$/);

    // Switch organization from the top bar, to the road works.
    await switchOrganization(page, ROAD_WORKS);

    // Create a closure with its start and end typed in.
    await tabTo(page, nav.getByRole('link', { name: 'Closures' }), { back: true });
    await page.keyboard.press('Enter');
    await page.waitForURL(atPath('/dashboard/closures'));
    await tabTo(page, page.getByRole('button', { name: /^(Zoom to Add|Add Closure)$/ }));
    if ((await page.getByRole('button', { name: 'Zoom to Add' }).count()) > 0) {
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Add Closure' }).waitFor();
    }
    await tabTo(page, page.getByRole('button', { name: 'Add Closure' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(atPath('/dashboard/closures/new'));

    const points = page.getByTestId('closure-path-points');
    for (const [lng, lat] of [street.start, street.end]) {
      await tabTo(page, points.getByLabel('Lat', { exact: true }));
      await page.keyboard.type(String(lat));
      await page.keyboard.press('Tab');
      await page.keyboard.type(String(lng));
      await page.keyboard.press('Enter');
    }
    await points.getByText(/^End: /).waitFor();
    await page.getByTestId('closure-path-streets').getByText('→').waitFor();
    // The form with its typed points passes axe (WCAG 2.1 A/AA).
    expect(await seriousViolations(page)).toEqual([]);

    await tabTo(page, page.getByLabel(/^Description/));
    await page.keyboard.type(`Typed ${stamp}`);
    await tabTo(page, page.getByLabel('Direction of Travel'));
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByLabel('Direction of Travel').inputValue()).not.toBe('');
    await tabTo(page, page.getByLabel('Lane 1'));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Typed ${stamp}` }).waitFor();
    // A screen reader hears the result (the polite live region).
    await page.getByTestId('announcer-polite').getByText('Closure saved').waitFor({ state: 'attached' });
  });
});
