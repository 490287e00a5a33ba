// The Events (Incidents) section in a real browser against the simulator (docs/events.md): each time filter with
// its counters, the search after its pause, an incident's detail with every field, its live duration and its
// three-word address (named, and "what3words not found..." outside the stand-in's square), Edit Location dragged
// on the map and seen arriving live by a second browser, each refusal of a location update the simulator can
// produce, the labels of a non-responder organization, a Media user without edit controls, and a phone.
// Incidents are started and ended through the simulator's incident feed (`POST /api/sim/locations`).
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulatorUrl } from './simulator.ts';
import {
  compareLocations,
  decodeLocations,
  isInTimeFilter,
  type LocationTimeFilter,
} from '#domain/locations/location';
import type { LocationRecord } from '#domain/locations/locationRecord';
import { matchesEventSearch, normaliseEventSearch } from '#domain/locations/eventList';
import { threeWordAddress } from '#domain/locations/threeWordAddress';
import { startOfDayInZone } from '#domain/units/zonedTime';
import { formatListTime } from '#domain/units/displayTime';
import { signInForToken } from './simulatorApi.ts';
import { atPath, shellBrowserForFile, type Viewport, signIn, closeSupportDialog } from './shellBrowser.ts';

const baseUrl = simulatorUrl();
const RESPONDERS = 'Chicago Metro Responders';
const ROAD_WORKS = 'Lakeshore Road Works';
const FLEET = 'Great Lakes Fleet Services';
const HOUR = 60 * 60 * 1000;
/** A hang guard, not a budget: each test signs in one or two browsers on a busy 2-core machine. */
const BROWSER_TEST_TIMEOUT = 150_000;

const shell = shellBrowserForFile();
let staffToken: string;
let organizations: Record<string, string>;

type FeedLocation = LocationRecord;

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
async function report(overrides: Partial<FeedLocation> & { organization_id: string }): Promise<FeedLocation> {
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
  const page = await signIn(shell, email, { viewport, landing: '/dashboard/things' });
  await closeSupportDialog(page);
  await page.getByTestId('organization-name').click();
  await page.getByRole('button', { name: organizationName }).click();
  await expect.poll(() => page.getByTestId('organization-name').textContent()).toContain(organizationName);
  return page;
}

async function goToEventsSection(page: Page, label: 'Incidents' | 'Events'): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: label, exact: true }).click();
  await page.waitForURL(atPath('/dashboard/events'));
}

async function renderedIds(page: Page): Promise<string[]> {
  return page
    .getByTestId('event-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-event-id') ?? ''));
}

/**
 * Waits until the list shows these incidents, in this order: "Showing (n/n)" counts them, and the rows the virtual
 * list has rendered (those in view) are the first of them, in order.
 */
async function waitForRows(page: Page, expected: readonly string[], total = expected.length): Promise<void> {
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

describe('events list', { timeout: BROWSER_TEST_TIMEOUT }, () => {
  it('shows each time filter with its counters, 24 hrs by default', async () => {
    // An incident that ended three days ago: only All Recent shows it.
    const old = await report({
      organization_id: organizationId(RESPONDERS),
      is_active: false,
      start_time: new Date(Date.now() - 73 * HOUR).toISOString(),
      end_time: new Date(Date.now() - 72 * HOUR).toISOString(),
    });
    const page = await openEvents('user@demo.test', RESPONDERS);
    await goToEventsSection(page, 'Incidents');
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const locations = decodeLocations(await listedLocations(RESPONDERS)).records;
    const expectedUnder = (filter: LocationTimeFilter) => {
      const now = Date.now();
      return [...locations]
        .sort(compareLocations)
        .filter((location) => isInTimeFilter(location, filter, now, startOfDayInZone(now, timeZone)))
        .map((location) => location.id);
    };

    expect(await page.getByRole('radio', { name: '24 hrs' }).isChecked()).toBe(true);
    const last24 = expectedUnder('last24Hours');
    await waitForRows(page, last24);
    expect(last24).not.toContain(old.id);
    const active = locations.filter((location) => location.isActive).length;
    await page
      .getByTestId('event-counts')
      .filter({ hasText: `Active Incidents ${active} | Recent Incidents ${last24.length - active}` })
      .waitFor();
    await page
      .getByTestId('event-showing')
      .filter({ hasText: `Showing (${last24.length}/${last24.length})` })
      .waitFor();

    await page.getByRole('radio', { name: 'Active Only' }).check();
    await waitForRows(page, expectedUnder('activeOnly'));
    await page.getByTestId('event-counts').filter({ hasText: `Recent Incidents 0` }).waitFor();

    await page.getByRole('radio', { name: 'Today' }).check();
    await waitForRows(page, expectedUnder('today'));

    await page.getByRole('radio', { name: 'All Recent' }).check();
    const all = expectedUnder('all');
    expect(all).toContain(old.id);
    await waitForRows(page, all);

    // An active incident's row lists its assets with their times.
    const activeRow = page.getByTestId('event-row').filter({ hasText: 'On-Scene' }).first();
    await activeRow.getByTestId('event-row-thing').first().getByText('Time-to-Scene').waitFor();
  });

  it('searches by street, asset name and system id once typing pauses', async () => {
    const page = await openEvents('user@demo.test', RESPONDERS);
    await goToEventsSection(page, 'Incidents');
    const [withCrew] = (await listedLocations(RESPONDERS)).filter(
      (location) => location.is_active && location.things_active.length > 0,
    );
    if (!withCrew) throw new Error('the seed has an active incident with assets on scene');
    const [crew] = withCrew.things_active;
    if (!crew) throw new Error('an asset is on scene');
    const search = page.getByPlaceholder('Search Asset, Street, or System ID');
    await page.getByTestId('event-row').first().waitFor();

    // By an asset's name: the incidents with that asset on them, and the count of the 24 hours it searched.
    const name = crew.nickname ?? crew.system_identifier.toUpperCase();
    const now = Date.now();
    const day = decodeLocations(await listedLocations(RESPONDERS))
      .records.sort(compareLocations)
      .filter((location) => isInTimeFilter(location, 'last24Hours', now, 0));
    const named = day.filter((location) => matchesEventSearch(location, normaliseEventSearch(name)));
    expect(named.length).toBeLessThan(day.length);
    await search.pressSequentially(name, { delay: 20 });
    await waitForRows(
      page,
      named.map((location) => location.id),
      day.length,
    );
    for (const id of await renderedIds(page)) {
      const text = await page.locator(`[data-event-id="${id}"]`).textContent();
      expect(text?.toLowerCase()).toContain(name.toLowerCase());
    }

    // By system id (not shown in the row) and by street.
    await search.fill('');
    await search.pressSequentially(crew.system_identifier, { delay: 20 });
    await expect.poll(() => renderedIds(page)).toContain(withCrew.id);
    await search.fill('');
    await search.pressSequentially(withCrew.street ?? '', { delay: 20 });
    await expect.poll(() => renderedIds(page)).toContain(withCrew.id);
    await page
      .getByTestId('event-showing')
      .filter({ hasText: /Showing \((\d+)\/(\d+)\)/ })
      .waitFor();

    await search.fill('');
    await search.pressSequentially('no street by this name', { delay: 10 });
    await page.getByText('No incidents match the search.').waitFor();
    await page.getByTestId('event-showing').filter({ hasText: 'Showing (0/' }).waitFor();
  });
});

describe('event detail', { timeout: BROWSER_TEST_TIMEOUT }, () => {
  it('shows every field, the duration counting live and the three-word address', async () => {
    const page = await openEvents('user@demo.test', RESPONDERS);
    await goToEventsSection(page, 'Incidents');
    const [incident] = (await listedLocations(RESPONDERS)).filter(
      (location) => location.is_active && location.things_active.length > 0,
    );
    if (!incident) throw new Error('the seed has an active incident with assets on scene');
    await page.locator(`[data-event-id="${incident.id}"]`).click();
    await page.waitForURL(atPath(`/dashboard/events/${incident.id}`));

    const detail = page.getByTestId('event-detail');
    await detail.getByRole('heading', { name: 'On-Scene' }).waitFor();
    await detail.getByText(incident.street ?? '', { exact: true }).waitFor();
    const coordinates = `${incident.lat.toFixed(5)}, ${incident.lng.toFixed(5)}`;
    expect(await detail.getByTestId('event-coordinates').textContent()).toBe(coordinates);
    await detail
      .getByTestId('three-word-address')
      .filter({ hasText: `/// ${threeWordAddress(incident.lat, incident.lng)}` })
      .waitFor();
    await detail
      .getByRole('img', { name: new RegExp(`Roadway heading ${incident.roadway_heading}°`) })
      .waitFor();
    expect(await detail.getByTestId('event-system-id').textContent()).toBe(incident.external_id);
    // The one time rule (issue 25): the lists' format on the organization's wall clock, its zone named.
    expect(
      await detail
        .locator('dt', { hasText: /^Start$/ })
        .locator('xpath=following-sibling::dd[1]')
        .textContent(),
    ).toBe(formatListTime(Date.parse(incident.start_time), 'America/Chicago'));
    await detail
      .getByRole('region', { name: 'Active Vehicles', exact: true })
      .getByTestId('event-vehicle')
      .first()
      .waitFor();
    expect(
      await detail
        .getByRole('region', { name: 'Active Vehicles', exact: true })
        .getByTestId('event-vehicle')
        .count(),
    ).toBe(incident.things_active.length);
    expect(
      await detail
        .getByRole('region', { name: 'Inactive Vehicles', exact: true })
        .getByTestId('event-vehicle')
        .count(),
    ).toBe(incident.things_inactive.length);
    await detail.getByRole('link', { name: 'Edit Location' }).waitFor();

    // The duration of an active incident counts on by itself.
    const duration = detail.getByTestId('event-duration');
    const first = await duration.textContent();
    await expect.poll(() => duration.textContent()).not.toBe(first);

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await detail.getByRole('button', { name: 'Copy' }).first().click();
    await detail.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(coordinates);
  });

  it('says "what3words not found..." for an incident the stand-in cannot name, and offers no edit once ended', async () => {
    const far = await report({
      organization_id: organizationId(RESPONDERS),
      lat: 40.7128,
      lng: -74.006,
      is_active: false,
      start_time: new Date(Date.now() - 2 * HOUR).toISOString(),
      end_time: new Date(Date.now() - HOUR).toISOString(),
    });
    const page = await openEvents('user@demo.test', RESPONDERS);
    await page.goto(`${baseUrl}/dashboard/events/${far.id}`);
    const detail = page.getByTestId('event-detail');
    await detail.getByRole('heading', { name: 'Ended' }).waitFor();
    await detail.getByTestId('three-word-address').filter({ hasText: 'what3words not found...' }).waitFor();
    expect(await detail.getByRole('link', { name: 'Edit Location' }).count()).toBe(0);
    // An ended incident's duration is fixed: start to end.
    expect(await detail.getByTestId('event-duration').textContent()).toBe('1h 00m 00s');
  });

  it('reads "Events" and "Active Event" for an organization that is not a responder', async () => {
    const incident = await report({ organization_id: organizationId(ROAD_WORKS), street: 'S LAKE SHORE DR' });
    const page = await openEvents('user@demo.test', ROAD_WORKS);
    await goToEventsSection(page, 'Events');
    await page.getByTestId('event-counts').filter({ hasText: 'Active Events' }).waitFor();
    await page.locator(`[data-event-id="${incident.id}"]`).click();
    await page.getByTestId('event-detail').getByRole('heading', { name: 'Active Event' }).waitFor();
  });

  it('shows a Media user no edit controls, and refuses the edit page', async () => {
    const incident = await report({ organization_id: organizationId(RESPONDERS) });
    const page = await openEvents('media@demo.test', RESPONDERS);
    await page.goto(`${baseUrl}/dashboard/events/${incident.id}`);
    await page
      .getByTestId('event-detail')
      .getByText(incident.street ?? '')
      .waitFor();
    await page.getByTestId('three-word-address').filter({ hasText: '///' }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit Location' }).count()).toBe(0);
    await page.goto(`${baseUrl}/dashboard/events/${incident.id}/edit`);
    await page.getByText('Sorry, you are not currently authorized to access this page.').waitFor();
  });
});

/** Drags the location marker by (dx, dy) pixels as a person would. */
async function dragMarker(page: Page, dx: number, dy: number): Promise<void> {
  const marker = page.getByTestId('location-marker');
  const box = await marker.boundingBox();
  if (!box) throw new Error('the location marker is not drawn');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
  await page.mouse.move(x + dx, y + dy, { steps: 4 });
  await page.mouse.up();
}

describe('Edit Location', { timeout: BROWSER_TEST_TIMEOUT }, () => {
  it('moves the incident on the map, returns to its details, and a second browser sees it arrive live', async () => {
    const incident = await report({ organization_id: organizationId(RESPONDERS) });
    const watcher = await openEvents('admin@demo.test', RESPONDERS);
    await watcher.goto(`${baseUrl}/dashboard/events/${incident.id}`);
    const before = `${incident.lat.toFixed(5)}, ${incident.lng.toFixed(5)}`;
    await watcher.getByTestId('event-coordinates').filter({ hasText: before }).waitFor();

    const page = await openEvents('user@demo.test', RESPONDERS);
    await page.goto(`${baseUrl}/dashboard/events/${incident.id}`);
    await page.getByTestId('event-detail').getByRole('link', { name: 'Edit Location' }).click();
    await page.waitForURL(atPath(`/dashboard/events/${incident.id}/edit`));
    const save = page.getByRole('button', { name: 'Save' });
    await page.getByTestId('location-marker').waitFor();
    expect(await save.isDisabled()).toBe(true);

    await dragMarker(page, 40, -30);
    await expect.poll(() => save.isDisabled()).toBe(false);
    const lat = Number(await page.getByTestId('edit-lat').textContent());
    const lng = Number(await page.getByTestId('edit-lng').textContent());
    expect(lat).toBeGreaterThan(incident.lat);
    expect(lng).toBeGreaterThan(incident.lng);
    await save.click();
    await page.waitForURL(atPath(`/dashboard/events/${incident.id}`));
    const after = `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
    await page.getByTestId('event-coordinates').filter({ hasText: after }).waitFor();

    // The other browser hears the move over the cable.
    await watcher.getByTestId('event-coordinates').filter({ hasText: after }).waitFor();
  });

  it('says "Location no longer active" when the incident ended while it was being moved', async () => {
    const incident = await report({ organization_id: organizationId(RESPONDERS) });
    const page = await openEvents('user@demo.test', RESPONDERS);
    await page.goto(`${baseUrl}/dashboard/events/${incident.id}/edit`);
    await page.getByTestId('location-marker').waitFor();
    await dragMarker(page, -30, 20);
    // The dispatch system closes the incident before Save is pressed.
    await report({ ...incident, is_active: false, end_time: new Date().toISOString() });
    // The end arrives live; the form stays with the user's move.
    await page.getByText('This event has ended since the form opened.').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('edit-location-error').filter({ hasText: 'Location no longer active' }).waitFor();
  });

  it('says "User does not have access to Location" for an organization the user only accesses', async () => {
    const incident = await report({ organization_id: organizationId(FLEET), street: 'W FLEET ST' });
    const page = await openEvents('user@demo.test', FLEET);
    await page.goto(`${baseUrl}/dashboard/events/${incident.id}/edit`);
    await page.getByTestId('location-marker').waitFor({ timeout: 45_000 });
    await dragMarker(page, 20, 20);
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByTestId('edit-location-error')
      .filter({ hasText: 'User does not have access to Location' })
      .waitFor();
  });
});

describe('Create Location', { timeout: BROWSER_TEST_TIMEOUT }, () => {
  it('creates an incident placed and turned with the marker, opens it, and a second browser sees it arrive', async () => {
    serial += 1;
    const street = `E2E NEW INCIDENT ST ${serial}`;
    const watcher = await openEvents('admin@demo.test', RESPONDERS);
    await goToEventsSection(watcher, 'Incidents');
    await watcher.getByPlaceholder('Search Asset, Street, or System ID').fill(street);
    await watcher.getByTestId('event-showing').filter({ hasText: 'Showing (0/' }).waitFor();

    const page = await openEvents('user@demo.test', RESPONDERS);
    await goToEventsSection(page, 'Incidents');
    await page.getByRole('link', { name: 'Create Location' }).click();
    await page.waitForURL(atPath('/dashboard/events/new'));
    const form = page.getByRole('form', { name: 'Create Location' });
    await page.getByTestId('location-marker').waitFor();

    // A street is required; the position starts at the map's centre.
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('alert').filter({ hasText: 'Street is required' }).waitFor();
    const startLat = Number(await form.getByLabel('Latitude').inputValue());
    const startLng = Number(await form.getByLabel('Longitude').inputValue());
    await form.getByLabel('Street').fill(street);
    await form.getByLabel('System Id').fill(`CAD-E2E-${serial}`);
    await form.getByLabel('Navigation message').fill('Use the left lane');

    // The marker goes where it is dragged (a new location has no 100 m circle), and its handle turns the heading.
    await dragMarker(page, 160, -120);
    await expect
      .poll(async () => Number(await form.getByLabel('Latitude').inputValue()))
      .toBeGreaterThan(startLat + 0.002);
    expect(Number(await form.getByLabel('Longitude').inputValue())).toBeGreaterThan(startLng + 0.002);
    const handle = page.getByTestId('heading-handle');
    const box = await handle.boundingBox();
    if (!box) throw new Error('no heading handle');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 40, box.y + 40, { steps: 4 });
    await page.mouse.move(box.x + 60, box.y + 50, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => form.getByLabel('Roadway heading').inputValue()).not.toBe('0');
    const lat = Number(await form.getByLabel('Latitude').inputValue());
    const lng = Number(await form.getByLabel('Longitude').inputValue());
    const heading = Number(await form.getByLabel('Roadway heading').inputValue());

    await form.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/dashboard\/events\/[0-9a-f-]{36}$/);
    const detail = page.getByTestId('event-detail');
    await detail.getByText(street).first().waitFor();
    await page
      .getByTestId('event-coordinates')
      .filter({ hasText: `${lat.toFixed(5)}, ${lng.toFixed(5)}` })
      .waitFor();
    await detail.getByText(`CAD-E2E-${serial}`).first().waitFor();
    await detail.getByText('Use the left lane').first().waitFor();
    await detail
      .getByText(`${Math.round(heading)}°`)
      .first()
      .waitFor();

    // The other dashboard hears the new incident over the cable.
    await watcher.getByTestId('event-showing').filter({ hasText: 'Showing (1/' }).waitFor();
    await watcher.getByTestId('event-row').filter({ hasText: street }).waitFor();
  });

  it('is not offered to a Media user, whose events/new is unauthorised', async () => {
    const page = await openEvents('media@demo.test', RESPONDERS);
    await goToEventsSection(page, 'Incidents');
    await page.getByTestId('event-showing').waitFor();
    expect(await page.getByRole('link', { name: 'Create Location' }).count()).toBe(0);
  });
});

describe('events on a phone', { timeout: BROWSER_TEST_TIMEOUT }, () => {
  it('lists incidents in the drawer, toggles it with the tab, reopens the last incident, and offers no edit', async () => {
    const incident = await report({ organization_id: organizationId(RESPONDERS) });
    const page = await openEvents('user@demo.test', RESPONDERS, 'mobile');
    const tabs = page.getByRole('navigation', { name: 'Sections' });
    await tabs.getByRole('button', { name: 'Incidents' }).click();
    await page.waitForURL(atPath('/dashboard/events'));
    // Another tab closes the drawer; the active tab opens it.
    await tabs.getByRole('button', { name: 'Incidents' }).click();
    await page.locator(`[data-event-id="${incident.id}"]`).click();
    await page.waitForURL(atPath(`/dashboard/events/${incident.id}`));
    const detail = page.getByTestId('event-detail');
    await detail.getByText(incident.street ?? '').waitFor();
    expect(await detail.getByRole('link', { name: 'Edit Location' }).count()).toBe(0);

    // The active tab closes the drawer and opens it again.
    await tabs.getByRole('button', { name: 'Incidents' }).click();
    await detail.waitFor({ state: 'hidden' });
    await tabs.getByRole('button', { name: 'Incidents' }).click();
    await detail.waitFor();

    // Another section and back: the tab reopens the incident.
    await tabs.getByRole('button', { name: 'Live' }).click();
    await page.waitForURL('**/dashboard/things**');
    await tabs.getByRole('button', { name: 'Incidents' }).click();
    await page.waitForURL(atPath(`/dashboard/events/${incident.id}`));
    await tabs.getByRole('button', { name: 'Incidents' }).click();
    await page
      .getByTestId('event-detail')
      .getByText(incident.street ?? '')
      .waitFor();
  });
});
