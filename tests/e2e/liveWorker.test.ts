// The live worker and the deck.gl map in a real browser: a marker is picked by hover and by click through the
// GPU (deck.gl's picking pass, not a search over positions); a page that draws no frames (a hidden tab) is sent
// no pictures and its memory stays flat, then catches up at once; an organization switch made in the page starts
// the worker's picture over for the new organization.
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { simulatorUrl } from './simulator.ts';
import { atPath, shellBrowserForFile, openSignedIn, closeSupportDialog } from './shellBrowser.ts';
import {
  listThings,
  ownOrganizationId,
  sendPoint,
  signInForToken,
  type ListedThing,
} from './simulatorApi.ts';
import { allowing } from './testTimes.ts';

const baseUrl = simulatorUrl();
const USER = 'user@demo.test';
const STAFF = 'staff@demo.test';

const shell = shellBrowserForFile();

function positioned(things: ListedThing[]): number {
  return things.filter((thing) => thing.lat !== null && thing.lng !== null).length;
}

async function signedInLive(path = '/dashboard/things'): Promise<{ page: Page; things: ListedThing[] }> {
  const token = await signInForToken(baseUrl, USER);
  const things = await listThings(baseUrl, token, await ownOrganizationId(baseUrl, token));
  const page = await openSignedIn(shell, USER, { path });
  await closeSupportDialog(page);
  await page.waitForFunction(
    (expected) =>
      document.querySelector('[data-testid="live-map"]')?.getAttribute('data-marker-count') === expected,
    String(positioned(things)),
  );
  return { page, things };
}

/**
 * A drawn marker with no other within `clearance` px and away from the map's edges, in page coordinates. The drawn
 * set follows the given one a frame or more later (longer on a busy machine), so it looks again until one shows.
 */
async function isolatedMarker(page: Page, clearance: number, except: string[] = []) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = await isolatedMarkerNow(page, clearance, except);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('no isolated marker in view');
    await page.waitForTimeout(100);
  }
}

async function isolatedMarkerNow(page: Page, clearance: number, except: string[]) {
  const box = await page.getByTestId('live-map').boundingBox();
  if (!box) throw new Error('the map has no box');
  // Whether a person can reach each marker: no control or search box of the map lies over it.
  const markers = await page.evaluate(() => {
    const map = document.querySelector('[data-testid="live-map"]')?.getBoundingClientRect();
    return (window.__fleetMap?.markersOnScreen() ?? []).map((marker) => ({
      ...marker,
      reachable:
        !!map &&
        !!document
          .elementFromPoint(map.x + marker.x, map.y + marker.y)
          ?.classList.contains('maplibregl-canvas'),
    }));
  });
  const found = markers.find(
    (marker) =>
      marker.reachable &&
      !except.includes(marker.id) &&
      marker.x > 40 &&
      marker.y > 40 &&
      marker.x < box.width - 40 &&
      marker.y < box.height - 40 &&
      markers.every(
        (other) => other === marker || Math.hypot(other.x - marker.x, other.y - marker.y) > clearance,
      ),
  );
  return found ? { id: found.id, x: box.x + found.x, y: box.y + found.y } : null;
}

describe('live worker and GPU map', () => {
  it('picks a marker on the GPU by hover and by click', async () => {
    const { page } = await signedInLive();

    const hovered = await isolatedMarker(page, 40);
    await page.mouse.move(hovered.x, hovered.y);
    await page.waitForFunction(
      (id) => document.querySelector('[data-testid="live-map"]')?.getAttribute('data-hovered-id') === id,
      hovered.id,
    );
    await page.waitForFunction(
      () => (document.querySelector('.maplibregl-canvas') as HTMLElement | null)?.style.cursor === 'pointer',
    );

    // Off every marker the hover ends.
    await page.mouse.move(hovered.x + 20, hovered.y + 20);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="live-map"]')?.getAttribute('data-hovered-id') === '',
    );

    const clicked = await isolatedMarker(page, 40, [hovered.id]);
    await page.mouse.click(clicked.x, clicked.y);
    await page.waitForURL(atPath(`/dashboard/things/${clicked.id}`));
    // The map reports the selection, and its position once a frame with it is drawn.
    await page.waitForFunction((id) => {
      const map = document.querySelector('[data-testid="live-map"]');
      return (
        map?.getAttribute('data-selected-id') === id && map.getAttribute('data-selected-position') !== ''
      );
    }, clicked.id);
  });

  it(
    'sends a page that draws no frames no pictures, keeps its memory flat, and catches it up at once',
    async () => {
      const { page, things } = await signedInLive();
      const moving = things.filter((thing) => thing.lat !== null && thing.lng !== null).slice(0, 20);
      const [watched] = moving;
      if (!watched) throw new Error('no positioned assets');
      await page.getByTestId('thing-row').first().waitFor();
      await page.goto(`${baseUrl}/dashboard/things/${watched.id}`);
      await page.waitForFunction((id) => {
        const map = document.querySelector('[data-testid="live-map"]');
        return (
          map?.getAttribute('data-selected-id') === id && map.getAttribute('data-selected-position') !== ''
        );
      }, watched.id);

      // A hidden tab runs no animation frames: hold them all, as the browser does.
      await page.evaluate(() => {
        const held: FrameRequestCallback[] = [];
        const original = window.requestAnimationFrame.bind(window);
        window.requestAnimationFrame = (callback) => {
          held.push(callback);
          return held.length;
        };
        (window as unknown as { __show(): void }).__show = () => {
          window.requestAnimationFrame = original;
          for (const callback of held.splice(0)) original(callback);
        };
      });
      const cdp: CDPSession = await page.context().newCDPSession(page);
      const heapUsed = async () => {
        await cdp.send('HeapProfiler.collectGarbage');
        return (await cdp.send('Runtime.getHeapUsage')).usedSize;
      };
      // Whatever frame was in flight when the frames stopped may still arrive; after it, nothing.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const framesAtStart = await page.evaluate(() => window.__fleetLive?.framesReceived() ?? 0);
      const heapAtStart = await heapUsed();

      // Sixty rounds of twenty devices reporting, four rounds a second: a minute's messages over some fifteen of the
      // worker's one-second batches, each of which a leaking or backlogging page would hold on to.
      const staff = await signInForToken(baseUrl, STAFF);
      let last = { lat: watched.lat, lng: watched.lng };
      for (let step = 1; step <= 60; step += 1) {
        await Promise.all(
          moving.map((thing) => {
            const target = {
              lat: Number((thing.lat + 0.0001 * (step % 10)).toFixed(6)),
              lng: Number((thing.lng + 0.0001 * (step % 7)).toFixed(6)),
            };
            if (thing === watched) last = target;
            return sendPoint(baseUrl, staff, thing, target);
          }),
        );
        await new Promise((resolve) => setTimeout(resolve, 250));
      }

      const framesWhileHidden =
        (await page.evaluate(() => window.__fleetLive?.framesReceived() ?? 0)) - framesAtStart;
      const heapGrowth = (await heapUsed()) - heapAtStart;
      expect(framesWhileHidden).toBeLessThanOrEqual(1);
      expect(heapGrowth).toBeLessThan(2 * 1024 * 1024);

      // Shown again, the page gets the latest picture in one frame, not a backlog.
      await page.evaluate(() => (window as unknown as { __show(): void }).__show());
      await page.waitForFunction(
        (expected) =>
          document.querySelector('[data-testid="live-map"]')?.getAttribute('data-selected-position') ===
          expected,
        `${last.lat},${last.lng}`,
      );
    },
    allowing(90_000),
  );

  it("starts the worker's picture over when the organization is switched in the page", async () => {
    const { page, things } = await signedInLive();
    const token = await signInForToken(baseUrl, USER);
    const profile = (await (
      await fetch(`${baseUrl}/api/profile`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as {
      user_org: { id: string };
      managed_orgs: { id: string; name: string }[];
      accessed_orgs: { id: string; name: string }[];
    };
    const other = [...profile.managed_orgs, ...profile.accessed_orgs].find(
      (organization) => organization.id !== profile.user_org.id,
    );
    if (!other) throw new Error(`${USER} can switch to no other organization`);
    const fleet = await listThings(baseUrl, token, other.id);
    // Assets the first organization shows and the second does not (organizations may share some).
    const fleetIds = new Set(fleet.map((thing) => thing.id));
    const ownIds = new Set(things.filter((thing) => !fleetIds.has(thing.id)).map((thing) => thing.id));
    expect(ownIds.size).toBeGreaterThan(0);
    // Every asset draws as its own marker (no station grouping), so the marker count is the positioned assets.
    await page.getByLabel('Group View').uncheck();
    const framesBefore = await page.evaluate(() => window.__fleetLive?.framesReceived() ?? 0);

    await page.getByTestId('organization-name').click();
    await page.getByRole('button', { name: other.name }).click();
    await page
      .getByTestId('asset-count')
      .filter({ hasText: `${fleet.length} / ${fleet.length}` })
      .waitFor();
    await page.waitForFunction(
      (expected) =>
        document.querySelector('[data-testid="live-map"]')?.getAttribute('data-marker-count') === expected,
      String(positioned(fleet)),
    );
    // The same worker answered (frames kept counting), and every row and marker is the new organization's.
    expect(await page.evaluate(() => window.__fleetLive?.framesReceived() ?? 0)).toBeGreaterThan(
      framesBefore,
    );
    const rowIds = await page
      .getByTestId('thing-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-thing-id')));
    expect(rowIds.length).toBeGreaterThan(0);
    expect(rowIds.some((id) => id !== null && ownIds.has(id))).toBe(false);
    const markerIds = await page.evaluate(
      () => window.__fleetMap?.markersOnScreen().map((marker) => marker.id) ?? [],
    );
    expect(markerIds.some((id) => ownIds.has(id))).toBe(false);
  });
});
