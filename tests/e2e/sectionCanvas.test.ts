// The map's canvas across sections (client/map/canvasSizing.ts; issue 25, the section switch under 500 ms): a
// section that gives the map a little less room keeps the canvas instead of resizing it (the costliest part of a
// switch), and the map still reads as the part the user sees — a centred position is drawn in the middle of the
// shown map, the Add gate and Show all read that part, and the map's attribution stays in view.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { atPath, closeSupportDialog, shellBrowserForFile, openSignedIn } from './shellBrowser.ts';
import { allowing } from './testTimes.ts';

const shell = shellBrowserForFile();
const TEST_TIMEOUT = allowing(150_000);

type Box = { x: number; y: number; width: number; height: number };

async function box(page: Page, testId: string): Promise<Box> {
  const found = await page.getByTestId('map-slot').getByTestId(testId).boundingBox();
  if (!found) throw new Error(`${testId} is not laid out`);
  return found;
}

const canvasWidth = (page: Page) =>
  page.evaluate(
    () => document.querySelector<HTMLCanvasElement>('[data-testid="live-map"] canvas')?.width ?? 0,
  );

describe('the map canvas across sections', { timeout: TEST_TIMEOUT }, () => {
  it('is kept from Live to Closures, centring in the part shown, with the attribution in view', async () => {
    const signedIn = await openSignedIn(shell, 'user@demo.test', {
      options: { viewport: { width: 1440, height: 900 } },
    });
    await closeSupportDialog(signedIn);
    await expect
      .poll(() => signedIn.evaluate(() => window.__fleetMap?.markersOnScreen().length ?? 0), {
        timeout: allowing(60_000),
      })
      .toBeGreaterThan(0);
    const liveSurface = await box(signedIn, 'map-surface');
    await expect.poll(() => canvasWidth(signedIn)).toBeGreaterThan(0);
    const liveCanvas = await canvasWidth(signedIn);

    await signedIn
      .getByRole('navigation')
      .getByRole('link', { name: /^Closures$/ })
      .first()
      .click();
    await signedIn.waitForURL(atPath('/dashboard/closures'));
    const closuresSurface = await box(signedIn, 'map-surface');
    // Closures' panel is wider than the Live list: the map shows less of the same canvas.
    expect(closuresSurface.width).toBeLessThan(liveSurface.width);
    expect(await canvasWidth(signedIn)).toBe(liveCanvas);

    // A position the camera centres on is drawn in the middle of the map as shown.
    const centre: [number, number] = [-87.6298, 41.8781];
    await signedIn.evaluate(([lng, lat]) => window.__fleetMap?.jumpTo(lng, lat, 15), centre);
    const [x, y] = await signedIn.evaluate(
      ([lng, lat]) => window.__fleetMap?.project(lng, lat) ?? [0, 0],
      centre,
    );
    expect(Math.abs(x - closuresSurface.width / 2)).toBeLessThan(2);
    expect(Math.abs(y - closuresSurface.height / 2)).toBeLessThan(2);

    // The basemap's attribution stays inside the shown map.
    const attribution = await signedIn.locator('.maplibregl-ctrl-attrib').boundingBox();
    expect(attribution).not.toBeNull();
    if (attribution) {
      expect(attribution.x + attribution.width).toBeLessThanOrEqual(
        closuresSurface.x + closuresSurface.width + 1,
      );
    }
  });
});
