// The first visit is light and the sections load on demand (issue 23): the sign-in page fetches no map library and
// no section, typing starts fetching the landing screen, each section's chunk comes when it opens, and a chunk that
// never arrives ends in the chunk-load error after 120 s (live §8) while the navigation stays usable.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHUNK_LOAD_ERROR_TEXT } from '#client/app/lazyScreen.tsx';
import { simulatorUrl } from './simulator.ts';
import { atPath, closeSupportDialog, shellBrowserForFile, openSignedIn } from './shellBrowser.ts';

const shell = shellBrowserForFile();
const MAP_OR_SECTION = /\/assets\/(maplibre|deckgl|terradraw|LiveMap|[A-Z]\w*Page|DataScreen)-/;

function scriptsRequested(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
  });
  return requested;
}

describe('the first load', () => {
  it('signs in without the map or any section, and starts fetching the landing screen once the user types', async () => {
    const page = await shell.newPage('desktop');
    const requested = scriptsRequested(page);
    await page.goto(`${simulatorUrl()}/`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((path) => MAP_OR_SECTION.test(path))).toEqual([]);

    const landing = page.waitForRequest((request) => /\/assets\/ThingsPage-/.test(request.url()));
    await page.getByLabel('Email').pressSequentially('u', { delay: 10 });
    await landing;
    // Still no other section: only what a sign-in lands on.
    expect(requested.filter((path) => /\/assets\/(Areas|Zones|Closures|Events)Page-/.test(path))).toEqual([]);
  });

  it('loads a section when it opens, and says so when its chunk never arrives', async () => {
    const page = await openSignedIn(shell, 'user@demo.test');
    await closeSupportDialog(page);
    const requested = scriptsRequested(page);
    // The Areas chunk hangs, as on a connection that has gone quiet.
    await page.route(/\/assets\/AreasPage-[^/]+\.js$/, () => undefined);
    await page.clock.install();
    await page.getByRole('link', { name: 'Areas' }).click();
    await page.getByTestId('screen-loading').waitFor();
    expect(requested.some((path) => /\/assets\/AreasPage-/.test(path))).toBe(true);

    await page.clock.fastForward(119_000);
    expect(await page.getByTestId('chunk-load-error').count()).toBe(0);
    await page.clock.fastForward(2_000);
    await expect
      .poll(() => page.getByTestId('chunk-load-error').textContent())
      .toContain(CHUNK_LOAD_ERROR_TEXT);
    await page.getByRole('button', { name: 'Retry' }).waitFor();

    // The rest of the dashboard still works: another section opens.
    await page.getByRole('link', { name: 'Zones' }).click();
    await page.waitForURL(atPath('/dashboard/zones'));
    await page.getByTestId('chunk-load-error').waitFor({ state: 'detached' });
  });
});
