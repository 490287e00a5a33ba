// The map's overlays in a real browser (live §2 "Shared map behaviour"): their zoom rules read back through deck.gl's
// own picking, overlays changing live when the simulator changes a closure or an incident, station grouping on and
// off, and the density view.
import { describe, expect, it } from 'vitest';
import { atPath } from './shellBrowser.ts';
import { listThings, organizationIdByName, parkAt, signInForToken, stationsOf } from './simulatorApi.ts';
import { jumpTo } from './mapDrawing.ts';
import {
  RESPONDERS,
  ROAD_WORKS,
  USER,
  clickAt,
  layersPickedAt,
  mapSurfaceBrowserForFile,
  switchOrganization,
} from './mapSurfaceBrowser.ts';
import { allowing } from './testTimes.ts';

const { baseUrl, openMap, api } = mapSurfaceBrowserForFile();

describe('overlays', () => {
  it('shows event markers from zoom 17 and moves them when the incident moves', async () => {
    const token = await signInForToken(baseUrl, USER);
    const responders = await organizationIdByName(baseUrl, token, RESPONDERS);
    const locations = await api<{ id: string; is_active: boolean; lat: number; lng: number }[]>(
      token,
      `/locations?org_ids[]=${responders}`,
    );
    const incident = locations.find((location) => location.is_active);
    if (!incident) throw new Error('no active incident');

    const page = await openMap();
    await switchOrganization(page, RESPONDERS);
    await page.waitForFunction(
      (id) => window.__fleetMap?.overlaysDrawn()['area-markers']?.length && id,
      incident.id,
    );
    await jumpTo(page, incident.lng, incident.lat, 16.9);
    expect(await layersPickedAt(page, incident.lng, incident.lat)).not.toContain('event-markers');
    await jumpTo(page, incident.lng, incident.lat, 17);
    // The pin stands on its point: pick just above it.
    await expect
      .poll(() => layersPickedAt(page, incident.lng, incident.lat + 0.00005))
      .toContain('event-markers');

    const moved = { lat: Number((incident.lat + 0.002).toFixed(6)), lng: incident.lng };
    await api(token, `/locations/${incident.id}`, {
      method: 'PUT',
      body: JSON.stringify({ ...moved, roadway_heading: 90, organization_id: responders }),
    });
    await jumpTo(page, moved.lng, moved.lat, 17);
    await expect.poll(() => layersPickedAt(page, moved.lng, moved.lat + 0.00005)).toContain('event-markers');
  });

  it('draws closures coloured by status and changes them live', async () => {
    const token = await signInForToken(baseUrl, USER);
    const roadWorks = await organizationIdByName(baseUrl, token, ROAD_WORKS);
    const closures = await api<{ id: string; is_active: boolean; closure_type: string }[]>(
      token,
      `/organization/closure?org_ids[]=${roadWorks}`,
    );
    const manual = closures.find((closure) => closure.closure_type === 'manual' && closure.is_active);
    if (!manual) throw new Error('no active manual closure');

    const page = await openMap();
    await switchOrganization(page, ROAD_WORKS);
    const statusOf = () =>
      page.evaluate(
        (id) => window.__fleetMap?.overlaysDrawn()['closure-lines']?.find((line) => line.id === id)?.status,
        manual.id,
      );
    await expect.poll(statusOf).toBe('active');
    await api(token, `/organization/closure/${manual.id}`, {
      method: 'PUT',
      body: JSON.stringify({ uuid: manual.id, is_active: false, end_time: null }),
    });
    await expect.poll(statusOf).toBe('standby');
  });
});

describe('station grouping', () => {
  it('groups parked assets into a station marker below zoom 16.25 while Group View is on', async () => {
    // A responder parks at the first station, whatever other test files drove the station's own assets away.
    const token = await signInForToken(baseUrl, USER);
    const responders = await organizationIdByName(baseUrl, token, RESPONDERS);
    const [firstStation] = await stationsOf(baseUrl, token, responders);
    const responder = (await listThings(baseUrl, token, responders)).find(
      (thing) => thing.organization.name === RESPONDERS,
    );
    if (!firstStation || !responder) throw new Error('no responder station or asset');
    await parkAt(baseUrl, await signInForToken(baseUrl, 'staff@demo.test'), responder, firstStation);
    const page = await openMap();
    await switchOrganization(page, RESPONDERS);
    await page.waitForFunction(() => (window.__fleetMap?.overlaysDrawn()['area-markers']?.length ?? 0) > 0);
    await jumpTo(page, -87.63, 41.87, 13);
    await page.waitForFunction(
      () => (window.__fleetMap?.overlaysDrawn()['station-markers']?.length ?? 0) > 0,
    );
    // The station marker opens its list: counts by status and the assets it stands for, which are not drawn.
    const station = await page.evaluate(() => window.__fleetMap?.overlaysDrawn()['station-markers']?.[0]);
    if (!station) throw new Error('no station marker');
    if (!station.position) throw new Error('station without position');
    await jumpTo(page, ...station.position, 14);
    const stationAt = station.position;
    await expect.poll(() => layersPickedAt(page, ...stationAt)).toContain('station-markers');
    await clickAt(page, station.position);
    const popup = page.getByTestId('station-popup');
    await popup.waitFor();
    expect(await popup.getByTestId('station-counts').textContent()).toMatch(/\w+ \d+/);
    const groupedIds = await popup
      .getByTestId('station-thing')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-thing-id') ?? ''));
    expect(groupedIds.length).toBeGreaterThan(0);
    const drawnPositions = (ids: string[]) =>
      page.evaluate((list) => list.map((id) => window.__fleetMap?.positionOf(id) ?? null), ids);
    expect(await drawnPositions(groupedIds)).toEqual(groupedIds.map(() => null));

    // Picking an asset from the list reveals it: the map goes past the grouping zoom, the asset is selected and
    // drawn as itself, not inside the station marker (issue 25).
    const [picked] = groupedIds;
    if (!picked) throw new Error('no grouped asset');
    await popup.locator(`[data-thing-id="${picked}"]`).click();
    await page.waitForURL(atPath(`/dashboard/things/${picked}`));
    await expect
      .poll(() => page.evaluate(() => window.__fleetMap?.zoom() ?? 0), { timeout: allowing(15_000) })
      .toBeGreaterThanOrEqual(16.25);
    await expect
      .poll(() => page.evaluate((id) => window.__fleetMap?.positionOf(id) ?? null, picked), {
        timeout: allowing(15_000),
      })
      .not.toBeNull();
    await expect
      .poll(() => page.evaluate(() => window.__fleetMap?.overlaysDrawn()['station-markers']?.length ?? 0))
      .toBe(0);
    await page.getByRole('button', { name: 'Back to assets' }).click();
    await page.waitForURL(atPath('/dashboard/things'));

    // At street zoom the station's assets draw as themselves again.
    await jumpTo(page, -87.63, 41.87, 16.5);
    await page.waitForFunction(
      () => (window.__fleetMap?.overlaysDrawn()['station-markers']?.length ?? 0) === 0,
    );

    // Group View off: no station markers at any zoom.
    await jumpTo(page, -87.63, 41.87, 13);
    await page.waitForFunction(
      () => (window.__fleetMap?.overlaysDrawn()['station-markers']?.length ?? 0) > 0,
    );
    await page.getByLabel('Group View').uncheck();
    await page.waitForFunction(
      () => (window.__fleetMap?.overlaysDrawn()['station-markers']?.length ?? 0) === 0,
    );
  });
});

describe('density view', () => {
  it('shades where assets are, counting every marker once, and goes when turned off', async () => {
    const page = await openMap();
    await page.getByLabel('Density View').check();
    await page.waitForFunction(() => (window.__fleetMap?.overlaysDrawn()['asset-density']?.length ?? 0) > 0);
    await page.getByLabel('Density View').uncheck();
    await page.waitForFunction(() => window.__fleetMap?.overlaysDrawn()['asset-density'] === undefined);
  });
});
