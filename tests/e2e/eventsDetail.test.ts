// An incident's detail in a real browser against the simulator (docs/events.md): every field, its live duration and
// its three-word address (named, and "what3words not found..." outside the stand-in's square), the labels of a
// non-responder organization, and a Media user without edit controls.
import { describe, expect, it } from 'vitest';
import { threeWordAddress } from '#domain/locations/threeWordAddress';
import { formatListTime } from '#domain/units/displayTime';
import { atPath } from './shellBrowser.ts';
import {
  BROWSER_TEST_TIMEOUT,
  HOUR,
  RESPONDERS,
  ROAD_WORKS,
  eventsBrowserForFile,
  goToEventsSection,
} from './eventsBrowser.ts';

const { baseUrl, report, listedLocations, organizationId, openEvents } = eventsBrowserForFile();

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
