// The asset list's Filters panel, Group and Density View, the offline notice and its stored preferences, and the
// things screens on a phone (issue 12, live §2, §3), typed and clicked like a person in a real browser. The filters
// run in the live worker; the expected counts come from the simulator's own list.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulatorUrl } from './simulator.ts';
import {
  atPath,
  shellBrowserForFile,
  type Viewport,
  openSignedIn,
  closeSupportDialog,
} from './shellBrowser.ts';
import { listThings, ownOrganizationId, signInForToken, type ListedThing } from './simulatorApi.ts';
import { allowing } from './testTimes.ts';

const baseUrl = simulatorUrl();

type Thing = ListedThing & {
  nickname: string | null;
  thing_type: string;
  in_service: boolean;
  wzdx_enabled: boolean;
  organization: { id: string };
};

const shell = shellBrowserForFile();
let things: Thing[];
let ownOrganization: string;

beforeAll(async () => {
  const token = await signInForToken(baseUrl, 'user@demo.test');
  ownOrganization = await ownOrganizationId(baseUrl, token);
  things = (await listThings(baseUrl, token, ownOrganization)) as Thing[];
});

async function openList(viewport: Viewport = 'desktop'): Promise<Page> {
  const page = await openSignedIn(shell, 'user@demo.test', { viewport, path: '/dashboard/things' });
  await closeSupportDialog(page);
  await page
    .getByTestId('asset-count')
    .filter({ hasText: `${things.length} / ${things.length}` })
    .waitFor();
  return page;
}

const shown = (page: Page, count: number) =>
  page
    .getByTestId('asset-count')
    .filter({ hasText: `${count} / ${things.length}` })
    .waitFor();

async function applyFilters(page: Page, choose: () => Promise<void>): Promise<void> {
  const button = page.getByRole('button', { name: /^Filters/ });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await choose();
  await page.getByRole('button', { name: 'Apply' }).click();
  // The panel closes shortly after Apply.
  await page.getByRole('form', { name: 'Filters' }).waitFor({ state: 'detached' });
}

describe('the Filters panel', () => {
  it('narrows the list by out-of-service, relation, type and feed, and clears', async () => {
    const page = await openList();
    const outOfService = things.filter((thing) => !thing.in_service).length;
    await applyFilters(page, () => page.getByRole('radio', { name: 'Out-of-service: Only' }).check());
    await shown(page, outOfService);
    expect(await page.getByRole('button', { name: 'Filters (1)' }).count()).toBe(1);
    // The map draws what the list shows, not every asset (issue 25; assets grouped at a station draw as its marker).
    const markers = () => page.evaluate(() => window.__fleetMap?.markerCount() ?? -1);
    await expect.poll(markers, { timeout: allowing(15_000) }).toBeLessThanOrEqual(outOfService);
    expect(await markers()).toBeGreaterThanOrEqual(0);

    const owned = things.filter((thing) => thing.organization.id === ownOrganization);
    await applyFilters(page, async () => {
      await page.getByRole('radio', { name: 'Out-of-service: Show' }).check();
      await page.getByRole('radio', { name: 'Relation: Owned' }).check();
    });
    await shown(page, owned.length);

    const ownedPolice = owned.filter((thing) => thing.thing_type === 'police').length;
    await applyFilters(page, async () => {
      await page.getByLabel('Type', { exact: true }).selectOption('police');
    });
    await shown(page, ownedPolice);

    const feed = things.filter((thing) => thing.wzdx_enabled).length;
    await applyFilters(page, async () => {
      await page.getByRole('button', { name: 'Clear' }).click();
      await page.getByRole('checkbox', { name: 'WZDx feed only' }).check();
    });
    await shown(page, feed);
    const rows = page.getByTestId('thing-row');
    await rows.first().waitFor();
    expect(await rows.first().getByText('WZDx').count()).toBe(1);

    await applyFilters(page, () => page.getByRole('button', { name: 'Clear' }).click());
    await shown(page, things.length);
    // No filter: every marker again.
    await expect.poll(markers, { timeout: allowing(15_000) }).toBeGreaterThan(outOfService);
  });

  it('offers the kinds of vehicle in words: no "Default", acronyms in capitals (issue 37 item 11)', async () => {
    const page = await openList();
    await page.getByRole('button', { name: /^Filters/ }).click();
    const type = page.getByLabel('Type', { exact: true });
    const types = await type.locator('option').allTextContents();
    expect(types).toContain('Police');
    expect(types).not.toContain('Default');
    await type.selectOption('police');
    const subtypes = await page.getByLabel('Subtype', { exact: true }).locator('option').allTextContents();
    expect(subtypes).toContain('SUV');
    expect(subtypes).not.toContain('Suv');
  });

  it('keeps only the chosen status', async () => {
    const page = await openList();
    await applyFilters(page, () => page.getByRole('checkbox', { name: 'Offline', exact: true }).check());
    const rows = page.getByTestId('thing-row');
    await rows.first().waitFor();
    const labels = await page
      .getByTestId('thing-status')
      .evaluateAll((dots) => dots.map((dot) => dot.getAttribute('aria-label')));
    expect(labels.length).toBeGreaterThan(0);
    expect(new Set(labels)).toEqual(new Set(['Offline']));
  });

  it('finds idle assets under the status the list shows them with, and the counts add up (issue 25)', async () => {
    const page = await openList();
    const shownCount = async () => {
      const text = (await page.getByTestId('asset-count').textContent()) ?? '';
      return Number(/^(\d+) \//.exec(text)?.[1] ?? Number.NaN);
    };
    const labelsInView = () =>
      page
        .getByTestId('thing-status')
        .evaluateAll((dots) => [...new Set(dots.map((dot) => dot.getAttribute('aria-label')))].sort());
    /** Applies one status and answers how many the list then shows, once every row in view reads it. */
    async function onlyStatus(label: string): Promise<number> {
      await applyFilters(page, async () => {
        await page.getByRole('button', { name: 'Clear' }).click();
        await page.getByRole('checkbox', { name: label, exact: true }).check();
      });
      await expect
        .poll(async () =>
          (await page.getByText('No assets match the search and filters.').count()) > 0
            ? [label]
            : labelsInView(),
        )
        .toEqual([label]);
      return shownCount();
    }
    const stationary = await onlyStatus('Stationary');
    const standby = await onlyStatus('Standby');
    // The seeded fleet has idle assets: the filter finds them under the name their rows carry.
    expect(stationary + standby).toBeGreaterThan(0);
    await applyFilters(page, async () => {
      await page.getByRole('checkbox', { name: 'Stationary', exact: true }).check();
    });
    await expect.poll(shownCount).toBe(stationary + standby);
  });
});

describe('the Live drawer on a phone', () => {
  it('scrolls as one, so the rows fill the drawer once the header has gone up (issue 25)', async () => {
    const page = await openList('mobile');
    const drawer = page.locator('.things-page__side');
    const box = await drawer.boundingBox();
    if (!box) throw new Error('no drawer');
    /** How much of the drawer's height whole rows fill. */
    const filledByRows = () =>
      page.getByTestId('thing-row').evaluateAll(
        (rows, [top, bottom]) => {
          const inside = rows
            .map((row) => row.getBoundingClientRect())
            .filter((rect) => rect.height > 0 && rect.top >= top - 1 && rect.bottom <= bottom + 1);
          return inside.reduce((sum, rect) => sum + rect.height, 0) / (bottom - top);
        },
        [box.y, box.y + box.height] as const,
      );
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 600);
    // Before, the header kept its place and about one row showed under it (a fifth of the drawer).
    await expect.poll(filledByRows).toBeGreaterThan(0.6);
  });
});

describe('offline assets and the view toggles', () => {
  it('dismisses the offline notice for the visit, hides it for good, and keeps "show offline" across visits', async () => {
    const page = await openList();
    const notice = page.getByRole('note', { name: 'Offline assets' });
    await notice.getByText('support@example-provider.test').waitFor();
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.reload();
    await notice.waitFor();
    await notice.getByRole('button', { name: "Don't show again" }).click();
    await notice.waitFor({ state: 'detached' });

    const offlineCount = Number(
      /Offline (\d+)/.exec((await page.getByTestId('availability-counts').textContent()) ?? '')?.[1],
    );
    expect(offlineCount).toBeGreaterThan(0);
    await page.getByRole('checkbox', { name: 'Show offline assets' }).uncheck();
    await shown(page, things.length - offlineCount);

    await page.reload();
    await shown(page, things.length - offlineCount);
    expect(await page.getByRole('checkbox', { name: 'Show offline assets' }).isChecked()).toBe(false);
    expect(await notice.count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Show offline assets' }).check();
    await shown(page, things.length);
  });

  it('has Group View on by default with its explanation, and keeps both toggles across visits', async () => {
    const page = await openList();
    const group = page.getByRole('checkbox', { name: 'Group View' });
    const density = page.getByRole('checkbox', { name: 'Density View' });
    expect(await group.isChecked()).toBe(true);
    await page.getByText(/^Group View: assets parked at a station/).waitFor();
    await density.check();
    await page.getByText(/^Density View: shades the map/).waitFor();
    await group.uncheck();
    await page.reload();
    await page.getByTestId('asset-count').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Density View' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Group View' }).isChecked()).toBe(false);
  });
});

describe('things on a phone', () => {
  it('opens an asset from the drawer, goes back, and the Live tab reopens the last asset', async () => {
    const page = await openList('mobile');
    const asset = things.find((thing) => thing.nickname) as Thing;
    await page.getByLabel('Search for an asset').fill(asset.system_identifier);
    await page
      .getByTestId('thing-row')
      .filter({ hasText: asset.nickname ?? '' })
      .click();
    await page.waitForURL(atPath(`/dashboard/things/${asset.id}`));
    await page.getByRole('heading', { name: asset.nickname ?? '', exact: true }).waitFor();
    await page.getByTestId('status-block').waitFor();

    // Another section, then the Live tab again: it reopens the asset last selected there (live §2).
    const tabs = page.getByRole('navigation', { name: 'Sections' });
    await tabs.getByRole('button', { name: 'Areas' }).click();
    await page.waitForURL('**/dashboard/areas**');
    await tabs.getByRole('button', { name: 'Live' }).click();
    await page.waitForURL(atPath(`/dashboard/things/${asset.id}`));
    // Another tab closed the drawer; tapping the active tab opens it again.
    await tabs.getByRole('button', { name: 'Live' }).click();
    await page.getByRole('heading', { name: asset.nickname ?? '', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Back to assets' }).click();
    await page.waitForURL(atPath('/dashboard/things'));
    await page.getByTestId('asset-count').waitFor();
  });
});
