// Issue 6 in a real browser at a desktop and a phone viewport: sign-in landing, gates and their pages, the chrome
// (navigation, organization picker and dropdown, avatar menu, tabs, support dialog), organization switching, and
// the session (refresh before expiry, "Session Expired", sign-out).
import { chromium, type Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { simulatorUrl } from './simulator.ts';
import {
  atPath,
  shellBrowserForFile,
  storedSession,
  typeSignIn,
  until,
  VIEWPORTS,
  signIn,
  openSignedIn,
  dismissSupportDialog,
} from './shellBrowser.ts';
import { listThings, sendPoint, signInForToken, organizationIdByName } from './simulatorApi.ts';
import { CHROMIUM_ARGS } from '#tests/helpers/chromium';

const baseUrl = simulatorUrl();
const RESPONDERS = 'Chicago Metro Responders';
const COORDINATION = 'Cook County Coordination Center';

const shell = shellBrowserForFile();

async function assetCountIs(page: Page, total: number) {
  await page
    .getByTestId('asset-count')
    .filter({ hasText: `${total} / ${total}` })
    .waitFor();
}

describe('desktop', () => {
  it('signs in to the first section, with navigation filtered by permission and the support dialog', async () => {
    const page = await signIn(shell, 'user@demo.test');
    const support = page.getByTestId('support-dialog');
    await support.getByText('How do I add users?').waitFor();
    expect(page.url()).toContain('support=open');
    await dismissSupportDialog(page);
    expect(page.url()).not.toContain('support=open');

    const nav = page.getByRole('navigation', { name: 'Sections' });
    const links = await nav.getByRole('link').allTextContents();
    // A User has no engineering permission, so no R2R; everything else of the section list is open.
    expect(links).toEqual(expect.arrayContaining(['Live', 'Areas', 'Closures', 'Zones', 'Trips', 'Hazards']));
    expect(links).not.toContain('R2R');
    await page.getByRole('link', { name: 'Data' }).click();
    await page.waitForURL(atPath('/dashboard/data/reports/monthly'));
    await page.getByRole('heading', { name: 'Monthly Reports' }).waitFor();

    await page.getByLabel('Account menu').click();
    await page.getByRole('link', { name: 'Profile & Preferences' }).click();
    await page.waitForURL(atPath('/dashboard/accounts/profile'));
    await page.getByTestId('accounts').getByRole('heading', { name: 'My Profile' }).waitFor();

    // Reload keeps the session, and "Don't show again" keeps the dialog shut.
    await page.reload();
    await page.getByTestId('accounts').waitFor();
    expect(await page.getByTestId('support-dialog').isVisible()).toBe(false);
  });

  it('shows the unauthorised page and returns to an allowed remembered path after sign-in', async () => {
    const page = await signIn(shell, 'media@demo.test', { path: '/dashboard/closures' });
    await dismissSupportDialog(page);
    await page.getByRole('heading', { name: 'Closures' }).waitFor();

    await page.goto(`${baseUrl}/dashboard/accounts/users`);
    await page.getByText('Sorry, you are not currently authorized to access this page.').waitFor();
    await page.getByRole('button', { name: 'Go to the main page' }).click();
    await page.waitForURL(atPath('/dashboard/things'));

    // A media user may not open trips: the remembered path is dropped and the first section is used.
    await page.getByLabel('Account menu').click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/welcome/signin');
    expect(await storedSession(page)).toBeNull();
    await page.goto(`${baseUrl}/dashboard/trips`);
    await typeSignIn(page, 'media@demo.test');
    await page.waitForURL(atPath('/dashboard/things'));
  });

  it('switches organization: new live picture, search cleared, picker hint', async () => {
    const token = await signInForToken(baseUrl, 'user@demo.test');
    const responders = await listThings(
      baseUrl,
      token,
      await organizationIdByName(baseUrl, token, RESPONDERS),
    );
    const own = await listThings(baseUrl, token, await organizationIdByName(baseUrl, token, COORDINATION));
    expect(responders.length).not.toBe(own.length);

    const page = await openSignedIn(shell, 'user@demo.test');
    await dismissSupportDialog(page);
    await assetCountIs(page, own.length);
    await page.getByPlaceholder('Search for an asset...').fill('zzz-nothing');
    await page
      .getByTestId('asset-count')
      .filter({ hasText: `0 / ${own.length}` })
      .waitFor();

    await page.getByTestId('organization-name').click();
    await page.getByText('Switch to another managed organization').waitFor();
    await page.getByRole('button', { name: RESPONDERS }).click();
    await expect.poll(() => page.getByTestId('organization-name').textContent()).toBe(RESPONDERS);
    await assetCountIs(page, responders.length);
    expect(await page.getByPlaceholder('Search for an asset...').inputValue()).toBe('');

    // The cable now carries the responders: a point from one of their devices moves its marker.
    const firstRow = page.getByTestId('thing-row').first();
    const thingId = await firstRow.getAttribute('data-thing-id');
    const moved = responders.find((candidate) => candidate.id === thingId);
    if (!moved) throw new Error(`first row ${String(thingId)} is not a responders asset`);
    await firstRow.click();
    await page.waitForURL(atPath(`/dashboard/things/${moved.id}`));
    const target = {
      lat: Number((moved.lat + 0.0012).toFixed(6)),
      lng: Number((moved.lng - 0.001).toFixed(6)),
    };
    await sendPoint(baseUrl, await signInForToken(baseUrl, 'staff@demo.test'), moved, target);
    await page.waitForFunction(
      (expected) =>
        document.querySelector('[data-testid="live-map"]')?.getAttribute('data-selected-position') ===
        expected,
      `${target.lat},${target.lng}`,
    );
  });

  it('warns after 4 hours without activity, keeps the session on Stay Signed In, then signs out', async () => {
    const page = await openSignedIn(shell, 'orgadmin@demo.test');
    // A token that outlives the test's fake hours, so only inactivity can end this session.
    await page.evaluate(
      (expiresAt) => {
        const raw = window.localStorage.getItem('fleetDashboard.token') ?? '{}';
        window.localStorage.setItem(
          'fleetDashboard.token',
          JSON.stringify({ ...JSON.parse(raw), expiresAt }),
        );
        window.localStorage.setItem('fleetDashboard.hideSupport', 'yes');
      },
      Date.now() + 30 * 3_600_000,
    );
    await page.clock.install();
    await page.reload();
    await page.getByTestId('dashboard').waitFor();

    await page.clock.fastForward('04:00:01');
    const warning = page.getByTestId('inactivity-warning');
    await warning.getByText('Session has been inactive too long').waitFor();
    await warning.getByRole('button', { name: 'Stay Signed In' }).click();
    await warning.waitFor({ state: 'hidden' });

    await page.clock.fastForward('04:00:01');
    await warning.waitFor();
    await page.clock.fastForward('00:00:11');
    await page.getByTestId('session-notice').getByText('Session Expired - Activity').waitFor();
    await page.clock.fastForward('00:00:04');
    await page.waitForURL('**/welcome/signin');
    expect(await storedSession(page)).toBeNull();
  });

  it('keeps a situational-awareness session past 4 idle hours', async () => {
    const page = await openSignedIn(shell, 'admin@demo.test');
    await page.evaluate(
      (expiresAt) => {
        const raw = window.localStorage.getItem('fleetDashboard.token') ?? '{}';
        window.localStorage.setItem(
          'fleetDashboard.token',
          JSON.stringify({ ...JSON.parse(raw), expiresAt }),
        );
        window.localStorage.setItem('fleetDashboard.hideSupport', 'yes');
      },
      Date.now() + 30 * 3_600_000,
    );
    await page.clock.install();
    await page.reload();
    await page.getByLabel('Account menu').click();
    // The coordination center offers the infinite timeout option, so its users see the switch.
    await page.getByLabel('Situational awareness mode (stay signed in)').check();
    await page.getByLabel('Account menu').click();

    await page.clock.fastForward('05:00:00');
    await page.clock.fastForward('00:00:15');
    await page.getByTestId('dashboard').waitFor();
    expect(await page.getByTestId('inactivity-warning').count()).toBe(0);
    expect(page.url()).toContain('/dashboard/things');
  });

  it('shows the not-found page for an unknown dashboard path', async () => {
    const page = await openSignedIn(shell, 'orgadmin@demo.test');
    await page.goto(`${baseUrl}/dashboard/things/a/b/c`);
    await page.getByText('Sorry, the requested URL was not found here.').waitFor();
  });
});

describe('mobile', () => {
  it('shows the top bar, the organization dropdown with search, and desktop-only pages', async () => {
    const page = await signIn(shell, 'user@demo.test', { viewport: 'mobile' });
    await dismissSupportDialog(page);

    const tabs = page.getByRole('navigation', { name: 'Sections' });
    expect(await tabs.getByRole('button').allTextContents()).toEqual(
      expect.arrayContaining(['Live', 'Areas', 'Closures']),
    );
    expect(await tabs.getByRole('button').count()).toBe(4);

    await page.getByTestId('organization-name').click();
    await page.getByRole('heading', { name: 'Organizations (4)' }).waitFor();
    expect(await page.getByRole('button', { name: `Select ${COORDINATION}` }).isDisabled()).toBe(true);
    await page.getByPlaceholder('Search for an organization...').pressSequentially('road', { delay: 10 });
    await page.getByRole('heading', { name: 'displaying 1/4' }).waitFor();
    await page.getByRole('button', { name: 'Select Lakeshore Road Works' }).click();
    await expect
      .poll(() => page.getByTestId('organization-name').textContent())
      .toContain('Lakeshore Road Works');

    await page.goto(`${baseUrl}/dashboard/zones`);
    await page.getByText("This page isn't available on mobile devices.").waitFor();

    await page.getByRole('button', { name: 'Go to the main page' }).click();
    await page.getByTestId('organization-name').click();
    await page.getByRole('region', { name: 'Profile' }).getByText('user@demo.test').waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/welcome/signin');
    expect(await storedSession(page)).toBeNull();
  });

  it('toggles the drawer with the active tab and reopens the last item of a section', async () => {
    const page = await openSignedIn(shell, 'orgadmin@demo.test', { viewport: 'mobile' });
    await dismissSupportDialog(page);

    const firstRow = page.getByTestId('thing-row').first();
    const thingId = await firstRow.getAttribute('data-thing-id');
    await firstRow.click();
    await page.waitForURL(atPath(`/dashboard/things/${thingId}`));

    const tabs = page.getByRole('navigation', { name: 'Sections' });
    // The drawer holds the selected asset's detail; the active tab closes and opens it.
    await page.getByTestId('thing-detail').waitFor();
    await tabs.getByRole('button', { name: 'Live' }).click();
    await page.getByTestId('thing-detail').waitFor({ state: 'hidden' });
    await tabs.getByRole('button', { name: 'Live' }).click();
    await page.getByTestId('thing-detail').waitFor();

    await tabs.getByRole('button', { name: 'Closures' }).click();
    await page.waitForURL(atPath('/dashboard/closures'));
    await tabs.getByRole('button', { name: 'Live' }).click();
    await page.waitForURL(atPath(`/dashboard/things/${thingId}`));
  });
});

describe('mobile without WebGL', () => {
  it('replaces the map with the notice and the three-browser help dialog', async () => {
    const noWebGl = await chromium.launch({
      executablePath: inject('chromiumPath'),
      args: [...CHROMIUM_ARGS, '--disable-webgl', '--disable-3d-apis'],
    });
    try {
      const context = await noWebGl.newContext(VIEWPORTS.mobile);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/`);
      await typeSignIn(page, 'media@demo.test');
      await dismissSupportDialog(page);
      await page.getByTestId('map-fallback').waitFor();
      await page.getByRole('button', { name: 'How to enable WebGL' }).click();
      const dialog = page.getByRole('dialog', { name: 'Enable WebGL' });
      for (const browserName of ['Chrome', 'Firefox', 'Safari']) {
        await dialog.getByText(browserName, { exact: true }).waitFor();
      }
    } finally {
      await noWebGl.close();
    }
  });
});

describe.each(['desktop', 'mobile'] as const)('session on %s', (viewport) => {
  it('refreshes the token before it expires, and says "Session Expired" when refresh fails', async () => {
    const page = await openSignedIn(shell, 'admin@demo.test', { viewport });
    const first = await storedSession(page);
    if (!first) throw new Error('no stored session after sign-in');

    // Pretend the token has 12 s left: the keeper must swap it for a new one about 10 s before that.
    await page.evaluate((expiresAt) => {
      const raw = window.localStorage.getItem('fleetDashboard.token') ?? '{}';
      window.localStorage.setItem('fleetDashboard.token', JSON.stringify({ ...JSON.parse(raw), expiresAt }));
    }, Date.now() + 12_000);
    await page.reload();
    await until(async () => (await storedSession(page))?.accessToken !== first.accessToken);
    const refreshed = await storedSession(page);
    expect(refreshed?.expiresAt).toBeGreaterThan(Date.now() + 3_600_000);
    await page.getByTestId('dashboard').waitFor();

    // Now a refresh token the provider does not know: the refresh fails, the notice shows, the user is out.
    await page.evaluate((expiresAt) => {
      const raw = window.localStorage.getItem('fleetDashboard.token') ?? '{}';
      const stored = { ...JSON.parse(raw), expiresAt, refreshToken: 'no-such-refresh-token' };
      window.localStorage.setItem('fleetDashboard.token', JSON.stringify(stored));
    }, Date.now() + 12_000);
    await page.reload();
    const notice = page.getByTestId('session-notice');
    await notice.getByText('Session Expired').waitFor();
    await notice.getByText('Please log in to Dashboard again').waitFor();
    await page.waitForURL('**/welcome/signin');
    expect(await storedSession(page)).toBeNull();
  });

  it('tells a user whose organization changed since the token was stored to log back in', async () => {
    const page = await openSignedIn(shell, 'media@demo.test', { viewport });
    await page.getByTestId('dashboard').waitFor();
    // The stored token says it was issued under another organization than the profile now names.
    await page.evaluate(() => {
      const raw = window.localStorage.getItem('fleetDashboard.token') ?? '{}';
      const stored = { ...JSON.parse(raw), organizationId: 'another-organization' };
      window.localStorage.setItem('fleetDashboard.token', JSON.stringify(stored));
    });
    await page.reload();
    await page
      .getByTestId('session-notice')
      .getByText('Invalid Credentials: Organization was changed, please log back in.')
      .waitFor();
    await page.waitForURL('**/welcome/signin');
    expect(await storedSession(page)).toBeNull();
  });
});
