// Issue 15 in a real browser: the Exports list's tabs, the Export wizard's paths and rules, a Point export
// downloaded and read as a user would (its rows matching the points the simulator recorded), a failed export in the
// Error tab, and the monthly reports tree with a report's PDF.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { simulatorUrl, simulatorFilesDir } from './simulator.ts';
import { FAILED_EXPORTS_NOTICE } from '#domain/exports/exportRules';
import { MONTH_NAMES } from '#domain/units/displayTime';
import { csvRecords } from '#tests/helpers/csv';
import {
  nameOf,
  sendTrack,
  shownNameOf,
  signInTo as signInToPage,
  TRACK_LATITUDES,
  utcField,
  type NamedThing,
} from './dataBrowser.ts';
import { formatListTime } from '#domain/units/displayTime';
import {
  atPath,
  dismissSupportDialog,
  downloadedBytes,
  shellBrowserForFile,
  openSignedIn,
} from './shellBrowser.ts';
import { listThings, ownOrganizationId, signInForToken } from './simulatorApi.ts';
import { allowing } from './testTimes.ts';

const baseUrl = simulatorUrl();
const shell = shellBrowserForFile();

const signInTo = (path: string, email?: string) => signInToPage(shell, path, email);

/** Clicks Refresh while it shows (exports in progress) until the Completed tab holds `title`. */
async function waitUntilCompleted(page: Page, title: string) {
  await page.getByRole('tab', { name: 'Completed' }).click();
  const row = page.getByTestId('export-row').filter({ hasText: title });
  for (;;) {
    if (await row.isVisible()) return row;
    const refresh = page.getByRole('button', { name: 'Refresh' });
    if (await refresh.isVisible()) await refresh.click();
    await Promise.race([row.waitFor(), refresh.waitFor({ state: 'detached' }).catch(() => undefined)]).catch(
      () => undefined,
    );
  }
}

describe('Export wizard and list', () => {
  it('exports the points a user picked and downloads a CSV holding what the simulator recorded', async () => {
    const token = await signInForToken(baseUrl, 'user@demo.test');
    const organizationId = await ownOrganizationId(baseUrl, token);
    const things = (await listThings(baseUrl, token, organizationId)) as NamedThing[];
    const picked = things.slice(0, 2);
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    // Uploaded now but recorded by the devices 50 minutes ago (as a device out of coverage would), so that the points
    // other test files send to the same assets at the time they run stay out of the range.
    const times = [minute - 3_000_000, minute - 2_990_000, minute - 2_980_000];
    for (const thing of picked)
      await sendTrack(baseUrl, await signInForToken(baseUrl, 'staff@demo.test'), thing, times);

    const page = await signInTo('/dashboard/data/exports');
    await page.getByText('Data from Safety Cloud').waitFor();
    expect(await page.getByRole('tab', { name: 'Completed' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('link', { name: 'Create New' }).click();
    await page.waitForURL(atPath('/dashboard/data/exports/new'));

    await page.getByLabel('Point').check();
    await page.getByRole('button', { name: 'Create' }).click();
    const title = page.getByLabel('Title');
    expect(await title.inputValue()).toMatch(/^Points Export \d{4}-\d{2}-\d{2}$/);
    await page.getByText('No Assets selected').waitFor();
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByText('Must select at least 1 Asset').waitFor();

    for (const thing of picked)
      await page.getByRole('button', { name: shownNameOf(thing), exact: true }).click();
    await page.getByLabel('Use UTC').check();
    await page.getByLabel('Start').fill(utcField(minute - 3_060_000));
    await page.getByLabel('End').fill(utcField(minute - 2_940_000));
    await title.fill('Unit track');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByRole('heading', { name: 'Export In-Progress' }).waitFor();
    await page.getByRole('button', { name: 'Got It' }).click();
    await page.waitForURL(atPath('/dashboard/data/exports'));

    const row = await waitUntilCompleted(page, 'Unit track');
    await row.getByText('6 rows').waitFor();
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download Unit track' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Unit_track.csv');
    const rows = csvRecords((await downloadedBytes(download)).toString('utf8'));
    expect(rows).toHaveLength(6);
    for (const thing of picked) {
      const mine = rows.filter((line) => line.device_id === thing.system_identifier);
      expect(mine.map((line) => line['time (UTC)'])).toEqual(
        times.map((time) => new Date(time).toISOString().slice(0, 19).replace('T', ' ')),
      );
      expect(mine.map((line) => Number(line.lat))).toEqual(TRACK_LATITUDES);
      expect(mine[0]?.asset).toBe(nameOf(thing));
    }

    // Delete asks first, then the row goes.
    await row.getByRole('button', { name: 'Delete Unit track' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Delete “Unit track”?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
  });

  it('holds the range and choice rules, and Back returns to the types', async () => {
    const page = await signInTo('/dashboard/data/exports/new');
    // Create waits for a type, and looks it: grey, no pointer — not the primary blue.
    const create = page.getByRole('button', { name: 'Create' });
    expect(await create.isDisabled()).toBe(true);
    const look = await create.evaluate((button) => {
      const style = getComputedStyle(button);
      return { cursor: style.cursor, background: style.backgroundColor };
    });
    expect(look.cursor).toBe('not-allowed');
    expect(look.background).not.toBe('rgb(29, 78, 216)');
    await page.getByLabel('Asset Mileage').check();
    expect(await create.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(
      'rgb(29, 78, 216)',
    );
    await create.click();
    expect(await page.getByLabel('Title').inputValue()).toMatch(/^Asset Mileages Export /);

    // The title is a styled field with a limit and a counter that turns red near it.
    const title = page.getByLabel('Title');
    expect(await title.evaluate((input) => getComputedStyle(input).borderRadius)).toBe('6px');
    await title.fill('x'.repeat(3000));
    expect((await title.inputValue()).length).toBe(255);
    const counter = page.getByTestId('title-counter');
    await counter.filter({ hasText: '255/255' }).waitFor();
    expect(await counter.getAttribute('class')).toContain('field__counter--near');

    // Every asset is listed, and a search narrows the list.
    const token = await signInForToken(baseUrl, 'user@demo.test');
    const things = (await listThings(
      baseUrl,
      token,
      await ownOrganizationId(baseUrl, token),
    )) as NamedThing[];
    await page.getByText(`Showing ${things.length} of ${things.length}`).waitFor();
    const wanted = shownNameOf(things[things.length - 1] as NamedThing);
    await page.getByLabel('Search available assets').fill(wanted);
    await page
      .getByRole('list', { name: 'Available assets' })
      .getByRole('button', { name: wanted, exact: true })
      .waitFor();
    await page.getByText(new RegExp(`^Showing \\d+ of ${things.length}$`)).waitFor();
    await page.getByLabel('Search available assets').fill('');
    await page.getByLabel('By region').waitFor();
    await page.getByLabel('Use UTC').check();
    const now = Date.now();
    await page.getByLabel('Start').fill(utcField(now - 150 * 86_400_000));
    await page.getByLabel('End').fill(utcField(now - 86_400_000));
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByText('Exceeds max time range').waitFor();
    await page.getByLabel('End').fill(utcField(now + 3_600_000));
    await page.getByText('Must be past date').waitFor();

    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByLabel('Closure').check();
    await page.getByRole('button', { name: 'Create' }).click();
    // The usual closure types come ticked (issue 37 item 10): the first Export CSV is no refusal.
    expect(await page.getByLabel('Manual').isChecked()).toBe(true);
    expect(await page.getByLabel('Automated').isChecked()).toBe(true);
    expect(await page.getByLabel('Feed').isChecked()).toBe(false);
    await page.getByLabel('Manual').uncheck();
    await page.getByLabel('Automated').uncheck();
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByText('Must include at least 1 Closure type or Asset').waitFor();
    await page.getByLabel('Manual').check();
    await page.getByText('Must include at least 1 Closure type or Asset').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add all' }).click();
    await page.getByText('No Assets to select').waitFor();

    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByLabel('Incident').check();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByLabel('Include incidents without assets').check();
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByRole('heading', { name: 'Export In-Progress' }).waitFor();
  });

  it("lets only the export creator delete, and shows an in-progress export's tab", async () => {
    const adminToken = await signInForToken(baseUrl, 'admin@demo.test');
    const organizationId = await ownOrganizationId(baseUrl, adminToken);
    const end = Date.now() - 60_000;
    const created = await fetch(`${baseUrl}/api/organization/export`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        export_type: 'asset',
        title: 'Admin assets',
        export_start_time: new Date(end - 86_400_000).toISOString(),
        export_end_time: new Date(end).toISOString(),
        organization_id: organizationId,
      }),
    });
    expect(created.status).toBe(201);
    const page = await signInTo('/dashboard/data/exports');
    const row = await waitUntilCompleted(page, 'Admin assets');
    const remove = row.getByRole('button', { name: 'Delete Admin assets' });
    expect(await remove.isDisabled()).toBe(true);
    // The reason is said in the row, not only in a hover tooltip.
    expect(await row.getByText('Only the export creator can delete').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Error' }).click();
    expect(await page.getByRole('tab', { name: 'Error' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'In-Progress' }).click();
    await page.getByRole('tabpanel').waitFor();
  });
});

describe('Export times', () => {
  it("lists them on the organization's clock, the form's zone, whatever the browser's zone, and says so", async () => {
    const token = await signInForToken(baseUrl, 'user@demo.test');
    const profile = (await (
      await fetch(`${baseUrl}/api/profile`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { user_org: { id: string; timezone: string } };
    const zone = profile.user_org.timezone;
    const end = Math.floor((Date.now() - 2 * 3_600_000) / 60_000) * 60_000;
    const start = end - 86_400_000;
    const created = await fetch(`${baseUrl}/api/organization/export`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        export_type: 'asset',
        title: 'Zoned times',
        export_start_time: new Date(start).toISOString(),
        export_end_time: new Date(end).toISOString(),
        organization_id: profile.user_org.id,
      }),
    });
    expect(created.status).toBe(201);

    // A browser far from the organization: its own zone must not leak into the list.
    const page = await openSignedIn(shell, 'user@demo.test', {
      path: '/dashboard/data/exports',
      options: { timezoneId: 'Asia/Tokyo' },
    });
    await dismissSupportDialog(page);
    await page.getByText(`Times are in ${zone}.`).waitFor();
    const row = await waitUntilCompleted(page, 'Zoned times');
    await row.getByText(`${formatListTime(start, zone)} – ${formatListTime(end, zone)}`).waitFor();
  });
});

describe('A failed export', () => {
  it('shows in the Error tab with its reason and the failed-exports notice', async () => {
    // The exports folder becomes a file for the time of the request: the worker cannot write and fails the export.
    const exportsDir = path.join(simulatorFilesDir(), 'exports');
    const aside = `${exportsDir}.aside`;
    fs.mkdirSync(exportsDir, { recursive: true });
    fs.renameSync(exportsDir, aside);
    fs.writeFileSync(exportsDir, 'a file where the folder should be');
    try {
      const token = await signInForToken(baseUrl, 'user@demo.test');
      const organizationId = await ownOrganizationId(baseUrl, token);
      const [thing] = await listThings(baseUrl, token, organizationId);
      const end = Date.now() - 60_000;
      const created = await fetch(`${baseUrl}/api/organization/export`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          export_type: 'point',
          title: 'Blocked points',
          export_start_time: new Date(end - 3_600_000).toISOString(),
          export_end_time: new Date(end).toISOString(),
          organization_id: organizationId,
          thing_uuids: [thing?.id],
        }),
      });
      expect(created.status).toBe(201);
      const page = await signInTo('/dashboard/data/exports');
      // Refresh shows while the export is in progress; once it failed the notice shows.
      const notice = page.getByText(FAILED_EXPORTS_NOTICE);
      while (!(await notice.isVisible())) {
        const refresh = page.getByRole('button', { name: 'Refresh' });
        if (await refresh.isVisible()) await refresh.click();
        await Promise.race([notice.waitFor(), refresh.waitFor({ state: 'detached' })]).catch(() => undefined);
      }
      await page.getByRole('button', { name: 'Contact support' }).waitFor();
      await page.getByRole('tab', { name: 'Error' }).click();
      const row = page.getByTestId('export-row').filter({ hasText: 'Blocked points' });
      await row.getByText(/^Export failed: the file could not be written \(E[A-Z]+\)$/).waitFor();
      expect(await row.getByRole('button', { name: 'Download Blocked points' }).count()).toBe(0);
      await page.getByRole('tab', { name: 'Completed' }).click();
      await row.waitFor({ state: 'detached' });
    } finally {
      fs.rmSync(exportsDir, { force: true });
      fs.renameSync(aside, exportsDir);
    }
  });
});

describe('Monthly reports', () => {
  it('shows the reports tree and downloads a PDF', async () => {
    const page = await signInTo('/dashboard/data/reports/monthly');
    // The simulator's log began this month (in the organizations' time zone): one year, one month, open.
    const tree = page.getByRole('list', { name: 'Monthly reports' });
    await tree.locator('.report-leaf').first().waitFor();
    const [year = '', monthName = ''] = await tree.locator('summary').allTextContents();
    expect(Number(year)).toBeGreaterThanOrEqual(2026);
    expect(MONTH_NAMES).toContain(monthName);
    const leaves = await tree.locator('.report-leaf > span').allTextContents();
    expect(leaves.length).toBeGreaterThan(1);
    expect(leaves).toEqual(
      [...leaves].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })),
    );
    // The simulator made this month's reports after start; take one away so this download is a first one, made
    // now from the month's telemetry.
    const token = await signInForToken(baseUrl, 'user@demo.test');
    const organizationId = await ownOrganizationId(baseUrl, token);
    const listed = (await (
      await fetch(`${baseUrl}/api/reports/${organizationId}/organization_monthly_report_list`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as { file_id: string; organization_name: string }[];
    const fileId = listed.find((report) => report.organization_name === leaves[0])?.file_id ?? '';
    fs.rmSync(path.join(simulatorFilesDir(), 'reports', fileId), { force: true });

    const downloading = page.waitForEvent('download');
    const button = tree.getByRole('button', { name: `Download ${leaves[0]} ${monthName} ${year}` });
    await button.click();
    // Within a second the row says how far the making is, and the button stays busy until the file comes.
    await page
      .getByTestId('report-progress')
      .filter({ hasText: /^Preparing report: \d+% of the month read$/ })
      .waitFor({ timeout: allowing(1000) });
    expect(await button.isDisabled()).toBe(true);
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^\w[\w.-]*_\d{4}-\d{2}_monthly_report\.pdf$/);
    const pdf = await downloadedBytes(download);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('Data on a phone', () => {
  it('shows the reports full width with whole Download links, and no Exports link to a desktop-only page', async () => {
    const page = await openSignedIn(shell, 'user@demo.test', {
      viewport: 'mobile',
      path: '/dashboard/data/reports/monthly',
    });
    await dismissSupportDialog(page);
    const tree = page.getByRole('list', { name: 'Monthly reports' });
    const download = tree.getByRole('button', { name: /^Download / }).first();
    await download.waitFor();
    const width = page.viewportSize()?.width ?? 0;

    // No side column: the page starts at the left edge and spans the screen.
    const main = await page.locator('.data-section__main').boundingBox();
    expect(main?.x ?? width).toBeLessThan(16);
    expect(main?.width ?? 0).toBeGreaterThan(width * 0.9);
    // The link shows its whole word inside the screen.
    const box = await download.boundingBox();
    expect((box?.x ?? width) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    expect(await download.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

    const nav = page.getByRole('navigation', { name: 'Data' });
    await nav.getByRole('link', { name: 'Monthly' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Exports' }).count()).toBe(0);
    await nav.getByRole('link', { name: 'Custom' }).click();
    await page.waitForURL(atPath('/dashboard/data/reports/custom'));
    expect(await page.getByText("This page isn't available on mobile devices.").count()).toBe(0);
  });
});
