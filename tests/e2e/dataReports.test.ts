// Monthly reports in a real browser: the year → month → organization tree, newest first and sorted by name, and a
// report's PDF downloaded from its leaf.
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { MONTH_NAMES } from '#domain/reports/monthlyReport';
import { launchShellBrowser, typeSignIn, type ShellBrowser } from './shellBrowser.ts';

let shell: ShellBrowser;

beforeAll(async () => {
  shell = await launchShellBrowser();
});
afterEach(async () => {
  await shell.closeContext();
});
afterAll(async () => {
  await shell?.close();
});

it('shows the reports tree and downloads a PDF', async () => {
  const page = await shell.open('desktop', '/dashboard/data');
  await typeSignIn(page, 'user@demo.test');
  await page.waitForURL('**/dashboard/data/reports/monthly');
  const support = page.getByTestId('support-dialog');
  await support.waitFor();
  await support.getByRole('button', { name: 'Close' }).click();
  // The simulator's log began this month (in the organizations' time zone): one year, one month, open.
  const tree = page.getByRole('list', { name: 'Monthly reports' });
  await tree.locator('.report-leaf').first().waitFor();
  const [year = '', monthName = ''] = await tree.locator('summary').allTextContents();
  expect(Number(year)).toBeGreaterThanOrEqual(2026);
  expect(MONTH_NAMES).toContain(monthName);
  const leaves = await tree.locator('.report-leaf > span').allTextContents();
  expect(leaves.length).toBeGreaterThan(1);
  expect(leaves).toEqual([...leaves].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })));
  const downloading = page.waitForEvent('download');
  await tree.getByRole('button', { name: `Download ${leaves[0]} ${monthName} ${year}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^monthly-.+\.pdf$/);
  const pdf = fs.readFileSync((await download.path()) ?? '');
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
