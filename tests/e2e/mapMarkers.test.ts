// The asset markers' look read from the screen in a real browser (live §2 "Shared map behaviour"): the status ring
// around the type icon, and a moving asset's course arrow.
import { describe, expect, it } from 'vitest';
import { CATEGORY_COLORS } from '#client/ui/markerStyle.ts';
import { listThings, ownOrganizationId, parkAt, sendPoint, signInForToken } from './simulatorApi.ts';
import { jumpTo } from './mapDrawing.ts';
import {
  RESPONDERS,
  USER,
  hexColour,
  mapSurfaceBrowserForFile,
  near,
  pixelsAround,
} from './mapSurfaceBrowser.ts';

const { baseUrl, openMap } = mapSurfaceBrowserForFile();

describe('asset markers', () => {
  it('draws each marker as its status ring around its type icon', async () => {
    const token = await signInForToken(baseUrl, USER);
    const parked = new Set(
      (await listThings(baseUrl, token, await ownOrganizationId(baseUrl, token)))
        .filter((thing) => thing.enroute !== true)
        .map((thing) => thing.id),
    );
    const page = await openMap();
    // Parked markers (another test may be driving some), the most isolated at this zoom first: they stand alone
    // and still once zoomed in.
    const candidates = await page.evaluate(
      (parkedIds) => {
        const isParked = new Set(parkedIds);
        const markers = window.__fleetMap?.markersOnScreen() ?? [];
        const nearest = (marker: (typeof markers)[number]) =>
          Math.min(
            ...markers.map((other) =>
              other === marker ? Infinity : Math.hypot(other.x - marker.x, other.y - marker.y),
            ),
          );
        return markers
          .filter((marker) => isParked.has(marker.id))
          .map((marker) => ({ id: marker.id, room: nearest(marker) }))
          .filter((marker) => marker.room > 4)
          .sort((a, b) => b.room - a.room)
          .map((marker) => marker.id);
      },
      [...parked],
    );
    // At 30 px a marker's icon disc reaches about 10.5 px from its centre and its ring from 10.8 to 13.5 px.
    const angles = Array.from({ length: 12 }, (_, step) => (step * Math.PI) / 6);
    const ringPoints = angles.map((angle): [number, number] => [
      12.2 * Math.cos(angle),
      12.2 * Math.sin(angle),
    ]);
    const iconPoints = angles.map((angle): [number, number] => [
      8.5 * Math.cos(angle),
      8.5 * Math.sin(angle),
    ]);
    let checked = 0;
    const skipped: string[] = [];
    for (const id of candidates.slice(0, 12)) {
      const position = await page.evaluate((thingId) => window.__fleetMap?.positionOf(thingId), id);
      if (!position) {
        skipped.push(`${id}: no position`);
        continue;
      }
      await jumpTo(page, ...position, 16.5);
      const point = await page.evaluate((thingId) => window.__fleetMap?.screenPositionOf(thingId), id);
      const style = await page.evaluate((thingId) => window.__fleetMap?.markerStyleOf(thingId), id);
      if (!point || !style) {
        skipped.push(`${id}: not on screen`);
        continue;
      }
      const alone = await page.evaluate(
        ([thingId, x, y]) =>
          (window.__fleetMap?.markersOnScreen() ?? []).every(
            (other) =>
              other.id === thingId || Math.hypot(other.x - (x as number), other.y - (y as number)) > 40,
          ),
        [id, point[0], point[1]] as const,
      );
      if (!alone) {
        skipped.push(`${id}: not alone`);
        continue;
      }
      const pixels = await pixelsAround(page, point, [...ringPoints, ...iconPoints]);
      // The asset may have moved while the screen was read: then try the next one.
      const after = await page.evaluate((thingId) => window.__fleetMap?.screenPositionOf(thingId), id);
      if (!after || Math.hypot(after[0] - point[0], after[1] - point[1]) > 1) {
        skipped.push(`${id}: moved`);
        continue;
      }
      const ring = pixels.slice(0, ringPoints.length).filter((pixel) => near(pixel, style.ring));
      const icon = pixels
        .slice(ringPoints.length)
        .filter((pixel) => near(pixel, hexColour(CATEGORY_COLORS[style.category])));
      expect(ring.length, `ring of ${id} in ${JSON.stringify(style.ring)}`).toBeGreaterThanOrEqual(8);
      expect(icon.length, `icon of ${id} in ${CATEGORY_COLORS[style.category]}`).toBeGreaterThanOrEqual(3);
      checked += 1;
      if (checked === 2) break;
    }
    expect(checked, `${candidates.length} candidates; ${skipped.join('; ')}`).toBe(2);
  });

  it("draws a moving asset's course arrow just outside its ring, pointing along its course", async () => {
    const token = await signInForToken(baseUrl, USER);
    const things = await listThings(baseUrl, token, await ownOrganizationId(baseUrl, token));
    // Not a responder's: their stations' parked assets are what the station grouping test groups.
    const thing = things.find(
      (candidate) => candidate.enroute !== true && candidate.organization.name !== RESPONDERS,
    );
    if (!thing) throw new Error('no parked asset to drive');
    const page = await openMap();
    // Out on the lake, where no other marker is: the asset drives east (course 90).
    const target = { lat: 41.9, lng: -87.52 };
    await sendPoint(baseUrl, await signInForToken(baseUrl, 'staff@demo.test'), thing, target, {
      speed: 12,
      course: 90,
    });
    await page.waitForFunction(
      ([id, lng, lat]) => {
        const position = window.__fleetMap?.renderedPositionOf(id as string);
        return (
          !!position &&
          Math.abs(position[0] - (lng as number)) < 1e-5 &&
          Math.abs(position[1] - (lat as number)) < 1e-5
        );
      },
      [thing.id, target.lng, target.lat] as const,
    );
    await jumpTo(page, target.lng, target.lat, 16.5);
    const point = await page.evaluate((id) => window.__fleetMap?.screenPositionOf(id), thing.id);
    if (!point) throw new Error('marker not drawn');
    // At 30 px the arrow (12 px) is centred 21 px from the marker's centre; its middle is the dark triangle.
    const around = (dx: number, dy: number): [number, number][] => [
      [dx, dy],
      [dx + (dy === 0 ? 0 : 1), dy + (dx === 0 ? 0 : 1)],
      [dx - (dy === 0 ? 0 : 1), dy - (dx === 0 ? 0 : 1)],
    ];
    const east = around(21, 0);
    const others = [...around(-21, 0), ...around(0, -21), ...around(0, 21)];
    const pixels = await pixelsAround(page, point, [...east, ...others]);
    const dark = (pixel: readonly number[]) => near(pixel, hexColour('#111827'));
    expect(pixels.slice(0, east.length).filter(dark).length, 'arrow east of the marker').toBe(east.length);
    expect(pixels.slice(east.length).filter(dark).length, 'no arrow elsewhere').toBe(0);
    // Parked again where it stood: an asset out on the lake would widen every other test's view of the fleet.
    await parkAt(baseUrl, await signInForToken(baseUrl, 'staff@demo.test'), thing, thing);
  });
});
