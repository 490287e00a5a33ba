// An asset's Organization Access saved in a real browser (issue 37 item 9, live §2 "Asset edit forms"): Save
// returns to the detail, whose "Shared With" shows the new access from the save's own answer — even when the cable's
// echo of the change never reaches the page (here held back on the socket), so the confirmation does not wait for
// the echo and the live worker's next batch behind the fleet's positions. Taking the access back shows likewise.
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCableTap, type CableTap } from '#tests/helpers/cableTap';
import { seriousViolations } from './axe.ts';
import { simulatorUrl } from './simulator.ts';
import { atPath, closeSupportDialog, shellBrowserForFile, typeSignIn, until } from './shellBrowser.ts';
import { listThings, ownOrganizationId, signInForToken, type ListedThing } from './simulatorApi.ts';

const baseUrl = simulatorUrl();
const shell = shellBrowserForFile();
const RESPONDERS = 'Chicago Metro Responders';
const PARTNER = 'Lakeshore Road Works';

type Thing = ListedThing & {
  nickname: string | null;
  organization_relationships: { organization_uuid: string; relationship_type: string }[];
};

let asset: Thing;
let tap: CableTap | null = null;

afterEach(async () => {
  await tap?.close();
  tap = null;
});

beforeAll(async () => {
  const token = await signInForToken(baseUrl, 'admin@demo.test');
  const center = await ownOrganizationId(baseUrl, token);
  const things = (await listThings(baseUrl, token, center)) as Thing[];
  // The responders' asset the center manages, shared with no one else: the center may change who else sees it.
  const found = things.find(
    (thing) =>
      thing.organization.name === RESPONDERS &&
      thing.organization_relationships.length === 1 &&
      thing.organization_relationships[0]?.organization_uuid === center &&
      thing.organization_relationships[0].relationship_type === 'manager',
  );
  if (!found) throw new Error('no responders asset managed by the center alone');
  asset = found;
});

/**
 * The page's cable through a tap (tests/helpers/cableTap.ts: the cable runs in the live worker, where Playwright's
 * routeWebSocket does not reach) that passes every frame on except the broadcasts of `thingId`'s record (the echo
 * of a save), which it counts.
 */
async function tapHoldingThingEchoes(thingId: string): Promise<{ url: string; held: () => number }> {
  let held = 0;
  tap = await startCableTap(baseUrl, (socket) => {
    socket.onServerFrame((frame) => {
      if (!frame.includes('"thing"') || !frame.includes(thingId)) return true;
      const parsed = JSON.parse(frame) as { message?: { type?: string; data?: { id?: string } } };
      if (parsed.message?.type !== 'thing' || parsed.message.data?.id !== thingId) return true;
      held += 1;
      return false;
    });
  });
  return { url: tap.url, held: () => held };
}

const sharedWith = (page: Page) => page.getByTestId('shared-with');

describe('organization access', () => {
  it("saves an asset's access and the detail shows it from the save's answer, without the cable's echo", async () => {
    const cable = await tapHoldingThingEchoes(asset.id);
    const page = await shell.newPage('desktop');
    const detailPath = `/dashboard/things/${asset.id}`;
    await page.goto(`${cable.url}${detailPath}`);
    await typeSignIn(page, 'admin@demo.test');
    await page.waitForURL(atPath(detailPath));
    await closeSupportDialog(page);

    await page.getByRole('link', { name: 'Edit access' }).click();
    await page.waitForURL(atPath(`${detailPath}/edit/associations`));
    await page.getByRole('heading', { name: 'Organization Access' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('checkbox', { name: `Share with ${PARTNER}` }).check();
    await page.getByRole('radio', { name: `${PARTNER} Accessor` }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(atPath(detailPath));
    await sharedWith(page).getByText(`${PARTNER} (Accessor)`).waitFor();
    // The echo was sent and held back: what the detail shows came from the save.
    await until(async () => cable.held() > 0);

    await page.getByRole('link', { name: 'Edit access' }).click();
    await page.getByRole('checkbox', { name: `Share with ${PARTNER}` }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(atPath(detailPath));
    await sharedWith(page).getByText(`${PARTNER} (Accessor)`).waitFor({ state: 'detached' });
    expect(await sharedWith(page).textContent()).not.toContain(PARTNER);
  });
});
