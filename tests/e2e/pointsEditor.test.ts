// Drawing without dragging (issue 26, WCAG 2.5.7) in a real browser: the area form's exclusion polygon and the zone
// form's line take their points typed by Lat and Lng; the map's editor follows what is typed (read back from the
// map's test hook), a point is edited, nudged with the arrow keys and removed, and out-of-range values are refused
// in words. Nothing is saved, so no other file's data changes.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { closeSupportDialog, shellBrowserForFile, openSignedIn } from './shellBrowser.ts';

const shell = shellBrowserForFile();

async function openForm(path: string): Promise<Page> {
  const page = await openSignedIn(shell, 'admin@demo.test');
  await closeSupportDialog(page);
  await page.goto(page.url().replace(/\/dashboard\/.*$/, path));
  return page;
}

/** The shape the map's editor holds now, as [lat, lng] pairs. */
const onMap = (page: Page) =>
  page.evaluate(() => {
    const result = window.__fleetMap?.edited();
    return result && result.kind !== 'location' ? result.points.map(([lng, lat]) => [lat, lng]) : [];
  });

async function typePoint(page: Page, editor: string, lat: string, lng: string): Promise<void> {
  const points = page.getByTestId(editor);
  await points.getByLabel('Lat', { exact: true }).fill(lat);
  await points.getByLabel('Lng', { exact: true }).fill(lng);
  await points.getByLabel('Lng', { exact: true }).press('Enter');
}

describe('points typed instead of drawn', () => {
  it('places, edits, nudges and removes an exclusion polygon’s corners by coordinates', async () => {
    const page = await openForm('/dashboard/areas/new');
    const editor = page.getByTestId('polygon-points-editor');
    await editor.waitFor();

    await typePoint(page, 'polygon-points-editor', '95', '-87.63');
    await editor.getByRole('alert').getByText('Latitude must be a number from -90 to 90').waitFor();

    await typePoint(page, 'polygon-points-editor', '41.8801', '-87.6301');
    await typePoint(page, 'polygon-points-editor', '41.8811', '-87.6301');
    await typePoint(page, 'polygon-points-editor', '41.88111119', '-87.6291');
    await page.getByTestId('polygon-points').getByText('3 points').waitFor();
    // Truncated to 7 decimals, and on the map as typed.
    await expect
      .poll(() => onMap(page))
      .toEqual([
        [41.8801, -87.6301],
        [41.8811, -87.6301],
        [41.8811111, -87.6291],
      ]);
    expect(await seriousViolations(page)).toEqual([]);

    await editor.getByRole('button', { name: 'Edit corner 2' }).click();
    await editor.getByLabel('Lat', { exact: true }).fill('41.8815');
    await editor.getByRole('button', { name: 'Save corner 2' }).click();
    await expect.poll(async () => (await onMap(page))[1]).toEqual([41.8815, -87.6301]);

    // Arrow keys nudge the corner being edited, and the map moves it at once.
    await editor.getByRole('button', { name: 'Edit corner 1' }).click();
    await editor.getByLabel('Lat', { exact: true }).press('ArrowUp');
    await editor.getByLabel('Lat', { exact: true }).press('ArrowUp');
    await editor.getByLabel('Lng', { exact: true }).press('Shift+ArrowDown');
    await expect.poll(async () => (await onMap(page))[0]).toEqual([41.88012, -87.6302]);
    await editor.getByRole('button', { name: 'Cancel' }).click();

    await editor.getByRole('button', { name: 'Remove corner 3' }).click();
    await page.getByTestId('polygon-points').getByText('2 points').waitFor();
    expect(await editor.getByRole('listitem').count()).toBe(2);
  });

  it('places a zone’s line by coordinates', async () => {
    const page = await openForm('/dashboard/zones/new');
    await page.getByTestId('path-points-editor').waitFor();
    await typePoint(page, 'path-points-editor', '41.8801', '-87.6301');
    await typePoint(page, 'path-points-editor', '41.8811', '-200');
    await page
      .getByTestId('path-points-editor')
      .getByText('Longitude must be a number from -180 to 180')
      .waitFor();
    await typePoint(page, 'path-points-editor', '41.8811', '-87.6291');
    await page.getByTestId('path-points').getByText('2 points').waitFor();
    await expect
      .poll(() => onMap(page))
      .toEqual([
        [41.8801, -87.6301],
        [41.8811, -87.6291],
      ]);
  });
});
