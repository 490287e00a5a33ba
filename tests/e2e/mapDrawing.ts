// What the Areas and Zones browser tests share: the simulator's REST as a signed-in user, opening a section from
// the navigation after sign-in, moving the camera, closing a form's instructions, opening an item's edit form, and
// drawing on the map with the mouse as a person does (clicks at fractions of the map's size, terra-draw taking them once ready).
import type { Page } from 'playwright-core';
import { atPath, typeSignIn, type ShellBrowser } from './shellBrowser.ts';
import { allowing } from './testTimes.ts';

/** `fetch` on the simulator's API with a bearer token; throws on a failure, answers the JSON body. */
export function simulatorApi(baseUrl: string, token: () => string) {
  return async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token()}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/** Signs in on a desktop and opens a section from the navigation; waits for its list. */
export async function openSection(
  shell: ShellBrowser,
  email: string,
  section: 'Areas' | 'Zones',
): Promise<Page> {
  const page = await shell.open('desktop', '/');
  await typeSignIn(page, email);
  await page
    .getByTestId('support-dialog')
    .getByRole('button', { name: 'Close' })
    .click({ timeout: allowing(55_000) });
  await page.getByRole('link', { name: section }).first().click();
  await page.waitForURL(atPath(`/dashboard/${section.toLowerCase()}`));
  await page.getByTestId('section-list-count').waitFor();
  return page;
}

/** Moves the camera at once and waits for the frame that shows it. */
export async function jumpTo(page: Page, lng: number, lat: number, zoom: number): Promise<void> {
  await page.evaluate(
    ([x, y, z]) => window.__fleetMap?.jumpTo(x as number, y as number, z as number),
    [lng, lat, zoom],
  );
  await page.waitForFunction(() => window.__fleetMap?.drawnSinceChange() === true);
}

/** The form's instructions open by themselves on the map: close them so they cover nothing. */
export async function closeInstructions(page: Page): Promise<void> {
  const dialog = page.getByTestId('map-instructions');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();
}

/**
 * From an item's detail: Edit, the form's instructions put away, the camera at `centre` (zoom 17), and the editing
 * aid holding the saved shape (`kind`, `points` long) before the test touches it.
 */
export async function openEditForm(
  page: Page,
  centre: [number, number],
  kind: 'polygon' | 'path',
  points: number,
): Promise<void> {
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.waitForURL('**/edit');
  await closeInstructions(page);
  await jumpTo(page, ...centre, 17);
  await page.waitForFunction(
    ([expectedKind, expectedPoints]) => {
      const result = window.__fleetMap?.edited();
      return result?.kind === expectedKind && result.ready && result.points.length === expectedPoints;
    },
    [kind, points] as const,
  );
}

/** A point of the map at fractions of its width and height, in page pixels. */
export async function mapPoint(page: Page, [fx, fy]: [number, number]): Promise<{ x: number; y: number }> {
  const map = await page.getByTestId('live-map').boundingBox();
  if (!map) throw new Error('no map');
  return { x: map.x + map.width * fx, y: map.y + map.height * fy };
}

/**
 * Draws a shape with the mouse: a click at each point (fractions of the map's size), then the click that ends it —
 * the first corner again for a polygon, the last point again for a path.
 */
export async function drawShape(
  page: Page,
  kind: 'polygon' | 'path',
  points: [number, number][],
): Promise<void> {
  await page.waitForFunction((expected) => {
    const result = window.__fleetMap?.edited();
    return result?.kind === expected && result.ready;
  }, kind);
  const closing = kind === 'polygon' ? points[0] : points[points.length - 1];
  for (const point of [...points, closing ?? [0, 0]]) {
    const { x, y } = await mapPoint(page, point);
    await page.mouse.move(x, y, { steps: 2 });
    await page.mouse.click(x, y);
  }
}

/** Drags with the mouse from a point of the map (fractions of its size) by some pixels. */
export async function dragOnMap(page: Page, from: [number, number], dx: number, dy: number): Promise<void> {
  const start = await mapPoint(page, from);
  await page.mouse.move(start.x, start.y, { steps: 2 });
  await page.mouse.down();
  await page.mouse.move(start.x + dx, start.y + dy, { steps: 6 });
  await page.mouse.up();
}
