// The Closure form in a real browser against the simulator (live §2 "Closures", §5; issue 13), driven as a person
// would: the path drawn with the mouse on the map and routed along the streets by the simulator's directions
// stand-in, each error on the way, editing by dragging a marker, deleting, the feed closure refused, and the phone's
// variant; the WZDx feed validated against the official 4.2 schemas after each change.
import { describe, expect, it } from 'vitest';
import { wallTimeText } from '#domain/units/zonedTime';
import { atPath } from './shellBrowser.ts';
import {
  DAY,
  USER,
  aStreet,
  closuresBrowserForFile,
  drawPath,
  jumpTo,
  near,
  pixelOf,
  type LngLat,
} from './closuresBrowser.ts';

const { baseUrl, closuresOfRoadWorks, closureNamed, validFeed, createClosure, openClosures } =
  closuresBrowserForFile();

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
