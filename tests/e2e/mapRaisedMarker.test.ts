// The pinned (selected) marker read from the screen in a real browser (live §2, §9): drawn again above the fleet,
// bigger, with a dark ring and its status badge — by the fleet's own layer as a set of one since issue 38, so this
// checks what the ScatterplotLayer and IconLayer drew before.
import { describe, expect, it } from 'vitest';
import { CATEGORY_COLORS, SELECTED_RING_COLOR } from '#client/ui/markerStyle.ts';
import { atPath } from './shellBrowser.ts';
import { listThings, ownOrganizationId, signInForToken } from './simulatorApi.ts';
import { jumpTo } from './mapDrawing.ts';
import { USER, hexColour, mapSurfaceBrowserForFile, near, pixelsAround } from './mapSurfaceBrowser.ts';

const { baseUrl, openMap } = mapSurfaceBrowserForFile();

// At zoom 16.5 a marker is 30 px; the selected one 38 px with a 3 px ring outside its status colour (17.5–20.5 px
// from its centre), its badge (about 21 px across) centred 11.8 px right of and below its centre.
const SELECTED_RING_RADIUS = 19;
const BADGE_CENTRE = 11.8;
const BADGE_WHITE_RADIUS = 7;

describe('the pinned marker', () => {
  it('is drawn again above the fleet, bigger, with a dark ring, its icon and its status badge', async () => {
    const token = await signInForToken(baseUrl, USER);
    const parked = new Set(
      (await listThings(baseUrl, token, await ownOrganizationId(baseUrl, token)))
        .filter((thing) => thing.enroute !== true)
        .map((thing) => thing.id),
    );
    const page = await openMap();
    // A parked marker with no other within 60 px once zoomed in, so nothing else is drawn where it is read.
    const target = await page.evaluate(
      (parkedIds) => {
        const isParked = new Set(parkedIds);
        const markers = window.__fleetMap?.markersOnScreen() ?? [];
        const room = (marker: (typeof markers)[number]) =>
          Math.min(
            ...markers.map((other) =>
              other === marker ? Infinity : Math.hypot(other.x - marker.x, other.y - marker.y),
            ),
          );
        return markers.filter((marker) => isParked.has(marker.id)).sort((a, b) => room(b) - room(a))[0]?.id;
      },
      [...parked],
    );
    if (!target) throw new Error('no parked marker on screen');
    const position = await page.evaluate((id) => window.__fleetMap?.positionOf(id), target);
    if (!position) throw new Error('no position');
    await jumpTo(page, ...position, 16.5);
    const point = await page.evaluate((id) => window.__fleetMap?.screenPositionOf(id), target);
    const style = await page.evaluate((id) => window.__fleetMap?.markerStyleOf(id), target);
    if (!point || !style) throw new Error('marker not drawn');
    const box = await page.getByTestId('live-map').boundingBox();
    if (!box) throw new Error('no map');
    await page.mouse.click(box.x + point[0], box.y + point[1]);
    await page.waitForURL(atPath(`/dashboard/things/${target}`));
    // Published once the map has drawn the selection's layers.
    await page.waitForFunction((id) => {
      const map = document.querySelector<HTMLElement>('[data-testid="live-map"]');
      return map?.dataset.selectedId === id && (map.dataset.selectedPosition ?? '') !== '';
    }, target);
    // The selection may have centred the map on the marker: read where it is now.
    await page.waitForFunction(() => window.__fleetMap?.drawnSinceChange() ?? false);
    const at = await page.evaluate((id) => window.__fleetMap?.screenPositionOf(id), target);
    if (!at) throw new Error('selected marker not drawn');
    // The ring on the upper and left side (the badge sits at the lower right), the icon at the centre, and the
    // badge's white disc around its glyph.
    const ringAngles = [180, 210, 240, 270, 300, 330].map((degrees) => (degrees * Math.PI) / 180);
    const ringPoints = ringAngles.map((angle): [number, number] => [
      SELECTED_RING_RADIUS * Math.cos(angle),
      SELECTED_RING_RADIUS * Math.sin(angle),
    ]);
    const iconPoints: [number, number][] = [
      [-8, 0],
      [0, -8],
      [-6, -6],
    ];
    // Points of the badge's white disc (between its glyph and its rim) that lie on the selected marker's ring or
    // dark outline: white there comes from the badge alone.
    const badgePoints = [300, 315, 135, 150].map((degrees): [number, number] => [
      BADGE_CENTRE + BADGE_WHITE_RADIUS * Math.cos((degrees * Math.PI) / 180),
      BADGE_CENTRE + BADGE_WHITE_RADIUS * Math.sin((degrees * Math.PI) / 180),
    ]);
    const pixels = await pixelsAround(page, at, [...ringPoints, ...iconPoints, ...badgePoints]);
    const ring = pixels.slice(0, ringPoints.length);
    const icon = pixels.slice(ringPoints.length, ringPoints.length + iconPoints.length);
    const badge = pixels.slice(ringPoints.length + iconPoints.length);
    const dark = SELECTED_RING_COLOR.slice(0, 3);
    expect(
      ring.filter((pixel) => near(pixel, dark)).length,
      `dark ring: ${JSON.stringify(ring)}`,
    ).toBeGreaterThanOrEqual(4);
    expect(
      icon.filter((pixel) => near(pixel, hexColour(CATEGORY_COLORS[style.category]))).length,
      `icon in ${CATEGORY_COLORS[style.category]}: ${JSON.stringify(icon)}`,
    ).toBeGreaterThanOrEqual(1);
    expect(
      badge.filter((pixel) => near(pixel, [255, 255, 255])).length,
      `badge: ${JSON.stringify(badge)}`,
    ).toBeGreaterThanOrEqual(3);
  });
});
