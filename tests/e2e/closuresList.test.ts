// The Closures list and detail in a real browser against the simulator (live §2 "Closures", §8; issue 13): the
// default filters, badges and search, the feed closure's lock, and the map framing the selected closure.
import { describe, expect, it } from 'vitest';
import { formatListTime } from '#domain/units/displayTime';
import { DAY, closuresBrowserForFile, jumpTo, row } from './closuresBrowser.ts';
import { allowing } from './testTimes.ts';

const { createClosure, openClosures } = closuresBrowserForFile();

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
      await expect.poll(framed, { timeout: allowing(15_000) }).toBe(true);
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

  it('says a scheduled closure is scheduled and when it starts, beside its Standby (issue 37 item 11)', async () => {
    const stamp = Date.now().toString(36);
    const start = new Date(Date.now() + 2 * DAY);
    start.setUTCSeconds(0, 0);
    await createClosure({
      description: `Scheduled ${stamp}`,
      is_active: false,
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + DAY).toISOString(),
    });
    const page = await openClosures();
    await page.getByPlaceholder('Search for a Closure...').fill(`Scheduled ${stamp}`);
    const said = `Scheduled, starts ${formatListTime(start.getTime(), 'America/Chicago')}`;
    const target = row(page, `Scheduled ${stamp}`);
    await target.getByText(said, { exact: true }).waitFor();
    await target.getByRole('button').first().click();
    const status = page.getByTestId('closure-detail').locator('[data-field="Status"]');
    await status.getByText(`Standby · ${said}`).waitFor();
    // Every way back reads alike: "‹" and where it leads (issue 37 item 11).
    await page.getByRole('link', { name: '‹ Closures', exact: true }).waitFor();
  });
});
