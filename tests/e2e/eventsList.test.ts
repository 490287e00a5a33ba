// The Events (Incidents) list in a real browser against the simulator (docs/events.md): each time filter with its
// counters, and the search after its pause. Incidents are started through the simulator's incident feed.
import { describe, expect, it } from 'vitest';
import {
  compareLocations,
  decodeLocations,
  isInTimeFilter,
  type LocationTimeFilter,
} from '#domain/locations/location';
import { matchesEventSearch, normaliseEventSearch } from '#domain/locations/eventList';
import { startOfDayInZone } from '#domain/units/zonedTime';
import {
  BROWSER_TEST_TIMEOUT,
  HOUR,
  RESPONDERS,
  eventsBrowserForFile,
  goToEventsSection,
  renderedIds,
  waitForRows,
} from './eventsBrowser.ts';

const { report, listedLocations, organizationId, openEvents } = eventsBrowserForFile();

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
