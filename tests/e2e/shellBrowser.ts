// Browser plumbing for the shell's tests: one headless Chromium, a fresh context per test at a desktop or a phone
// viewport, and sign-in typed like a person.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { DEMO_PASSWORD } from './simulatorApi.ts';
import { CHROMIUM_ARGS } from '#tests/helpers/chromium';

export type Viewport = 'desktop' | 'mobile';

export const VIEWPORTS: Record<Viewport, Parameters<Browser['newContext']>[0]> = {
  desktop: { viewport: { width: 1280, height: 800 } },
  mobile: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};

export type ShellBrowser = {
  open(viewport: Viewport, path?: string): Promise<Page>;
  closeContext(): Promise<void>;
  close(): Promise<void>;
};

export async function launchShellBrowser(): Promise<ShellBrowser> {
  const browser = await chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_ARGS });
  let context: BrowserContext | null = null;
  return {
    async open(viewport, path = '/') {
      context = await browser.newContext(VIEWPORTS[viewport]);
      const page = await context.newPage();
      await page.goto(`${inject('baseUrl')}${path}`);
      return page;
    },
    async closeContext() {
      await context?.close();
      context = null;
    },
    async close() {
      await browser.close();
    },
  };
}

export async function typeSignIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.waitForURL('**/welcome/signin**');
  await page.getByLabel('Email').pressSequentially(email, { delay: 10 });
  await page.getByLabel('Password', { exact: true }).pressSequentially(password, { delay: 10 });
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Waits until a condition in the test process holds (the test timeout bounds it). */
export async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
}

export type StoredSession = { accessToken: string; refreshToken: string | null; expiresAt: number };

export async function storedSession(page: Page): Promise<StoredSession | null> {
  const raw = await page.evaluate(() => window.localStorage.getItem('fleetDashboard.token'));
  return raw ? (JSON.parse(raw) as StoredSession) : null;
}
