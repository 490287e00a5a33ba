// Issue 24 in a real browser: the dashboard runs under the Content-Security-Policy the simulator sends (helmet,
// sim-server/plugins/securityHeadersPlugin.ts). Signs in, waits for the map to draw its markers (WebGL, MapLibre's
// blob: workers, the live worker), opens a few screens, and fails on any violation the page reports, as a
// `securitypolicyviolation` event or a console message.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { simulatorUrl } from './simulator.ts';
import { atPath, dismissSupportDialog, shellBrowserForFile, typeSignIn } from './shellBrowser.ts';

const baseUrl = simulatorUrl();
const shell = shellBrowserForFile();

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** A page that records every CSP violation from its first script on, in page and console alike. */
async function watchedPage(): Promise<{ page: Page; violations: () => Promise<string[]> }> {
  const page = await shell.newPage('desktop');
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text()))
      fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.effectiveDirective} blocked ${event.blockedURI}`);
    });
  });
  return {
    page,
    violations: async () => [...(await page.evaluate(() => window.__cspViolations ?? [])), ...fromConsole],
  };
}

describe('Content-Security-Policy', () => {
  it('is sent with the dashboard, which runs under it: sign-in, the map and its workers, other screens', async () => {
    const { page, violations } = await watchedPage();
    const response = await page.goto(`${baseUrl}/`);
    const policy = (await response?.allHeaders())?.['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("script-src 'self'");

    await typeSignIn(page, 'user@demo.test');
    await page.waitForURL(atPath('/dashboard/things'));
    await dismissSupportDialog(page);
    // Drawn, not only given: markers on screen mean WebGL, the MapLibre workers and the live worker all ran.
    await page.waitForFunction(() => (window.__fleetMap?.markersOnScreen().length ?? 0) > 0);
    expect(await violations()).toEqual([]);

    const sections = page.getByRole('navigation', { name: 'Sections' });
    for (const [name, path] of [
      ['Areas', '/dashboard/areas'],
      ['Closures', '/dashboard/closures'],
      ['Zones', '/dashboard/zones'],
    ] as const) {
      await sections.getByRole('button', { name }).or(sections.getByRole('link', { name })).first().click();
      await page.waitForURL(`**${path}**`);
      await page.waitForFunction(() => (window.__fleetMap?.markersOnScreen().length ?? 0) >= 0);
    }
    await page.getByRole('link', { name: 'Data' }).click();
    await page.getByRole('heading', { name: 'Monthly Reports' }).waitFor();
    await page.getByLabel('Account menu').click();
    await page.getByRole('link', { name: 'Profile & Preferences' }).click();
    await page.getByTestId('accounts').getByRole('heading', { name: 'My Profile' }).waitFor();
    // A reload on a deep link is served the same policy and runs under it.
    await page.reload();
    await page.getByTestId('accounts').waitFor();
    expect(await violations()).toEqual([]);
  });

  it('reports a violation when one happens, so the test above cannot pass vacuously', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(`${baseUrl}/welcome/signin`);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.src = 'https://evil.example.net/x.js';
      document.head.append(script);
    });
    await expect
      .poll(violations)
      .toEqual(expect.arrayContaining([expect.stringContaining('evil.example.net')]));
  });
});
