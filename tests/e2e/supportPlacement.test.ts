// Where the support offer of a first visit sits (issue 25 item 10): open, it covers none of the map's controls, the
// coordinate search, the offline assets notice or the WebGL notice, on a desktop (1440×900) and a phone (390×844),
// and axe-core finds nothing serious with it open. Boxes are compared as the page lays them out.
import { chromium, type Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS } from '#tests/helpers/chromium';
import { seriousViolations } from './axe.ts';
import { simulatorUrl } from './simulator.ts';
import {
  openSignedIn,
  shellBrowserForFile,
  typeSignIn,
  VIEWPORTS,
  type ContextOptions,
  type Viewport,
} from './shellBrowser.ts';

const shell = shellBrowserForFile();

/** The desktop of the report (wider than the suite's usual 1280×800) and the phone. */
const SIZES: { viewport: Viewport; options: ContextOptions; label: string }[] = [
  { viewport: 'desktop', options: { viewport: { width: 1440, height: 900 } }, label: 'desktop 1440×900' },
  { viewport: 'mobile', options: {}, label: 'phone 390×844' },
];

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(page: Page, name: string, locate: () => ReturnType<Page['locator']>): Promise<Box> {
  const locator = locate();
  await locator.waitFor();
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${name} is not laid out`);
  return box;
}

/** Waits for the support offer a first dashboard visit opens. */
async function supportOffered(page: Page): Promise<void> {
  await page.getByTestId('support-dialog').getByRole('heading', { name: 'Support' }).waitFor();
}

/** Signs in on a first visit at `/dashboard/things` and answers the page once the support offer is open. */
async function firstVisit(page: Page): Promise<void> {
  await page.goto(`${simulatorUrl()}/dashboard/things`);
  await typeSignIn(page, 'user@demo.test');
  await supportOffered(page);
}

/** The named boxes that must stay uncovered, each checked against the support offer's. */
async function expectUncovered(page: Page, parts: Record<string, () => ReturnType<Page['locator']>>) {
  const support = await boxOf(page, 'the support dialog', () => page.getByTestId('support-dialog'));
  for (const [name, locate] of Object.entries(parts)) {
    const box = await boxOf(page, name, locate);
    expect(overlaps(support, box), `the support dialog covers ${name}`).toBe(false);
  }
}

describe('the support offer of a first visit', () => {
  it.each(SIZES)(
    'covers neither the map controls, the coordinate search nor the offline notice ($label)',
    async ({ viewport, options }) => {
      const page = await openSignedIn(shell, 'user@demo.test', { viewport, options });
      await supportOffered(page);
      await expectUncovered(page, {
        'the map controls': () => page.locator('.map-controls'),
        'the coordinate search': () => page.getByPlaceholder('41.8623, -87.6167'),
        'the saved area search': () => page.getByPlaceholder('Jump to your saved areas...'),
        'the legend': () => page.getByRole('button', { name: 'Legend' }),
        'the offline notice': () => page.getByRole('note', { name: 'Offline assets' }),
      });
      expect(await seriousViolations(page)).toEqual([]);
      // It stays a dialog a person closes.
      await page.getByTestId('support-dialog').getByRole('button', { name: 'Close' }).click();
      await page.getByTestId('support-dialog').waitFor({ state: 'hidden' });
    },
  );

  it.each(SIZES)('does not cover the WebGL notice ($label)', async ({ viewport, options }) => {
    const noWebGl = await chromium.launch({
      executablePath: inject('chromiumPath'),
      args: [...CHROMIUM_ARGS, '--disable-webgl', '--disable-3d-apis'],
    });
    try {
      const context = await noWebGl.newContext({ ...VIEWPORTS[viewport], ...options });
      const page = await context.newPage();
      await firstVisit(page);
      await expectUncovered(page, {
        'the WebGL notice': () => page.getByTestId('map-fallback').getByText('The map needs WebGL'),
        'the WebGL help button': () => page.getByRole('button', { name: 'How to enable WebGL' }),
      });
    } finally {
      await noWebGl.close();
    }
  });
});

/** Every pair of named parts laid out apart: none covers another. */
async function expectApart(page: Page, parts: Record<string, () => ReturnType<Page['locator']>>) {
  const boxes = await Promise.all(
    Object.entries(parts).map(async ([name, locate]) => [name, await boxOf(page, name, locate)] as const),
  );
  for (const [index, [name, box]] of boxes.entries())
    for (const [otherName, other] of boxes.slice(index + 1))
      expect(overlaps(box, other), `${name} covers ${otherName}`).toBe(false);
}

/** Signs in at `path` (the support offer closed) at `viewport`. */
async function signedInAt(viewport: Viewport, options: ContextOptions, path: string): Promise<Page> {
  const page = await openSignedIn(shell, 'user@demo.test', { viewport, options, path });
  await page.getByTestId('support-dialog').getByRole('button', { name: 'Close' }).click({ timeout: 55_000 });
  await page.getByTestId('support-dialog').waitFor({ state: 'hidden' });
  return page;
}

const searches = (page: Page) => ({
  'the coordinate search': () => page.getByPlaceholder('41.8623, -87.6167'),
  'the saved area search': () => page.getByPlaceholder('Jump to your saved areas...'),
});

describe("the map's own parts (issue 37 item 8)", () => {
  it.each(SIZES)(
    'Replay and, while replaying, its bar leave both search boxes free ($label)',
    async ({ viewport, options }) => {
      const page = await signedInAt(viewport, options, '/dashboard/things');
      await expectApart(page, {
        ...searches(page),
        'the Replay button': () => page.getByRole('button', { name: 'Replay', exact: true }),
      });
      await page.getByRole('button', { name: 'Replay', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Replay a past moment' })
        .getByRole('button', { name: 'Start replay' })
        .click();
      await expectApart(page, {
        ...searches(page),
        'the replay bar': () => page.getByRole('region', { name: 'Replay', exact: true }),
      });
      await page.getByRole('button', { name: 'Return to live' }).click();
    },
  );

  it('on a phone, Legend leaves "Zoom to Add" free and the shortcuts button the map credit', async () => {
    const page = await signedInAt('mobile', {}, '/dashboard/closures');
    await page.getByTestId('map-add').filter({ hasText: 'Zoom to Add' }).waitFor();
    const parts: Record<string, () => ReturnType<Page['locator']>> = {
      'the Legend button': () => page.getByRole('button', { name: 'Legend' }),
      '"Zoom to Add"': () => page.getByTestId('map-add'),
      'the map credit': () => page.locator('.maplibregl-ctrl-attrib'),
    };
    // A phone has no keyboard to take shortcuts from: the control may be left out, but never over the credit.
    if ((await page.getByRole('button', { name: 'Keyboard shortcuts' }).count()) > 0)
      parts['the shortcuts button'] = () => page.getByRole('button', { name: 'Keyboard shortcuts' });
    for (const control of await page.locator('.map-controls button').all())
      if (await control.isVisible()) {
        const name = (await control.getAttribute('aria-label')) ?? 'a map control';
        parts[name] = () => control;
      }
    await expectApart(page, parts);
  });

  it('on a phone, the Live drawer shows asset rows with the offline notice still up', async () => {
    const page = await signedInAt('mobile', {}, '/dashboard/things');
    const notice = page.getByRole('note', { name: 'Offline assets' });
    await notice.waitFor();
    const row = page.getByTestId('thing-row').first();
    await row.waitFor();
    const rowBox = await boxOf(page, 'the first asset row', () => row);
    const viewportHeight = page.viewportSize()?.height ?? 0;
    const tabs = await boxOf(page, 'the tab bar', () => page.getByRole('navigation', { name: 'Sections' }));
    // Wholly on the screen, above the tab bar, without pressing Dismiss.
    expect(rowBox.y + rowBox.height).toBeLessThanOrEqual(Math.min(viewportHeight, tabs.y) + 1);
    expect(await notice.isVisible()).toBe(true);
  });
});
