// Custom reports in a real browser (access §2 tab custom, §5): each rule of the form in the product's words, a
// mileage report of the assets a user picked downloaded as a PDF whose figures are the track the simulator
// recorded, the delete confirmation, and a User who reads reports but may not create or delete them.
import { describe, expect, it } from 'vitest';
import { simulatorUrl } from './simulator.ts';
import { pdfTexts } from '#tests/helpers/pdfText';
import { nameOf, sendTrack, shownNameOf, signInTo, utcField, type NamedThing } from './dataBrowser.ts';
import { atPath, downloadedBytes, shellBrowserForFile } from './shellBrowser.ts';
import { listThings, ownOrganizationId, signInForToken } from './simulatorApi.ts';

const baseUrl = simulatorUrl();
const PATH = '/dashboard/data/reports/custom';
const shell = shellBrowserForFile();

describe('Custom reports', () => {
  it('holds each rule of the form in the product’s words', async () => {
    const page = await signInTo(shell, '/dashboard/data/reports/monthly', 'admin@demo.test');
    await page.getByRole('navigation', { name: 'Data' }).getByRole('link', { name: 'Custom' }).click();
    await page.waitForURL(atPath(PATH));
    await page.getByRole('button', { name: 'Create New' }).click();
    const title = page.getByLabel('Title');
    expect(await title.inputValue()).toMatch(/^Activity Report \d{4}-\d{2}-\d{2}$/);
    await page.getByText('No Assets selected').waitFor();

    await page.getByRole('button', { name: 'Create Report' }).click();
    await page.getByText('Must include at least 1 Closure type or Asset').waitFor();
    await page.getByLabel('Manual closures').check();
    await page.getByText('Must include at least 1 Closure type or Asset').waitFor({ state: 'detached' });

    await page.getByLabel('Use UTC').check();
    const now = Date.now();
    await page.getByLabel('Start').fill(utcField(now - 40 * 86_400_000));
    await page.getByLabel('End').fill(utcField(now - 86_400_000));
    await page.getByText('Exceeds max time range').waitFor();

    // Mileage may cover four months, but only of assets.
    await page.getByLabel('Mileage').check();
    expect(await title.inputValue()).toMatch(/^Mileage Report /);
    await page.getByText('Exceeds max time range').waitFor({ state: 'detached' });
    await page.getByText('Must select at least 1 Asset').waitFor();
    await page.getByLabel('By region').waitFor();
    await page.getByLabel('Start').fill(utcField(now - 150 * 86_400_000));
    await page.getByText('Exceeds max time range').waitFor();
    await page.getByLabel('Start').fill(utcField(now - 2 * 86_400_000));
    await page.getByLabel('End').fill(utcField(now + 3_600_000));
    await page.getByText('Must be past date').waitFor();
    await page.getByLabel('End').fill(utcField(now - 3 * 86_400_000));
    await page.getByText('End time must be after Start time').waitFor();

    await title.fill('');
    await page.getByText('Required').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('form', { name: 'New custom report' }).waitFor({ state: 'detached' });
  });

  it('makes a mileage report of the picked assets, downloads its PDF and deletes it', async () => {
    const token = await signInForToken(baseUrl, 'admin@demo.test');
    const organizationId = await ownOrganizationId(baseUrl, token);
    const things = (await listThings(baseUrl, token, organizationId)) as NamedThing[];
    const picked = things.slice(2, 4);
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    // Recorded 55 minutes ago and uploaded now (within the hour late uploads are read for), away from the points
    // other test files send at the time they run.
    const times = [minute - 3_300_000, minute - 3_290_000, minute - 3_280_000];
    const staff = await signInForToken(baseUrl, 'staff@demo.test');
    for (const thing of picked) await sendTrack(baseUrl, staff, thing, times);

    const page = await signInTo(shell, PATH, 'admin@demo.test');
    await page.getByRole('button', { name: 'Create New' }).click();
    await page.getByLabel('Mileage').check();
    await page.getByLabel('Use UTC').check();
    await page.getByLabel('Start').fill(utcField(minute - 3_360_000));
    await page.getByLabel('End').fill(utcField(minute - 3_240_000));
    await page.getByLabel('Unit').selectOption('kilometers');
    await page.getByLabel('By region').check();
    for (const thing of picked)
      await page.getByRole('button', { name: shownNameOf(thing), exact: true }).click();
    const title = `Unit mileage ${minute}`;
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Create Report' }).click();

    const row = page.getByTestId('custom-report-row').filter({ hasText: title });
    await row.getByText('2 assets').waitFor();
    await row.getByText('kilometers, by region').waitFor();
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download ${title}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^custom-.+\.pdf$/);
    const texts = pdfTexts((await downloadedBytes(download)).toString('latin1'));
    expect(texts).toContain(title);
    expect(texts).toContain('2 (2 reported in the range)');
    for (const thing of picked) expect(texts).toContain(nameOf(thing));
    // Each asset drove two legs of 0.0001° of latitude: 22.3 m.
    expect(texts.filter((text) => text === '0.022')).toHaveLength(2);

    await row.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Delete “${title}”?`).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
  });

  it('lets a User read and download reports but not create or delete them', async () => {
    const adminToken = await signInForToken(baseUrl, 'admin@demo.test');
    const organizationId = await ownOrganizationId(baseUrl, adminToken);
    const end = Date.now() - 60_000;
    const title = `Closures this week ${end}`;
    const created = await fetch(`${baseUrl}/api/reports/custom_reports`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        report_type: 'activity',
        title,
        report_start_time: new Date(end - 7 * 86_400_000).toISOString(),
        report_end_time: new Date(end).toISOString(),
        organization_id: organizationId,
        closures_to_include: ['manual', 'feed'],
      }),
    });
    expect(created.status).toBe(201);

    const page = await signInTo(shell, PATH);
    const row = page.getByTestId('custom-report-row').filter({ hasText: title });
    await row.getByText('manual closures, feed closures').waitFor();
    expect(await page.getByRole('button', { name: 'Create New' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: `Delete ${title}` }).count()).toBe(0);
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download ${title}` }).click();
    const texts = pdfTexts((await downloadedBytes(await downloading)).toString('latin1'));
    expect(texts).toContain(title);
    expect(texts).toContain('Closures');
  });
});
