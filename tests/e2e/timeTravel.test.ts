// Time travel in a real browser (issue 28 item 2): the test records what the Live screen shows of an asset at a
// moment, has the asset check in again, replays that moment (and a minute before it) and sees what was shown then
// under the "Replay — <time>" banner, plays on, and returns to live without a reload (the live stream, paused
// meanwhile, brings what it missed). The asset is one offline for days, away from the first and last assets other
// files take; its check-ins stand where it stands and lie days back (after its own last one), so it stays offline
// in the same place and the counts and stations other files read stay as they were. The moments replayed are the
// test's own.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatListTime, formatLongTime } from '#domain/units/displayTime';
import { zonedTimestampFormatter } from '#domain/units/zonedTime';
import { seriousViolations } from './axe.ts';
import { simulatorUrl } from './simulator.ts';
import { closeSupportDialog, shellBrowserForFile, until, openSignedIn } from './shellBrowser.ts';
import { listThings, ownOrganizationId, signInForToken, type ListedThing } from './simulatorApi.ts';

const baseUrl = simulatorUrl();
const USER = 'user@demo.test';
const HOUR = 3_600_000;
const shell = shellBrowserForFile();

let staffToken: string;
let zone: string;
type Asset = ListedThing & { nickname: string | null };
let longOffline: Asset[];
let asset: Asset;
let attempts = 0;

beforeAll(async () => {
  const token = await signInForToken(baseUrl, USER);
  staffToken = await signInForToken(baseUrl, 'staff@demo.test');
  const organizationId = await ownOrganizationId(baseUrl, token);
  const profile = (await (
    await fetch(`${baseUrl}/api/profile`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { user_org: { timezone: string } };
  zone = profile.user_org.timezone || 'UTC';
  const things = (await listThings(baseUrl, token, organizationId)) as Asset[];
  // Offline for longer than the pending window, away from the first and last assets other files take.
  longOffline = things
    .slice(10, -5)
    .filter(
      (thing) =>
        thing.heartbeat_datetime !== null && Date.parse(thing.heartbeat_datetime) < Date.now() - 110 * HOUR,
    );
  // The test steps a minute back from its moment: the simulator's log must reach that far (it starts with the
  // suite, and this file may run first).
  const pastPicture = () =>
    fetch(`${baseUrl}/api/organization/history?organization_id=${organizationId}&at=${Date.now() - 65_000}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
  await until(async () => (await pastPicture()).status === 200);
  const chosen = longOffline[0];
  if (!chosen) throw new Error('no long-offline asset to move');
  asset = chosen;
});

/**
 * A parked check-in of the asset where it stands (so no station it belongs to changes for other files), with a device
 * time of `at` (days back: it stays offline).
 */
async function checkIn(at: number): Promise<void> {
  const response = await fetch(`${baseUrl}/api/sim/telemetry`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${staffToken}` },
    body: JSON.stringify({
      samples: [
        {
          device_id: asset.system_identifier,
          device_type: asset.device_type,
          kind: 'heartbeat',
          time: new Date(at).toISOString(),
          lat: asset.lat,
          lng: asset.lng,
          speed: 0,
          course: 0,
          accuracy: 4,
          enroute: false,
        },
      ],
    }),
  });
  if (!response.ok) throw new Error(`telemetry: HTTP ${response.status} ${await response.text()}`);
}

async function openAsset(): Promise<Page> {
  const page = await openSignedIn(shell, USER, { path: `/dashboard/things/${asset.id}` });
  await closeSupportDialog(page);
  return page;
}

const lastOnline = (page: Page, at: number) =>
  page.getByTestId('status-block').getByText(formatLongTime(at, zone), { exact: true }).waitFor();

/** The moment as the Replay form's field takes it: the organization's wall clock, to the second. */
const wallText = (at: number) => zonedTimestampFormatter(zone)(at).replace(' ', 'T');

describe('replay on the Live screen', () => {
  it('shows the picture of a past moment as it was shown live, then returns to live', async () => {
    // A retry takes the next asset, so that its check-ins are its first.
    asset = longOffline[attempts % longOffline.length] ?? asset;
    attempts += 1;
    const originally = Date.parse(asset.heartbeat_datetime ?? '');
    const firstCheckIn = originally + 10 * 60_000;
    const secondCheckIn = firstCheckIn + 20 * 60_000;
    const page = await openAsset();
    await checkIn(firstCheckIn);
    await lastOnline(page, firstCheckIn);
    // The moment recorded: the live screen showed the first check-in; a whole second after it was taken.
    const moment = Math.ceil((Date.now() + 1) / 1000) * 1000;
    await until(() => Promise.resolve(Date.now() > moment + 100));
    await checkIn(secondCheckIn);
    await lastOnline(page, secondCheckIn);

    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Replay a past moment' });
    await dialog.getByLabel('Moment').fill(wallText(moment));
    await dialog.getByLabel('Speed').selectOption({ label: '1×' });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Start replay' }).click();

    const banner = page.getByTestId('replay-banner');
    const bannerShows = (at: number) =>
      banner.getByText(`Replay — ${formatListTime(at, zone)}`, { exact: true }).waitFor();
    await bannerShows(moment);
    await lastOnline(page, firstCheckIn);
    expect(await seriousViolations(page)).toEqual([]);

    // A minute earlier the test had not sent anything yet; a minute later is the moment again.
    await page.getByRole('button', { name: 'Back 1 min' }).click();
    await bannerShows(moment - 60_000);
    await lastOnline(page, originally);
    await page.getByRole('button', { name: 'Forward 1 min' }).click();
    await bannerShows(moment);
    await lastOnline(page, firstCheckIn);

    // Played on, the second check-in comes in as it did live.
    await page.getByRole('button', { name: 'Play' }).click();
    await lastOnline(page, secondCheckIn);
    await page.getByRole('button', { name: 'Pause' }).click();

    // The live stream is paused while the replay shows; a check-in meanwhile comes in on the return, from the
    // stream's history rather than a reload of the assets.
    const cableStatus = () => page.evaluate(() => window.__fleetLive?.cableStatus());
    expect(await cableStatus()).toBe('paused');
    const thirdCheckIn = secondCheckIn + 20 * 60_000;
    await checkIn(thirdCheckIn);
    const assetReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/organization/things')) assetReads.push(request.url());
    });
    const framesBefore = await page.evaluate(() => window.__fleetLive?.framesReceived() ?? 0);
    await page.getByRole('button', { name: 'Return to live' }).click();
    await banner.waitFor({ state: 'hidden' });
    await lastOnline(page, thirdCheckIn);
    expect(assetReads).toEqual([]);
    expect(await cableStatus()).toBe('live');
    // No reload: the same worker kept sending frames.
    expect(await page.evaluate(() => window.__fleetLive?.framesReceived() ?? 0)).toBeGreaterThan(
      framesBefore,
    );
    await page.getByRole('button', { name: 'Replay', exact: true }).waitFor();
  });

  it('is operable from the keyboard and says when a moment is not in the past', async () => {
    const page = await openAsset();
    const opener = page.getByRole('button', { name: 'Replay', exact: true });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Replay a past moment' });
    // Modal: the moment has focus first, and Tab goes round inside the dialog.
    await until(async () =>
      dialog.getByLabel('Moment').evaluate((element) => element === document.activeElement),
    );
    for (let step = 0; step < 5; step += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByLabel('Moment').fill(wallText(Date.now() + HOUR));
    await dialog.getByLabel('Moment').press('Enter');
    await dialog.getByRole('alert').getByText('Choose a moment in the past').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await until(async () => opener.evaluate((element) => element === document.activeElement));
  });
});
