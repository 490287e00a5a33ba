// What the shared map's browser tests share: signing in to the things screen until its markers are drawn, switching
// organization, picking and clicking where a position is drawn, the camera's zoom, the simulator's REST with a token,
// and the colours of the screen's pixels around a point. `mapSurfaceBrowserForFile()` is called once at the top of a
// test file: it opens the file's browser.
import type { Page } from 'playwright-core';
import { simulatorUrl } from './simulator.ts';
import { atPath, shellBrowserForFile, type ContextOptions } from './shellBrowser.ts';
import { DEMO_PASSWORD } from './simulatorApi.ts';
import { allowing } from './testTimes.ts';

export const USER = 'user@demo.test';
export const RESPONDERS = 'Chicago Metro Responders';
export const ROAD_WORKS = 'Lakeshore Road Works';

export function mapSurfaceBrowserForFile() {
  const baseUrl = simulatorUrl();
  const shell = shellBrowserForFile();

  /** Signs in as a person would and waits for the things screen's map to hold its markers. */
  async function openMap(
    options: ContextOptions = {},
    before?: (page: Page) => Promise<void>,
  ): Promise<Page> {
    const page = await shell.newPage('desktop', options);
    await before?.(page);
    await page.goto(`${baseUrl}/`);
    await page.waitForURL('**/welcome/signin');
    await page.getByLabel('Email').pressSequentially(USER, { delay: 5 });
    await page.getByLabel('Password', { exact: true }).pressSequentially(DEMO_PASSWORD, { delay: 5 });
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The dashboard shows once the sign-in answered (a memory-hard hash: slow on a busy machine).
    await page
      .getByTestId('support-dialog')
      .getByRole('button', { name: 'Close' })
      .click({ timeout: allowing(55_000) });
    await page.waitForURL(atPath('/dashboard/things'));
    // Drawn, not only given: the drawn set follows the given one a frame later.
    await page.waitForFunction(() => (window.__fleetMap?.markersOnScreen().length ?? 0) > 0);
    return page;
  }

  async function api<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
    const response = await fetch(`${baseUrl}/api${path}`, {
      ...init,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...init.headers },
    });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  return { baseUrl, openMap, api };
}

export async function switchOrganization(page: Page, name: string): Promise<void> {
  await page.getByTestId('organization-name').click();
  await page.getByRole('button', { name }).click();
  await page.getByTestId('organization-name').filter({ hasText: name }).waitFor();
}

export async function layersPickedAt(page: Page, lng: number, lat: number): Promise<string[]> {
  const picked = await page.evaluate(
    ([x, y]) => window.__fleetMap?.pickAt(x as number, y as number) ?? [],
    [lng, lat],
  );
  return picked.map((entry) => entry.layer);
}

/** Clicks the map where a position is drawn. */
export async function clickAt(page: Page, [lng, lat]: [number, number]): Promise<void> {
  const point = await page.evaluate(
    ([x, y]) => window.__fleetMap?.project(x as number, y as number),
    [lng, lat],
  );
  const box = await page.getByTestId('live-map').boundingBox();
  if (!point || !box) throw new Error('no map');
  await page.mouse.click(box.x + point[0], box.y + point[1]);
}

export function mapCentre(page: Page) {
  return page.evaluate(() => {
    const hook = window.__fleetMap;
    return hook ? { zoom: hook.zoom() } : null;
  });
}
/** The colours of the screen's pixels at offsets from a point of the map, read from a screenshot. */
export async function pixelsAround(
  page: Page,
  [x, y]: [number, number],
  offsets: readonly [number, number][],
): Promise<[number, number, number][]> {
  const box = await page.getByTestId('live-map').boundingBox();
  if (!box) throw new Error('no map');
  const half = 24;
  const clip = { x: box.x + x - half, y: box.y + y - half, width: half * 2, height: half * 2 };
  const png = (await page.screenshot({ clip })).toString('base64');
  return page.evaluate(
    async ([source, points, centre]) => {
      const image = new Image();
      image.src = `data:image/png;base64,${source}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.drawImage(image, 0, 0);
      return points.map(([dx, dy]) => {
        const [r, g, b] = context.getImageData(Math.round(centre + dx), Math.round(centre + dy), 1, 1).data;
        return [r ?? 0, g ?? 0, b ?? 0] as [number, number, number];
      });
    },
    [png, offsets, half] as const,
  );
}

export const near = (a: readonly number[], b: readonly number[]) =>
  a.every((value, index) => Math.abs(value - (b[index] ?? 0)) <= 40);

export function hexColour(hex: string): [number, number, number] {
  return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)) as [number, number, number];
}
