// The live dashboard in a real browser: sign in as a person would, see the asset count, and see a marker move when a
// device reports a new position through the simulator (REST ingestion → cable broadcast → the domain pipeline's
// batch → MapLibre source); a token refresh that leaves the cable alone; a large organization served by polling.
import { chromium, type Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { simulatorUrl } from './simulator.ts';
import { atPath, shellBrowserForFile, closeSupportDialog } from './shellBrowser.ts';
import {
  DEMO_PASSWORD,
  listThings,
  ownOrganizationId,
  sendPoint,
  signInForToken,
  organizationIdByName,
} from './simulatorApi.ts';
import { CHROMIUM_ARGS } from '#tests/helpers/chromium';
import { startCableTap, type CableTap, type TappedSocket } from '#tests/helpers/cableTap';

const baseUrl = simulatorUrl();
const USER = 'user@demo.test';
/** Device ingestion is for provider staff only (it writes for any organization). */
const STAFF = 'staff@demo.test';
/** The seed's `is_large_org` organization, accessed by the demo users' coordination center. */
const LARGE_ORGANIZATION = 'Great Lakes Fleet Services';

const shell = shellBrowserForFile();
let tap: CableTap | null = null;

afterEach(async () => {
  await tap?.close();
  tap = null;
});

async function openPage(
  path = '/',
  before?: (page: Page) => Promise<void> | void,
  origin = baseUrl,
): Promise<Page> {
  const page = await shell.newPage('desktop');
  await before?.(page);
  await page.goto(`${origin}${path}`);
  return page;
}

/**
 * Opens the page through a tap that hands the test every cable socket and records REST requests (the cable and
 * the loads run in the live worker, out of Playwright's routing; tests/helpers/cableTap.ts).
 */
async function openTappedPage(
  path: string,
  onSocket: (socket: TappedSocket) => Promise<void> | void,
  before?: (page: Page) => Promise<void> | void,
): Promise<Page> {
  tap = await startCableTap(baseUrl, onSocket);
  return openPage(path, before, tap.url);
}

/** Waits until a condition holds, looking again every few milliseconds (the test timeout bounds it). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

function waitForSelectedPosition(page: Page, expected: string) {
  return page.waitForFunction(
    (value) =>
      document.querySelector('[data-testid="live-map"]')?.getAttribute('data-selected-position') === value,
    expected,
  );
}

async function typeCredentials(page: Page, email: string, password: string) {
  await page.waitForURL('**/welcome/signin');
  await page.getByLabel('Email').pressSequentially(email, { delay: 15 });
  await page.getByLabel('Password', { exact: true }).pressSequentially(password, { delay: 15 });
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The map container's read-only test attributes (see client/map/liveMapController.ts). */
function mapAttribute(page: Page, name: 'data-selected-id' | 'data-selected-position' | 'data-marker-count') {
  return page.getByTestId('live-map').getAttribute(name);
}

describe('live dashboard', () => {
  it('signs in, shows the asset count, and moves a marker when its device reports', async () => {
    const token = await signInForToken(baseUrl, USER);
    const things = await listThings(baseUrl, token, await ownOrganizationId(baseUrl, token));
    expect(things.length).toBeGreaterThan(0);

    const page = await openPage('/');
    await typeCredentials(page, USER, DEMO_PASSWORD);
    await page.waitForURL(atPath('/dashboard/things'));

    const count = page.getByTestId('asset-count');
    await count.filter({ hasText: `${things.length} / ${things.length}` }).waitFor();
    expect(await count.textContent()).toBe(`${things.length} / ${things.length}`);
    await page.waitForFunction(
      (expected) =>
        document.querySelector('[data-testid="live-map"]')?.getAttribute('data-marker-count') === expected,
      String(things.filter((thing) => thing.lat !== null && thing.lng !== null).length),
    );

    // Select the first asset in the list: the route names it and the map reports its marker.
    const firstRow = page.getByTestId('thing-row').first();
    const thingId = await firstRow.getAttribute('data-thing-id');
    const thing = things.find((candidate) => candidate.id === thingId);
    if (!thingId || !thing) throw new Error(`first row ${String(thingId)} is not an asset of ${USER}`);
    await firstRow.click();
    await page.waitForURL(atPath(`/dashboard/things/${thingId}`));
    await page.waitForFunction((id) => {
      const map = document.querySelector('[data-testid="live-map"]');
      return (
        map?.getAttribute('data-selected-id') === id && map.getAttribute('data-selected-position') !== ''
      );
    }, thingId);
    const before = await mapAttribute(page, 'data-selected-position');

    // The device reports a position about 150 m north-east; the marker must follow via the cable.
    const target = {
      lat: Number((thing.lat + 0.0011).toFixed(6)),
      lng: Number((thing.lng + 0.0013).toFixed(6)),
    };
    await sendPoint(baseUrl, await signInForToken(baseUrl, STAFF), thing, target, { speed: 9, course: 45 });
    const expected = `${target.lat},${target.lng}`;
    await waitForSelectedPosition(page, expected);
    expect(before).not.toBe(expected);
    // The asset's detail (things/{id} shows it in place of the list) follows the same batch: a point while en route
    // makes the asset active (the records change in place, so the view must not be memoised on the record).
    await page.waitForFunction(() => {
      const status = document.querySelector('[data-testid="thing-detail"] [data-testid="detail-status"]');
      return status?.textContent === 'Active' || status?.textContent === 'Responding';
    });

    // The marker layer draws the marker at the new place too (drawn as float32, hence ~1 m).
    const rendered = await page.waitForFunction(
      ([id, lat, lng]) => {
        const position = window.__fleetMap?.renderedPositionOf(id as string);
        if (!position) return null;
        const close =
          Math.abs(position[1] - (lat as number)) < 1e-5 && Math.abs(position[0] - (lng as number)) < 1e-5;
        return close ? position : null;
      },
      [thingId, target.lat, target.lng] as const,
    );
    expect(await rendered.jsonValue()).toHaveLength(2);
    // Moving, it shows a course arrow pointing north-east.
    await page.waitForFunction((id) => window.__fleetMap?.courseOf(id) === 45, thingId);

    await page.screenshot({ path: '/tmp/dashboard.png' });
  });

  it('keeps the typed e-mail and says so when the password is wrong', async () => {
    const page = await openPage('/welcome/signin');
    await typeCredentials(page, USER, 'not-the-password');

    const error = page.getByTestId('sign-in-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Email and/or password incorrect.');
    expect(await page.getByLabel('Email').inputValue()).toBe(USER);
    expect(page.url()).toMatch(/\/welcome\/signin$/);
  });

  it('sends a signed-out visitor to sign-in and back to the page they asked for', async () => {
    const token = await signInForToken(baseUrl, USER);
    const [thing] = await listThings(baseUrl, token, await ownOrganizationId(baseUrl, token));
    if (!thing) throw new Error('no assets');

    const page = await openPage(`/dashboard/things/${thing.id}`);
    await typeCredentials(page, USER, DEMO_PASSWORD);
    await page.waitForURL(atPath(`/dashboard/things/${thing.id}`));
    await page.waitForFunction(
      (id) => document.querySelector('[data-testid="live-map"]')?.getAttribute('data-selected-id') === id,
      thing.id,
    );
  });

  it('shows the not-found page for an unknown address, with a way back', async () => {
    const page = await openPage('/no/such/page');
    await page.getByText('Sorry, the requested URL was not found here.').waitFor();
    await page.getByRole('button', { name: 'Go to the main page' }).click();
    await page.waitForURL('**/welcome/signin');
  });
  it('shows the connection banner while the cable is down, then catches up on what it missed', async () => {
    const token = await signInForToken(baseUrl, USER);
    const [thing] = await listThings(baseUrl, token, await ownOrganizationId(baseUrl, token));
    if (!thing) throw new Error('no assets');

    // Every cable socket of the page goes through the tap, so the test can cut it and delay the reconnect.
    let current: TappedSocket | null = null;
    let confirmations = 0;
    let reconnectAllowed: Promise<void> = Promise.resolve();
    const page = await openTappedPage(`/dashboard/things/${thing.id}`, async (socket) => {
      await reconnectAllowed;
      socket.onServerFrame((frame) => {
        if (frame.includes('"confirm_subscription"')) confirmations += 1;
      });
      current = socket;
    });
    await typeCredentials(page, USER, DEMO_PASSWORD);
    await page.waitForFunction(
      (id) => document.querySelector('[data-testid="live-map"]')?.getAttribute('data-selected-id') === id,
      thing.id,
    );
    await until(() => confirmations === 1);
    const banner = page.getByTestId('connection-banner');
    expect(await banner.count()).toBe(0);
    if (!current) throw new Error('the dashboard opened no cable socket');
    const mapBefore = await page.getByTestId('live-map').boundingBox();

    let allowReconnect = () => {};
    reconnectAllowed = new Promise((resolve) => {
      allowReconnect = resolve;
    });
    await (current as TappedSocket).close();
    await banner.waitFor();
    expect(await banner.textContent()).toBe(
      "Looks like your connection is having trouble - we'll keep trying to get you back online or you can try to restart your browser.",
    );
    // The banner lies over the content: the map keeps its size (a resized WebGL canvas reallocates its buffers).
    expect(await page.getByTestId('live-map').boundingBox()).toEqual(mapBefore);
    // ...but not over the panel's title, which moves below it (issue 25).
    const bannerBox = await banner.boundingBox();
    await expect
      .poll(
        async () =>
          (await page.locator('.things-page__side').getByRole('heading').first().boundingBox())?.y ?? 0,
      )
      .toBeGreaterThanOrEqual((bannerBox?.y ?? 0) + (bannerBox?.height ?? 0) - 1);

    // Sent while the dashboard is away: only the history of the resumed stream can bring it (against a server without
    // the extended protocol, the catch-up fetch after resubscribing; tests/e2e/resumeStream.test.ts tells them apart).
    const target = {
      lat: Number((thing.lat - 0.0009).toFixed(6)),
      lng: Number((thing.lng + 0.0007).toFixed(6)),
    };
    await sendPoint(baseUrl, await signInForToken(baseUrl, STAFF), thing, target);
    allowReconnect();

    await waitForSelectedPosition(page, `${target.lat},${target.lng}`);
    await banner.waitFor({ state: 'detached' });
    expect(confirmations).toBe(2);
  });

  it('replaces the map with a WebGL notice when WebGL is off, and keeps the list', async () => {
    const noWebGl = await chromium.launch({
      executablePath: inject('chromiumPath'),
      args: [...CHROMIUM_ARGS, '--disable-webgl', '--disable-3d-apis'],
    });
    try {
      const page = await noWebGl.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`${baseUrl}/`);
      await typeCredentials(page, USER, DEMO_PASSWORD);
      await page.getByTestId('map-fallback').waitFor();
      await page.getByTestId('asset-count').waitFor();
      await page.getByRole('button', { name: 'How to enable WebGL' }).click();
      const dialog = page.getByRole('dialog', { name: 'Enable WebGL' });
      await dialog.waitFor();
      for (const browserName of ['Chrome', 'Firefox', 'Safari']) {
        expect(await dialog.getByText(browserName, { exact: true }).count()).toBe(1);
      }
    } finally {
      await noWebGl.close();
    }
  });

  it('keeps the same cable socket and picture when the session token is refreshed', async () => {
    const token = await signInForToken(baseUrl, USER);
    const [thing] = await listThings(baseUrl, token, await ownOrganizationId(baseUrl, token));
    if (!thing) throw new Error('no assets');

    // What happens on the wire once the cable is subscribed: nothing may open, close or load the picture again.
    let confirmations = 0;
    const afterSubscribed = { socketsOpened: 0, socketsClosed: 0, fullLoads: 0 };
    const page = await openTappedPage(
      `/dashboard/things/${thing.id}`,
      (socket) => {
        if (confirmations > 0) afterSubscribed.socketsOpened += 1;
        socket.onClose(() => {
          if (confirmations > 0) afterSubscribed.socketsClosed += 1;
        });
        socket.onServerFrame((frame) => {
          if (frame.includes('"confirm_subscription"')) confirmations += 1;
        });
      },
      async (page) => {
        // The sign-in answer says the token lives 15 s, so the session keeper refreshes it within seconds.
        await page.route('**/api/user_token', async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as Record<string, unknown>;
          const isPassword = route.request().postData()?.includes('"password"') ?? false;
          await route.fulfill({ response, json: isPassword ? { ...body, expires_in: 15 } : body });
        });
      },
    );
    const fullLoadsFrom = (start: number) =>
      (tap?.requests ?? [])
        .slice(start)
        .filter((url) => url.includes('/api/organization/things?') && !url.includes('last_updated_timestamp'))
        .length;
    await typeCredentials(page, USER, DEMO_PASSWORD);
    await page.waitForFunction(
      (id) => document.querySelector('[data-testid="live-map"]')?.getAttribute('data-selected-id') === id,
      thing.id,
    );
    await until(() => confirmations === 1);
    // The worker opens the cable and starts the first load together; either may reach the wire first.
    await until(() => fullLoadsFrom(0) > 0);
    /** Where the tap's request log stood once the cable was subscribed and the first load was on its way. */
    const requestsBeforeSubscribed = tap?.requests.length ?? 0;
    const signedIn = await page.evaluate(() => window.localStorage.getItem('fleetDashboard.token'));
    await page.waitForFunction(
      (before) => window.localStorage.getItem('fleetDashboard.token') !== before,
      signedIn,
    );

    // After the refresh the first socket still carries broadcasts: a point moves the selected marker.
    const target = {
      lat: Number((thing.lat + 0.0006).toFixed(6)),
      lng: Number((thing.lng - 0.0008).toFixed(6)),
    };
    await sendPoint(baseUrl, await signInForToken(baseUrl, STAFF), thing, target);
    await waitForSelectedPosition(page, `${target.lat},${target.lng}`);
    afterSubscribed.fullLoads = fullLoadsFrom(requestsBeforeSubscribed);
    expect(afterSubscribed).toEqual({ socketsOpened: 0, socketsClosed: 0, fullLoads: 0 });
    expect(confirmations).toBe(1);
    expect(await page.getByTestId('connection-banner').count()).toBe(0);
  });

  it('polls a large organization instead of streaming it, and its list still follows its devices', async () => {
    const token = await signInForToken(baseUrl, USER);
    const largeOrganizationId = await organizationIdByName(baseUrl, token, LARGE_ORGANIZATION);
    const fleet = await listThings(baseUrl, token, largeOrganizationId);

    const subscribed: string[] = [];
    const page = await openTappedPage('/', (socket) =>
      socket.onClientFrame((frame) => {
        if (frame.includes('"subscribe"')) subscribed.push(frame);
      }),
    );
    await typeCredentials(page, USER, DEMO_PASSWORD);
    await page.waitForURL(atPath('/dashboard/things'));
    await closeSupportDialog(page);
    await page.getByTestId('organization-name').click();
    await page.getByRole('button', { name: LARGE_ORGANIZATION }).click();
    await page
      .getByTestId('asset-count')
      .filter({ hasText: `${fleet.length} / ${fleet.length}` })
      .waitFor();

    // An in-service asset that is not already moving: its device now reports while driving.
    const rows = page.getByTestId('thing-row');
    let chosen: { id: string; index: number } | null = null;
    for (let index = 0; chosen === null && index < (await rows.count()); index += 1) {
      const row = rows.nth(index);
      const label = await row.getByTestId('thing-status').getAttribute('aria-label');
      const id = await row.getAttribute('data-thing-id');
      if (id && (label === 'Standby' || label === 'Stationary')) chosen = { id, index };
    }
    if (!chosen) throw new Error('no parked asset in the first rows');
    const thing = fleet.find((candidate) => candidate.id === chosen.id);
    if (!thing) throw new Error(`row ${chosen.id} is not an asset of ${LARGE_ORGANIZATION}`);
    await rows.nth(chosen.index).click();
    await page.waitForURL(atPath(`/dashboard/things/${thing.id}`));

    const target = {
      lat: Number((thing.lat + 0.0008).toFixed(6)),
      lng: Number((thing.lng + 0.0009).toFixed(6)),
    };
    await sendPoint(baseUrl, await signInForToken(baseUrl, STAFF), thing, target);
    // Nothing is streamed for this organization: only the 15 s poll can bring the new position and status.
    await waitForSelectedPosition(page, `${target.lat},${target.lng}`);
    await expect
      .poll(() => page.getByTestId('thing-detail').getByTestId('detail-status').textContent())
      .toBe('Active');
    expect(subscribed.some((frame) => frame.includes(largeOrganizationId))).toBe(false);
  });
});
