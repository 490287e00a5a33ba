// The Data forms on the client kit and the live worker (issue 27): the export wizard and the custom report form take
// their assets from the worker — counted requests show no whole `/organization/things` read once the worker's first
// load is done — and name an asset without a nickname as every other picker does (its upper-cased system id); the title's
// rule shows as soon as the title is emptied (live §5), and axe finds no serious violation on the Data and Sharing
// forms.
import type { Page, Request, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { fillLocalTime } from './dateFields.ts';
import { shownNameOf, signInTo, type NamedThing } from './dataBrowser.ts';
import { simulatorUrl } from './simulator.ts';
import {
  atPath,
  dismissSupportDialog,
  shellBrowserForFile,
  openSignedIn,
  typeSignIn,
} from './shellBrowser.ts';
import { listThings, ownOrganizationId, signInForToken } from './simulatorApi.ts';

const baseUrl = simulatorUrl();
const shell = shellBrowserForFile();
const ADMIN = 'admin@demo.test';
const THINGS_READ = '/api/organization/things';

let things: NamedThing[];

beforeAll(async () => {
  const token = await signInForToken(baseUrl, ADMIN);
  things = (await listThings(baseUrl, token, await ownOrganizationId(baseUrl, token))) as NamedThing[];
});

/** Resolves with the worker's last page of the organization's things: its first load is then complete. */
function lastThingsPage(page: Page): Promise<Response> {
  return page.waitForResponse(async (response) => {
    if (new URL(response.url()).pathname !== THINGS_READ) return false;
    const { meta } = (await response.json()) as { meta: { page: number; per_page: number; total: number } };
    return meta.page * meta.per_page >= meta.total;
  });
}

/**
 * Every whole read of the organization's things the page (and its live worker) makes from now on. The worker's
 * catch-up once its cable connects asks only for what changed since its load (`last_updated_timestamp`): that is the
 * live path, the same on every screen, not a picker paging through the fleet, so it is not counted.
 */
function countWholeThingsReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' || url.pathname !== THINGS_READ) return;
    if (!url.searchParams.has('last_updated_timestamp')) reads.push(url.search);
  });
  return reads;
}

describe('the Data pickers', () => {
  it('offer the worker’s assets without reading the things again, named as the trips picker names them', async () => {
    const unnamed = things.find((thing) => !thing.nickname);
    if (!unnamed) throw new Error('the seeded organization should hold an asset without a nickname');
    const shownName = shownNameOf(unnamed);
    expect(shownName).toBe(unnamed.system_identifier.toUpperCase());

    const page = await shell.open('desktop', '/dashboard/data/exports');
    const firstLoad = lastThingsPage(page);
    await typeSignIn(page, ADMIN);
    await page.waitForURL(atPath('/dashboard/data/exports'));
    await dismissSupportDialog(page);
    await firstLoad;
    const reads = countWholeThingsReads(page);

    // The export wizard: every asset listed, and the one without a nickname found by its system id as typed.
    await page.getByRole('link', { name: 'Create New' }).click();
    await page.getByLabel('Point').check();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText(`Showing ${things.length} of ${things.length}`).waitFor();
    await page.getByLabel('Search available assets').fill(unnamed.system_identifier.toLowerCase());
    await page
      .getByRole('list', { name: 'Available assets' })
      .getByRole('button', { name: shownName, exact: true })
      .click();
    await page
      .getByRole('list', { name: 'Selected assets' })
      .getByRole('button', { name: shownName, exact: true })
      .waitFor();

    // The custom report form, reached through the section's navigation.
    await page.getByRole('navigation', { name: 'Data' }).getByRole('link', { name: 'Custom' }).click();
    await page.waitForURL(atPath('/dashboard/data/reports/custom'));
    await page.getByRole('button', { name: 'Create New' }).click();
    await page.getByText(`Showing ${things.length} of ${things.length}`).waitFor();
    await page.getByLabel('Search available assets').fill(shownName);
    await page
      .getByRole('list', { name: 'Available assets' })
      .getByRole('button', { name: shownName, exact: true })
      .waitFor();

    // The trips picker shows the same name.
    await page.evaluate(() => history.pushState(null, '', '/dashboard/trips'));
    await page.getByRole('heading', { name: 'Trips' }).waitFor();
    await page.getByLabel('Search assets').fill(shownName);
    await page.getByRole('checkbox', { name: shownName, exact: true }).waitFor();

    expect(reads).toEqual([]);
  });
});

describe('the Data and Sharing forms', () => {
  it('show the title’s rule once it is emptied, and pass axe with a rule showing', async () => {
    const page = await signInTo(shell, '/dashboard/data/exports/new', ADMIN);
    await page.getByLabel('Incident').check();
    await page.getByRole('button', { name: 'Create' }).click();
    const title = page.getByLabel('Title');
    await title.fill('');
    // Touched and changed: the rule shows before any Export CSV (live §5), and is announced.
    await page
      .getByRole('alert')
      .filter({ hasText: /^Required$/ })
      .waitFor();
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page), 'export form').toEqual([]);
    await title.fill('Incidents for the board');
    await page
      .getByRole('alert')
      .filter({ hasText: /^Required$/ })
      .waitFor({ state: 'detached' });

    await page.getByRole('navigation', { name: 'Data' }).getByRole('link', { name: 'Custom' }).click();
    await page.getByRole('button', { name: 'Create New' }).click();
    await page.getByRole('button', { name: 'Create Report' }).click();
    await page.getByText('Must include at least 1 Closure type or Asset').waitFor();
    expect(await seriousViolations(page), 'custom report form').toEqual([]);
  });

  it('say the sharing form’s rule once a field is changed to no name, and pass axe with its rules showing', async () => {
    const page = await openSignedIn(shell, 'orgadmin@demo.test', { path: '/dashboard/sharing' });
    await page.getByRole('button', { name: 'Get Started' }).click();
    const organization = page.getByLabel('Shared organization');
    // Back to empty is no change (no message yet); spaces alone are a change, and no name.
    await organization.fill('Evanston');
    await organization.fill('');
    const form = page.getByRole('form', { name: 'Mutual aid request' });
    expect(await form.getByRole('alert').count()).toBe(0);
    await organization.fill('   ');
    await page
      .getByRole('alert')
      .filter({ hasText: /^Required$/ })
      .waitFor();
    expect(await page.getByText('Must select at least 1 Asset').count()).toBe(0);
    await page.getByRole('button', { name: 'Send Request' }).click();
    await page.getByRole('alert').filter({ hasText: 'Must select at least 1 Asset' }).waitFor();
    expect(await seriousViolations(page), 'sharing form').toEqual([]);
  });
});

describe('the trip search', () => {
  it('says a time’s rule once it is changed, before any search', async () => {
    const page = await openSignedIn(shell, 'user@demo.test', { path: '/dashboard/trips' });
    await page.getByRole('heading', { name: 'Trips' }).waitFor();
    await fillLocalTime(page, 'End time', Date.now() + 3_600_000);
    await page.getByRole('alert').filter({ hasText: 'Must be past date' }).waitFor();
    // The assets were not touched: their rule waits for a search.
    expect(await page.getByText('Must select at least 1 Asset').count()).toBe(0);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('alert').filter({ hasText: 'Must select at least 1 Asset' }).waitFor();
  });
});
