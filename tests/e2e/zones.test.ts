// The Zones screens in a real browser (issue 13): the alerting-zone list with its filters, display names, status
// and wrong-way signs (live §3), the detail, and our create, edit and delete screens with the zone's line drawn and
// edited with the mouse; a write the provider refuses with 403 reads "User does not have required permissions".
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulatorUrl } from './simulator.ts';
import {
  closeInstructions,
  dragOnMap,
  drawShape,
  jumpTo,
  openEditForm,
  openSection,
  simulatorApi,
} from './mapDrawing.ts';
import { atPath, shellBrowserForFile } from './shellBrowser.ts';
import { ownOrganizationId, signInForToken } from './simulatorApi.ts';

const baseUrl = simulatorUrl();
const ADMIN = 'admin@demo.test';
const CENTRE: [number, number] = [-87.64, 41.87];

type ZoneRecord = {
  id: string;
  description: string | null;
  external_id: string | null;
  alert_message: string | null;
  is_active: boolean;
  features: { type: string; geometry: { lat: number; lon: number }[] }[];
};

const shell = shellBrowserForFile();
let token: string;
let organizationId: string;

const api = simulatorApi(baseUrl, () => token);

const listZones = () => api<ZoneRecord[]>('GET', `/organization/alerting_zones?org_ids[]=${organizationId}`);

beforeAll(async () => {
  token = await signInForToken(baseUrl, ADMIN);
  organizationId = await ownOrganizationId(baseUrl, token);
});

async function startNewZone(page: Page): Promise<void> {
  await jumpTo(page, ...CENTRE, 15);
  await page.getByTestId('map-add').filter({ hasText: 'Zoom to Add' }).click();
  await page.getByTestId('map-add').filter({ hasText: 'Add Zone' }).click();
  await page.waitForURL(atPath('/dashboard/zones/new'));
  await closeInstructions(page);
  await jumpTo(page, ...CENTRE, 17);
}

describe('the zones list and detail', () => {
  it('filters by type, active only and search, names zones as live §3 says and shows their status', async () => {
    const zones = await listZones();
    const page = await openSection(shell, ADMIN, 'Zones');
    const count = page.getByTestId('section-list-count');
    await count.filter({ hasText: `Showing (${zones.length}/${zones.length})` }).waitFor();

    // Display names: the description, else the external id; status and wrong-way sign from is_active.
    for (const zone of zones) {
      const row = page.locator(`[data-zone-id="${zone.id}"]`);
      await row.getByText(zone.description || zone.external_id || 'Wrong Way Driver').waitFor();
      await row.getByText(zone.is_active ? 'Active' : 'Standby', { exact: true }).waitFor();
      await row
        .getByRole('img', { name: zone.is_active ? 'Wrong-way zone, active' : 'Wrong-way zone, inactive' })
        .waitFor();
      await row.getByText('Wrong Way Driver').last().waitFor();
    }
    const active = zones.filter((zone) => zone.is_active).length;
    await page.getByRole('checkbox', { name: 'Active only' }).check();
    await count.filter({ hasText: `Showing (${active}/${zones.length})` }).waitFor();
    await page.getByRole('checkbox', { name: 'Active only' }).uncheck();
    await page.getByLabel('Zone type').selectOption({ label: 'Wrong Way Driver' });
    await count.filter({ hasText: `Showing (${zones.length}/${zones.length})` }).waitFor();
    await page.getByPlaceholder('Search for a Zone...').fill('exit 51');
    await count.filter({ hasText: `Showing (1/${zones.length})` }).waitFor();

    await page.getByTestId('zone-row').click();
    await page.waitForURL(/\/dashboard\/zones\/[^/]+$/);
    const detail = page.getByTestId('zone-detail');
    await detail.getByText('I-90 exit 51 ramp').waitFor();
    await detail.getByText('Wrong way driver ahead').waitFor();
    await detail.getByText('60 minutes').waitFor();
  });
});

describe('the zone screens', () => {
  it('draws a new zone with the mouse, edits its line, and deletes it after confirmation', async () => {
    const before = await listZones();
    const page = await openSection(shell, ADMIN, 'Zones');
    await startNewZone(page);
    const save = page.getByRole('button', { name: 'Save' });
    const alert = (text: string) => page.getByRole('alert').filter({ hasText: text });
    expect(await save.isDisabled()).toBe(true);

    await page.getByLabel('Description').fill('Drawn Test Ramp');
    await page.getByLabel('Alert Message').fill('x'.repeat(41));
    await alert('40 Max Characters').waitFor();
    await page.getByLabel('Alert Message').fill('Wrong way: turn around');
    await save.click();
    await alert('Draw the zone on the map: at least 2 points').waitFor();

    await drawShape(page, 'path', [
      [0.35, 0.6],
      [0.5, 0.45],
      [0.65, 0.4],
    ]);
    await page.getByTestId('path-points').filter({ hasText: '3 points' }).waitFor();
    await alert('Draw the zone on the map').waitFor({ state: 'detached' });
    await save.click();
    await page.waitForURL(/\/dashboard\/zones\/[^/]+$/);
    await page.getByTestId('zone-detail').getByText('Drawn Test Ramp').waitFor();

    const created = (await listZones()).find((zone) => !before.some((old) => old.id === zone.id));
    expect(created).toMatchObject({
      description: 'Drawn Test Ramp',
      alert_message: 'Wrong way: turn around',
    });
    const line = created?.features[0]?.geometry ?? [];
    expect(line).toHaveLength(3);
    // The first point is where the line was started (the wrong-way sign's place), west of the last.
    expect(line[0]?.lon ?? 0).toBeLessThan(line[2]?.lon ?? 0);
    // The map draws the new zone's line at once.
    await page.waitForFunction(
      (id) => (window.__fleetMap?.overlaysDrawn()['zone-lines'] ?? []).some((drawn) => drawn.id === id),
      created?.id ?? '',
    );

    // Edit: drag the middle point with the mouse and make the zone inactive.
    await openEditForm(page, CENTRE, 'path', 3);
    expect(await save.isDisabled()).toBe(true);
    await dragOnMap(page, [0.5, 0.45], 0, -50);
    await page.getByRole('checkbox', { name: 'Active' }).uncheck();
    await expect.poll(() => save.isDisabled()).toBe(false);
    await save.click();
    await page.waitForURL(/\/dashboard\/zones\/[^/]+$/);
    await page.getByTestId('zone-detail').getByText('Standby').waitFor();
    const edited = (await listZones()).find((zone) => zone.id === created?.id);
    expect(edited?.is_active).toBe(false);
    expect(edited?.features[0]?.geometry[1]?.lat ?? 0).toBeGreaterThan(line[1]?.lat ?? 0);

    await page.getByRole('button', { name: 'Delete Zone' }).click();
    await page.getByRole('dialog', { name: 'Delete Zone' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(atPath('/dashboard/zones'));
    await page.locator(`[data-zone-id="${created?.id ?? ''}"]`).waitFor({ state: 'detached' });
    expect((await listZones()).some((zone) => zone.id === created?.id)).toBe(false);
  });

  it('keeps the map’s clicks for the drawing: the search’s info window neither opens nor follows (issue 37 item 7)', async () => {
    const page = await openSection(shell, ADMIN, 'Zones');
    await startNewZone(page);
    // A person finds the place by its coordinates, then draws there: the window the search opens elsewhere would
    // sit over the middle of the map and take the clicks meant for the line.
    const search = page.getByLabel('Search coordinates');
    await search.fill(`${CENTRE[1]}, ${CENTRE[0]}`);
    await search.press('Enter');
    await drawShape(page, 'path', [
      [0.4, 0.6],
      [0.5, 0.45],
      [0.5, 0.38],
      [0.6, 0.35],
    ]);
    await page.getByTestId('path-points').filter({ hasText: '4 points' }).waitFor();
    expect(await page.getByTestId('info-window').count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(atPath('/dashboard/zones'));
    expect(await page.getByTestId('info-window').count()).toBe(0);
  });

  it('says "User does not have required permissions" when the provider refuses the write (403)', async () => {
    const page = await openSection(shell, ADMIN, 'Zones');
    // The coordination center only has access to the fleet services' assets: it may read their zones, not write them.
    await page.getByTestId('organization-name').click();
    await page.getByRole('button', { name: 'Great Lakes Fleet Services' }).click();
    await page.getByTestId('organization-name').filter({ hasText: 'Great Lakes Fleet Services' }).waitFor();
    await page.getByTestId('section-list-count').filter({ hasText: 'Showing (0/0)' }).waitFor();
    await startNewZone(page);
    await drawShape(page, 'path', [
      [0.4, 0.5],
      [0.6, 0.5],
    ]);
    await page.getByTestId('path-points').filter({ hasText: '2 points' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByTestId('form-footer')
      .getByRole('alert')
      .filter({ hasText: 'User does not have required permissions' })
      .waitFor();
    expect(page.url()).toContain('/dashboard/zones/new');
  });
});
