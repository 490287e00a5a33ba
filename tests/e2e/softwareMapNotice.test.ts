// The map on software WebGL (issue 38): headless Chromium draws WebGL with SwiftShader, as a virtual desktop without
// a GPU does, so the map shows its one-time notice (client/map/SoftwareRenderingNotice.tsx). The notice is a polite
// status with no axe violation, answered from the keyboard; "Use the lighter map" turns on the lighter map — no street
// names below zoom 16 — which the Preferences screen shows and which stays after a reload, with the notice gone for
// good.
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { jumpTo } from './mapDrawing.ts';
import { mapSurfaceBrowserForFile } from './mapSurfaceBrowser.ts';
import { atPath } from './shellBrowser.ts';

const { openMap } = mapSurfaceBrowserForFile();
const DOWNTOWN: [number, number] = [-87.6298, 41.8781];

const streetNames = (page: Awaited<ReturnType<typeof openMap>>) =>
  page.evaluate(() => window.__fleetMap?.streetNamesShown().length ?? 0);

describe('the map on software WebGL', () => {
  it('says so once, offers the lighter map and remembers it in Preferences', async () => {
    // A browser that never answered the notice (the other browser tests start with it answered).
    const page = await openMap({ storageState: { cookies: [], origins: [] } });
    const notice = page.getByTestId('software-map-notice');
    await notice.waitFor();
    expect(await notice.getAttribute('role')).toBe('status');
    await expect
      .poll(() => notice.textContent())
      .toContain('This computer draws the map without a graphics card');
    expect(await seriousViolations(page)).toEqual([]);

    // The full map names its streets from zoom 15.
    await jumpTo(page, ...DOWNTOWN, 15);
    await expect.poll(() => streetNames(page)).toBeGreaterThan(0);

    const lighter = notice.getByRole('button', { name: 'Use the lighter map' });
    await lighter.focus();
    await page.keyboard.press('Enter');
    await notice.waitFor({ state: 'detached' });
    await jumpTo(page, ...DOWNTOWN, 15.2);
    await expect.poll(() => streetNames(page)).toBe(0);

    await page.goto(page.url().replace(/\/dashboard\/.*$/, '/dashboard/accounts/preferences'));
    await page.waitForURL(atPath('/dashboard/accounts/preferences'));
    const preference = page.getByRole('checkbox', { name: /Lighter map/ });
    expect(await preference.isChecked()).toBe(true);

    await page.goto(page.url().replace(/\/dashboard\/.*$/, '/dashboard/things'));
    await page.waitForFunction(() => (window.__fleetMap?.markersOnScreen().length ?? 0) > 0);
    expect(await page.getByTestId('software-map-notice').count()).toBe(0);
  });

  it('stays away once answered "Keep the full map"', async () => {
    const page = await openMap({ storageState: { cookies: [], origins: [] } });
    const notice = page.getByTestId('software-map-notice');
    await notice.getByRole('button', { name: 'Keep the full map' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.reload();
    await page.waitForFunction(() => (window.__fleetMap?.markersOnScreen().length ?? 0) > 0);
    expect(await notice.count()).toBe(0);
    // The full map: street names from zoom 15 as before.
    await jumpTo(page, ...DOWNTOWN, 15);
    await expect.poll(() => streetNames(page)).toBeGreaterThan(0);
  });
});
