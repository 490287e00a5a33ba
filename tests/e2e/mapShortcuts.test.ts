// The map's keyboard shortcuts in a real browser (issue 26, WCAG 2.1.4): with focus on the map a key zooms and
// another selects the next asset of the list; "?" opens the shortcuts dialog, which keeps focus inside, passes axe,
// closes on Escape with focus back on the map, and holds the setting that turns the shortcuts off.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { closeSupportDialog, shellBrowserForFile, signIn } from './shellBrowser.ts';

const shell = shellBrowserForFile();

async function openMap(): Promise<Page> {
  const page = await signIn(shell, 'user@demo.test');
  await closeSupportDialog(page);
  await page.waitForFunction(() => (window.__fleetMap?.markersOnScreen().length ?? 0) > 0);
  return page;
}

const zoom = (page: Page) => page.evaluate(() => window.__fleetMap?.zoom() ?? 0);

describe('map keyboard shortcuts', () => {
  it('zoom and select the next asset while the map has focus, not while typing in its search', async () => {
    const page = await openMap();
    const map = page.getByRole('region', { name: 'Live map' });
    await map.focus();
    const before = await zoom(page);
    await page.keyboard.press('+');
    await expect.poll(() => zoom(page)).toBeGreaterThan(before + 0.5);

    await page.keyboard.press('n');
    await page.waitForURL(/\/dashboard\/things\/[^/]+$/);
    const first = page.url();
    await page.keyboard.press('n');
    await expect.poll(() => page.url()).not.toBe(first);
    await page.keyboard.press('p');
    await expect.poll(() => page.url()).toBe(first);

    // Typing in the coordinate box types: "n" lands in the field and no asset changes.
    const search = page.getByLabel('Search coordinates');
    await search.focus();
    await page.keyboard.type('n');
    await expect.poll(() => search.inputValue()).toBe('n');
    expect(page.url()).toBe(first);
  });

  it('"?" opens the shortcuts dialog, which traps focus, passes axe and gives focus back', async () => {
    const page = await openMap();
    const map = page.getByRole('region', { name: 'Live map' });
    await map.focus();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('row').count()).toBeGreaterThan(8);
    expect(await dialog.getByRole('row', { name: /Zoom in/ }).textContent()).toContain('+');
    expect(await seriousViolations(page)).toEqual([]);

    // Tab goes round inside the dialog.
    for (let step = 0; step < 4; step += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => map.evaluate((element) => element === document.activeElement)).toBe(true);

    // Turned off, "?" no longer opens it; the control still does, and the setting is kept.
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await dialog.getByLabel('Use keyboard shortcuts on the map').uncheck();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const before = await zoom(page);
    await map.focus();
    await page.keyboard.press('?');
    await page.keyboard.press('+');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    // The button's one step shows; the keys added nothing before it.
    await expect.poll(() => zoom(page)).toBeGreaterThan(before + 0.5);
    expect(await zoom(page)).toBeLessThan(before + 1.5);
    expect(await dialog.isVisible()).toBe(false);
    expect(await page.evaluate(() => window.localStorage.getItem('fleetDashboard.mapShortcuts'))).toBe('off');
  });

  it('"m" opens the right-click menu at the centre, walked by the arrow keys and closed by Escape', async () => {
    const page = await openMap();
    await page.evaluate(() => window.__fleetMap?.jumpTo(-87.63, 41.88, 14));
    const map = page.getByRole('region', { name: 'Live map' });
    await map.focus();
    await page.keyboard.press('m');
    const menu = page.getByRole('menu', { name: 'Map menu' });
    await menu.waitFor();
    const focusedItem = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await expect.poll(focusedItem).toBe('Coordinates');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedItem).not.toBe('Coordinates');
    await page.keyboard.press('ArrowUp');
    await expect.poll(focusedItem).toBe('Coordinates');
    // The heading reads the map's centre, as a right-click there would.
    const heading = (await menu.locator('.map-menu__heading').textContent()) ?? '';
    const [lat, lng] = heading.split(',').map(Number);
    expect(Math.abs((lat ?? 0) - 41.88)).toBeLessThan(0.001);
    expect(Math.abs((lng ?? 0) + 87.63)).toBeLessThan(0.001);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => map.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});
