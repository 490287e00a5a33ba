// How both browser benchmarks reach the screen they measure: the Live list, signed in as the demo user, with the
// support offer closed and every asset counted. Every step may take minutes: with `--cpu-slowdown 4` on a shared,
// loaded machine a click waited more than Playwright's default 30 s for the page's main thread.
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '#tests/e2e/simulatorApi';

export async function openLiveScreen(page: Page, serverUrl: string, assetCount: number): Promise<void> {
  page.setDefaultTimeout(180_000);
  await page.goto(`${serverUrl}/dashboard/things`);
  await page.waitForURL('**/welcome/signin');
  await page.getByLabel('Email').fill('user@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByTestId('support-dialog').getByRole('button', { name: 'Close' }).click();
  await page
    .getByTestId('asset-count')
    .filter({ hasText: `/ ${assetCount}` })
    .waitFor({ timeout: 180_000 });
}
