// Edit Location and Create Location in a real browser against the simulator (docs/events.md): the marker dragged on
// the map, the incident seen arriving live by a second browser, each refusal of a location update the simulator can
// produce, and Create not offered to a Media user.
import { describe, expect, it } from 'vitest';
import { atPath } from './shellBrowser.ts';
import {
  BROWSER_TEST_TIMEOUT,
  FLEET,
  RESPONDERS,
  dragMarker,
  eventsBrowserForFile,
  goToEventsSection,
} from './eventsBrowser.ts';
import { allowing } from './testTimes.ts';

const { baseUrl, report, organizationId, openEvents } = eventsBrowserForFile();

/** Numbers the incidents this file creates through the form, so each has its own street and system id. */
let serial = 0;

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
    await page.getByTestId('location-marker').waitFor({ timeout: allowing(45_000) });
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

    // Save waits for a change (live §5); a street is required; the position starts at the map's centre.
    const save = form.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await form.getByLabel('System Id').fill(`CAD-E2E-${serial}`);
    await save.click();
    await form.getByRole('alert').filter({ hasText: 'Street is required' }).waitFor();
    const startLat = Number(await form.getByLabel('Latitude').inputValue());
    const startLng = Number(await form.getByLabel('Longitude').inputValue());
    await form.getByLabel('Street').fill(street);
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
