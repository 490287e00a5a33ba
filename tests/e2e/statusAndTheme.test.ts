// Status beyond colour and the night theme (issue 26), as a dispatcher meets them: the map's Legend, opened and
// closed by keyboard, names the seven statuses beside their glyphs; each asset row carries its status's glyph; the
// theme follows the system's setting and the choice made in Preferences. Reads only; changes nothing other files
// count on (the theme choice lives in this test's own browser context).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STATUS_APPEARANCE, STATUS_NAMES_IN_ORDER } from '#client/ui/statusAppearance.ts';
import { seriousViolations } from './axe.ts';
import { simulatorUrl } from './simulator.ts';
import { closeSupportDialog, shellBrowserForFile, openSignedIn } from './shellBrowser.ts';

const shell = shellBrowserForFile();
const DISPATCHER = 'user@demo.test';

async function openLive(colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await openSignedIn(shell, DISPATCHER, { options: { colorScheme } });
  await closeSupportDialog(page);
  await page.getByTestId('thing-row').first().waitFor();
  return page;
}

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme ?? null);

describe('status beyond colour', () => {
  it('opens the Legend by keyboard, lists the seven statuses with their glyphs, and closes on Escape', async () => {
    const page = await openLive();
    const toggle = page.getByRole('button', { name: 'Legend' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const legend = page.getByRole('region', { name: 'Legend' });
    await legend.waitFor();
    const items = legend.getByRole('listitem');
    expect(await items.count()).toBe(7);
    const shown = await items.evaluateAll((elements) =>
      elements.map((item) => ({
        status: item.getAttribute('data-status'),
        glyph: item.querySelector('svg')?.getAttribute('data-glyph') ?? null,
        text: item.textContent,
      })),
    );
    expect(shown.map(({ status, glyph }) => ({ status, glyph }))).toEqual(
      STATUS_NAMES_IN_ORDER.map((status) => ({ status, glyph: STATUS_APPEARANCE[status].glyph })),
    );
    // A non-responder organization's words (live §4), each beside the shape's name.
    expect(shown.map(({ text }) => text)).toEqual([
      'Active Eventdiamond',
      'Activetriangle',
      'Standbycircle',
      'Stationarysquare',
      'Pendinghourglass',
      'Offlinecross',
      'Out-of-servicebar',
    ]);
    expect(await seriousViolations(page), 'legend open').toEqual([]);
    await page.keyboard.press('Escape');
    await legend.waitFor({ state: 'detached' });
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it("marks each asset row with its status's glyph, named by the status", async () => {
    const page = await openLive();
    const glyphs = await page
      .getByTestId('thing-status')
      .evaluateAll((elements) =>
        elements.map((glyph) => [
          glyph.getAttribute('data-status'),
          glyph.getAttribute('data-glyph'),
          glyph.getAttribute('aria-label'),
          glyph.querySelector('path')?.getAttribute('fill') ?? null,
        ]),
      );
    expect(glyphs.length).toBeGreaterThan(3);
    for (const [status, glyph, label, fill] of glyphs) {
      const appearance = STATUS_APPEARANCE[status as keyof typeof STATUS_APPEARANCE];
      expect(glyph).toBe(appearance.glyph);
      expect(fill).toBe(appearance.colour);
      expect(label).toBeTruthy();
    }
  });
});

describe('the night theme', () => {
  it("follows the system's dark setting, and Preferences switches it to Light and back", async () => {
    const page = await openLive('dark');
    await expect.poll(() => theme(page)).toBe('dark');
    const canvas = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const nightCanvas = await canvas();

    await page.goto(`${simulatorUrl()}/dashboard/accounts/preferences`);
    const choices = page.getByRole('group', { name: 'Theme' });
    await expect
      .poll(() => choices.getByRole('radio', { name: 'Same as this device' }).isChecked())
      .toBe(true);
    await choices.getByRole('radio', { name: 'Light' }).check();
    await expect.poll(() => theme(page)).toBe('light');
    // Kept like the other preferences: a new page reads it back.
    await page.goto(`${simulatorUrl()}/dashboard/things`);
    await page.getByTestId('thing-row').first().waitFor();
    expect(await theme(page)).toBe('light');
    expect(await canvas()).not.toBe(nightCanvas);

    await page.goto(`${simulatorUrl()}/dashboard/accounts/preferences`);
    await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Night' }).check();
    await expect.poll(() => theme(page)).toBe('dark');
  });
});
