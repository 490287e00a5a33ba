// The map's editing aids in a real browser (live §2 "Shared map behaviour"): the location marker dragged inside its
// circle and turned, and a polygon drawn with terra-draw and its corners edited.
import { describe, expect, it } from 'vitest';
import { jumpTo } from './mapDrawing.ts';
import { mapSurfaceBrowserForFile } from './mapSurfaceBrowser.ts';

const { openMap } = mapSurfaceBrowserForFile();

describe('editing aids', () => {
  it('drags the location marker inside its 100 m circle only, and turns its heading', async () => {
    const page = await openMap();
    const start: [number, number] = [-87.6167, 41.8623];
    await jumpTo(page, ...start, 17);
    await page.evaluate((at) => window.__fleetMap?.edit({ kind: 'location', start: at, heading: 0 }), start);
    const marker = page.getByTestId('location-marker');
    await marker.waitFor();
    const box = await marker.boundingBox();
    if (!box) throw new Error('no marker');
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

    // 30 px east at zoom 17 is well inside 100 m; 600 px north is far outside and stops at the edge.
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + 30, centre.y, { steps: 3 });
    await page.mouse.up();
    const moved = await page.evaluate(() => window.__fleetMap?.edited());
    if (moved?.kind !== 'location') throw new Error('no location result');
    expect(moved.position[0]).toBeGreaterThan(start[0]);

    await page.mouse.move(centre.x + 30, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + 30, centre.y - 600, { steps: 5 });
    await page.mouse.up();
    const edge = await page.evaluate(() => window.__fleetMap?.edited());
    if (edge?.kind !== 'location') throw new Error('no location result');
    const metres = Math.hypot(
      (edge.position[1] - start[1]) * 111_320,
      (edge.position[0] - start[0]) * 111_320 * Math.cos((start[1] * Math.PI) / 180),
    );
    expect(metres).toBeGreaterThan(95);
    expect(metres).toBeLessThanOrEqual(100);

    // The arrow's handle turns the heading: dragged to the marker's east, it reads about 90°.
    const handle = await page.getByTestId('heading-handle').boundingBox();
    const markerNow = await marker.boundingBox();
    if (!handle || !markerNow) throw new Error('no handle');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(markerNow.x + markerNow.width / 2 + 80, markerNow.y + markerNow.height / 2, {
      steps: 4,
    });
    await page.mouse.up();
    const turned = await page.evaluate(() => window.__fleetMap?.edited());
    if (turned?.kind !== 'location') throw new Error('no location result');
    expect(turned.heading).toBeGreaterThanOrEqual(85);
    expect(turned.heading).toBeLessThanOrEqual(95);
  });

  it('draws a polygon with terra-draw and edits its corners', async () => {
    const page = await openMap();
    await jumpTo(page, -87.6167, 41.8623, 17);
    await page.evaluate(() => window.__fleetMap?.edit({ kind: 'polygon', points: [] }));
    const map = await page.getByTestId('live-map').boundingBox();
    if (!map) throw new Error('no map');
    const corners: [number, number][] = [
      [500, 300],
      [700, 300],
      [700, 500],
      [500, 500],
    ];
    // terra-draw waits for its adapter to be ready; each click adds a corner, the first corner again closes.
    await page.waitForFunction(() => {
      const result = window.__fleetMap?.edited();
      return result?.kind === 'polygon' && result.ready;
    });
    for (const [x, y] of [...corners, corners[0] ?? [0, 0]]) {
      await page.mouse.move(map.x + x, map.y + y, { steps: 2 });
      await page.mouse.click(map.x + x, map.y + y);
    }
    await page.waitForFunction(() => {
      const result = window.__fleetMap?.edited();
      return result?.kind === 'polygon' && result.points.length === 4;
    });
    const drawn = await page.evaluate(() => window.__fleetMap?.edited());
    if (drawn?.kind !== 'polygon') throw new Error('no polygon');
    const expected = await page.evaluate(
      (points) => points.map(([x, y]) => window.__fleetMap?.unproject(x, y)),
      corners,
    );
    // terra-draw may wind the ring either way: every clicked corner is one of the polygon's corners.
    const near = (a: readonly number[] | undefined, b: readonly number[] | undefined) =>
      Math.abs((a?.[0] ?? 0) - (b?.[0] ?? 1)) < 2e-5 && Math.abs((a?.[1] ?? 0) - (b?.[1] ?? 1)) < 2e-5;
    for (const corner of expected) expect(drawn.points.some((point) => near(point, corner))).toBe(true);

    // Editing a given shape: drag its first corner 60 px right.
    await page.evaluate(() => window.__fleetMap?.edit(null));
    await page.evaluate((points) => window.__fleetMap?.edit({ kind: 'polygon', points }), drawn.points);
    await page.waitForFunction(() => {
      const result = window.__fleetMap?.edited();
      return result?.kind === 'polygon' && result.ready;
    });
    const [x0, y0] = corners[0] ?? [0, 0];
    await page.mouse.move(map.x + x0, map.y + y0, { steps: 2 });
    await page.mouse.down();
    await page.mouse.move(map.x + x0 + 60, map.y + y0, { steps: 6 });
    await page.mouse.up();
    // The dragged corner left its place for one about 60 px east; the polygon keeps four corners.
    const [lng0, lat0] = expected[0] ?? [0, 0];
    await page.waitForFunction(
      ([lng, lat]) => {
        const result = window.__fleetMap?.edited();
        if (result?.kind !== 'polygon' || result.points.length !== 4) return false;
        const close = (value: number, target: number, within: number) => Math.abs(value - target) < within;
        const stayed = result.points.some(
          (point) => close(point[0], lng, 2e-5) && close(point[1], lat, 2e-5),
        );
        const moved = result.points.some((point) => point[0] > lng + 1e-4 && close(point[1], lat, 2e-5));
        return !stayed && moved;
      },
      [lng0, lat0] as const,
    );
  });
});
