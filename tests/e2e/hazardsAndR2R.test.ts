// Hazards and run-to-run search in a real browser (issue 16): an asset brakes hard and speeds up again through the
// simulator's ingestion; the hazards list shows it with type and severity filters and the "at least 1 type" rule;
// the R2R search shows the 15 minutes with their points and alerts, and refuses a start in the future.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulatorUrl } from './simulator.ts';
import { fillLocalTime } from './dateFields.ts';
import { dismissSupportDialog, shellBrowserForFile, openSignedIn } from './shellBrowser.ts';
import { listThings, ownOrganizationId, signInForToken, type ListedThing } from './simulatorApi.ts';

const baseUrl = simulatorUrl();
const SPEEDS = [20, 14, 11, 11, 11, 14];

const shell = shellBrowserForFile();
type Listed = ListedThing & { nickname: string | null; features: { r2r: boolean } };
let asset: Listed;
let apiDevice: Listed;
let r2rOff: Listed;
let braking: number;
const isR2RHardware = (thing: Listed) => thing.device_type === 'ha5' || thing.device_type === 'ha7';

beforeAll(async () => {
  const token = await signInForToken(baseUrl, 'user@demo.test');
  const things = (await listThings(baseUrl, token, await ownOrganizationId(baseUrl, token))) as Listed[];
  // An HA5/HA7 asset with R2R on (the only kind R2R searches), the last such one outside the two before the last,
  // which the trips test reports for when the suite shares one simulator.
  const r2rReady = things.filter(
    (thing, index) =>
      (index === things.length - 1 || index < things.length - 3) &&
      isR2RHardware(thing) &&
      thing.features.r2r,
  );
  const found = r2rReady.at(-1);
  const api = things.find((thing) => thing.device_type === 'api');
  const off = things.find((thing) => isR2RHardware(thing) && !thing.features.r2r);
  if (!found || !api || !off) throw new Error('the seed should hold R2R-ready, API and R2R-off assets');
  [asset, apiDevice, r2rOff] = [found, api, off];
  braking = Math.floor((Date.now() - 20 * 60_000) / 1000) * 1000;
  const response = await fetch(`${baseUrl}/api/sim/telemetry`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${await signInForToken(baseUrl, 'staff@demo.test')}`,
    },
    body: JSON.stringify({
      samples: SPEEDS.map((speed, second) => ({
        device_id: asset.system_identifier,
        device_type: asset.device_type,
        kind: 'point',
        time: new Date(braking + second * 1000).toISOString(),
        lat: 41.88 + second * 0.0001,
        lng: -87.63,
        speed,
        course: 0,
        accuracy: 4,
        enroute: true,
      })),
    }),
  });
  if (!response.ok) throw new Error(`telemetry: HTTP ${response.status}`);
});

const nameOf = (thing: Listed = asset) => thing.nickname || thing.system_identifier.toUpperCase();

async function open(path: string, email: string, heading: string): Promise<Page> {
  const page = await openSignedIn(shell, email, { path });
  await dismissSupportDialog(page);
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
  return page;
}

describe('hazards', () => {
  it('lists the hard braking and the acceleration, filters them, and needs at least one type', async () => {
    const page = await open('/dashboard/hazards', 'user@demo.test', 'Hazards');
    await page.getByLabel('Search assets').fill(nameOf());
    await page.getByRole('checkbox', { name: nameOf(), exact: true }).check();
    await fillLocalTime(page, 'Start time', braking - 60_000);
    await fillLocalTime(page, 'End time', braking + 60_000);
    await page.getByRole('button', { name: 'Search' }).click();

    const rows = page.getByTestId('hazard-row');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    // The results sit beside the map, not under the form, and the live markers give way to them.
    const results = await page.getByRole('region', { name: 'Hazards found' }).boundingBox();
    const form = await page.getByRole('form', { name: 'Trip search' }).boundingBox();
    const map = await page.locator('[data-live-assets-hidden]').boundingBox();
    expect(results && form && map).toBeTruthy();
    if (results && form && map) {
      expect(results.x).toBeGreaterThanOrEqual(form.x + form.width);
      expect(results.x + results.width).toBeLessThanOrEqual(map.x + 1);
      expect(results.y).toBeLessThan(form.y + form.height / 2);
    }
    await page.locator('[data-live-assets-hidden="true"]').waitFor();
    await rows.filter({ hasText: 'Hard braking' }).filter({ hasText: 'high' }).waitFor();
    await rows.filter({ hasText: 'Rapid acceleration' }).filter({ hasText: 'low' }).waitFor();

    await page.getByRole('checkbox', { name: 'High', exact: true }).uncheck();
    await rows.filter({ hasText: 'Hard braking' }).waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(1);

    await page.getByRole('checkbox', { name: 'All', exact: true }).uncheck();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('alert').filter({ hasText: 'Select at least 1 type' }).waitFor();

    await page.getByRole('button', { name: 'Clear results' }).click();
    await page.locator('[data-live-assets-hidden="false"]').waitFor();
  });
});

describe('run-to-run', () => {
  it('offers only HA5/HA7 assets: no API device, and one with R2R off says "R2R not enabled"', async () => {
    const page = await open('/dashboard/r2r', 'staff@demo.test', 'Run-to-run (R2R)');
    const picker = page.getByRole('group', { name: 'Asset', exact: true });
    await picker.getByRole('radio', { name: nameOf(), exact: true }).waitFor();
    await page.getByText('Run-to-run data exists for HA5 and HA7 devices with R2R enabled.').waitFor();

    await page.getByLabel('Search assets').fill(apiDevice.system_identifier);
    await page.getByText(/^Showing 0 of \d+$/).waitFor();

    await page.getByLabel('Search assets').fill(nameOf(r2rOff));
    const off = picker
      .getByRole('listitem')
      .filter({ hasText: nameOf(r2rOff) })
      .first();
    await off.getByText('R2R not enabled').waitFor();
    expect(await off.getByRole('radio').isDisabled()).toBe(true);
  });

  it('shows the 15 minutes from the start with their points and alerts, and refuses a future start', async () => {
    const page = await open('/dashboard/r2r', 'staff@demo.test', 'Run-to-run (R2R)');
    await page.getByRole('tab', { name: 'Search R2R' }).waitFor();
    await page.getByRole('form', { name: 'View run data for an alerted asset' }).waitFor();
    await page.getByLabel('Search assets').fill(nameOf());
    await page.getByRole('radio', { name: nameOf(), exact: true }).check();

    await fillLocalTime(page, 'Start time', Date.now() + 3_600_000);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('alert').filter({ hasText: 'Start time must be in the past' }).waitFor();

    await fillLocalTime(page, 'Start time', braking - 60_000);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('region', { name: 'R2R results' }).waitFor();
    // The asset's own reports in the window (the seed's among them) are listed with the six sent here.
    expect(await page.getByTestId('r2r-point').count()).toBeGreaterThanOrEqual(SPEEDS.length);
    await page
      .getByTestId('r2r-alert')
      .filter({ hasText: 'Hard braking' })
      .filter({ hasText: 'high' })
      .waitFor();
    await page.getByTestId('r2r-alert').filter({ hasText: 'Rapid acceleration' }).waitFor();
  });
});
