// Where the support offer of a first visit sits (issue 25 item 10): open, it covers none of the map's controls, the
// coordinate search, the offline assets notice or the WebGL notice, on a desktop (1440×900) and a phone (390×844),
// and axe-core finds nothing serious with it open. Boxes are compared as the page lays them out.
import { chromium, type Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS } from '#tests/helpers/chromium';
import { seriousViolations } from './axe.ts';
import { simulatorUrl } from './simulator.ts';
import {
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

/** Signs in on a first visit at `/dashboard/things` and answers the page once the support offer is open. */
async function firstVisit(page: Page): Promise<void> {
  await page.goto(`${simulatorUrl()}/dashboard/things`);
  await typeSignIn(page, 'user@demo.test');
  await page.getByTestId('support-dialog').getByRole('heading', { name: 'Support' }).waitFor();
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
      const page = await shell.newPage(viewport, options);
      await firstVisit(page);
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
