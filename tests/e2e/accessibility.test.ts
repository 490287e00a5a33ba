// Every screen a provider staff member can open, signed out and in, on a desktop and a phone, in the light and the
// night theme (the system's setting, which the dashboard follows by default), has no serious or critical WCAG 2.1 AA
// violation that axe-core can see (issue 26). The support dialog a first visit opens is
// checked too; what axe cannot see (keyboard paths, announcements) is tested where each screen is.
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { simulatorUrl } from './simulator.ts';
import { openSignedIn, shellBrowserForFile, type Viewport } from './shellBrowser.ts';
import { allowing } from './testTimes.ts';

const shell = shellBrowserForFile();
const STAFF = 'staff@demo.test';

const SCREENS: Record<Viewport, string[]> = {
  desktop: [
    'things',
    'events',
    'areas',
    'closures',
    'zones',
    'trips',
    'hazards',
    'r2r',
    'sharing',
    'accounts/profile',
    'accounts/users',
    'accounts/preferences',
    'data/exports',
    'data/reports',
    'alarms',
  ],
  mobile: ['things', 'events', 'closures', 'alarms', 'accounts/profile'],
};

const CASES = [
  ['desktop', 'light'],
  ['mobile', 'light'],
  ['desktop', 'dark'],
  ['mobile', 'dark'],
] as const;

describe.each(CASES)('axe-core on every screen (%s, %s theme)', (viewport, colorScheme) => {
  const open = async (path: string) => {
    const page = await shell.newPage(viewport, { colorScheme });
    await page.goto(`${simulatorUrl()}${path}`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
    return page;
  };

  it('finds no serious violation on the welcome screens', async () => {
    const page = await open('/welcome/signin');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${simulatorUrl()}/welcome/forgot`);
    await page.getByRole('heading').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it(
    'finds no serious violation on the support dialog and the signed-in screens',
    async () => {
      const page = await openSignedIn(shell, STAFF, { viewport, options: { colorScheme } });
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
      const support = page.getByTestId('support-dialog');
      await support.waitFor();
      expect(await seriousViolations(page), 'support dialog').toEqual([]);
      await support.getByRole('button', { name: 'Close' }).click();
      for (const screen of SCREENS[viewport]) {
        // In-app navigation, as a link does (wouter follows history.pushState): one signed-in page for all screens,
        // rather than a reload, a new worker and a session restore for each.
        await page.evaluate((path) => history.pushState(null, '', path), `/dashboard/${screen}`);
        await page.waitForURL(`**/dashboard/${screen}**`);
        await page.getByTestId('dashboard').waitFor();
        await page.getByTestId('screen-loading').waitFor({ state: 'detached' });
        expect(await seriousViolations(page), screen).toEqual([]);
      }
    },
    allowing(120_000),
  );
});

describe('landmarks and titles', () => {
  it('skips the navigation to the section, the one main landmark, and names the section in the title', async () => {
    const page = await openSignedIn(shell, STAFF, { path: '/dashboard/closures' });
    // A first visit offers support in a band above the section; closed, the page is as any later visit finds it.
    const support = page.getByTestId('support-dialog');
    await support.waitFor();
    await support.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('screen-loading').waitFor({ state: 'detached' });
    await expect.poll(() => page.title()).toBe('Closures — Fleet Ops');
    expect(await page.getByRole('main').count()).toBe(1);

    // The first Tab on a page the user arrives at reaches the skip link. The title names the section while the
    // profile still loads ("Loading…", nothing to focus), so the Tab waits for the section the user came for.
    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    await page.getByTestId('screen-loading').waitFor({ state: 'detached' });
    await expect.poll(() => page.title()).toBe('Closures — Fleet Ops');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect.poll(() => skip.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    await page.evaluate(() => history.pushState(null, '', '/dashboard/zones'));
    await expect.poll(() => page.title()).toBe('Zones — Fleet Ops');
  });
});

describe('focus and motion', () => {
  it('rings what the keyboard reaches, and stops the locate pulse for reduced motion', async () => {
    const page = await shell.newPage('desktop', { reducedMotion: 'reduce' });
    await page.goto(`${simulatorUrl()}/welcome/signin`);
    await page.getByLabel('Email').waitFor();
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || focused === document.body) return null;
      const style = getComputedStyle(focused);
      return { style: style.outlineStyle, width: style.outlineWidth };
    });
    expect(ring).toEqual({ style: 'solid', width: '3px' });

    const pulse = await page.evaluate(() => {
      const marker = document.createElement('div');
      marker.className = 'map-locate-marker';
      document.body.append(marker);
      const name = getComputedStyle(marker, '::after').animationName;
      marker.remove();
      return name;
    });
    expect(pulse).toBe('none');
  });
});
