// The asset detail panel and its edit forms in a real browser (issue 12, live §2, §5, §6, §8): each status-block
// case, the toggles arriving live in a second browser context, the gates and their tooltips for a Media user and a
// User without R2R, Send R2R Test, the LED intensity, Edit Profile's messages and outcomes, and Organization access.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulatorUrl } from './simulator.ts';
import { atPath, shellBrowserForFile, openSignedIn, closeSupportDialog } from './shellBrowser.ts';
import {
  listThings,
  ownOrganizationId,
  sendHeartbeat,
  sendPoint,
  signInForToken,
  type ListedThing,
} from './simulatorApi.ts';

const baseUrl = simulatorUrl();
const RESPONDERS = 'Chicago Metro Responders';

type Thing = ListedThing & {
  nickname: string | null;
  heartbeat_datetime: string | null;
  is_publicly_alerting: boolean;
  in_service: boolean;
  features: { r2r: boolean };
  is_allowed_for_test_mode: boolean;
  location: { id: string } | null;
  organization: { id: string; name: string };
  organization_relationships: { organization_uuid: string; relationship_type: string }[];
  is_integration_org: boolean;
  registry_number: string | null;
  enroute: boolean | null;
};

const shell = shellBrowserForFile();
let things: Thing[];
let ownOrganization: string;
let staffToken: string;

const nameOf = (thing: Thing) => thing.nickname || thing.system_identifier.toUpperCase();
const minutesAgo = (thing: Thing) =>
  thing.heartbeat_datetime === null ? Infinity : (Date.now() - Date.parse(thing.heartbeat_datetime)) / 60_000;
const isManaged = (thing: Thing) =>
  thing.organization.id === ownOrganization ||
  thing.organization_relationships.some(
    (relation) => relation.organization_uuid === ownOrganization && relation.relationship_type === 'manager',
  );
/**
 * Seen by the coordination center, writable by it, in service, not on an incident, and online (well inside the
 * 8-hour standby window, however long the suite has been running since the seed).
 */
const reporting = (thing: Thing) =>
  isManaged(thing) && thing.in_service && thing.location === null && minutesAgo(thing) < 6 * 60;

/** Each test takes assets no earlier test changed (a driven asset is no longer parked, and so on). */
const taken = new Set<string>();

function pick(label: string, test: (thing: Thing) => boolean, skip = 0): Thing {
  const found = things.filter((thing) => !taken.has(thing.id) && test(thing))[skip];
  if (!found) throw new Error(`no seeded asset for: ${label}`);
  taken.add(found.id);
  return found;
}

beforeAll(async () => {
  const token = await signInForToken(baseUrl, 'admin@demo.test');
  ownOrganization = await ownOrganizationId(baseUrl, token);
  things = (await listThings(baseUrl, token, ownOrganization)) as Thing[];
  staffToken = await signInForToken(baseUrl, 'staff@demo.test');
});

/** A fresh browser context signed in as `email`, on the asset's detail. */
async function openAsset(email: string, thing: Thing): Promise<Page> {
  const opened = await openSignedIn(shell, email, { path: `/dashboard/things/${thing.id}` });
  await opened.getByRole('heading', { name: nameOf(thing), exact: true }).waitFor();
  // The support dialog opens on a first welcome (live §2); a person closes it first.
  await closeSupportDialog(opened);
  return opened;
}

const statusBlock = (page: Page) => page.getByTestId('status-block');

describe('asset detail', () => {
  it('shows an asset on an incident with its arrival, time-to-scene and a live duration, and goes back', async () => {
    const onIncident = pick(
      'on an incident',
      (thing) => thing.location !== null && thing.in_service && thing.organization.name === RESPONDERS,
    );
    const page = await openAsset('user@demo.test', onIncident);
    // The event belongs to the responders: viewed from their organization, the panel knows when the asset arrived.
    await page.getByTestId('organization-name').click();
    await page.getByRole('button', { name: RESPONDERS }).click();
    await page.getByTestId('organization-name').filter({ hasText: RESPONDERS }).waitFor();
    // The switch starts the picture over and the section returns to its list: the asset is chosen there again.
    await page.getByLabel('Search for an asset').fill(onIncident.system_identifier);
    await page
      .getByTestId('thing-row')
      .filter({ hasText: nameOf(onIncident) })
      .click();
    await page.locator('[data-testid="status-block"][data-kind="incident"]').waitFor();
    for (const label of ['Location', 'Arrived', 'Time-to-Scene', 'Duration']) {
      await statusBlock(page).getByText(label, { exact: true }).waitFor();
    }
    const duration = page.getByTestId('incident-duration').locator('dd');
    const first = await duration.textContent();
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="incident-duration"] dd')?.textContent !== before,
      first,
    );

    await page.getByRole('button', { name: 'Back to assets' }).click();
    await page.waitForURL(atPath('/dashboard/things'));
    await page.getByTestId('asset-count').waitFor();
  });

  it("shows a managing organization the arrival, time-to-scene and live duration of the owner's unit on scene", async () => {
    // The coordination center manages the responders' asset; the incident is the responders', which the center does
    // not load: the arrival and the incident's start come with the asset's own record (issue 25).
    const onIncident = pick(
      'managed, on an incident of its owner',
      (thing) =>
        thing.location !== null &&
        thing.in_service &&
        thing.organization.name === RESPONDERS &&
        isManaged(thing) &&
        thing.organization.id !== ownOrganization,
    );
    const page = await openAsset('admin@demo.test', onIncident);
    await page.locator('[data-testid="status-block"][data-kind="incident"]').waitFor();
    const fact = (label: string) =>
      statusBlock(page)
        .locator('dt', { hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => fact('Arrived').textContent()).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{2}, /);
    // The dashboard's one duration format ("1h 05m 09s", "5m 09s", "9s"), not "—".
    await expect
      .poll(() => fact('Time-to-Scene').textContent())
      .toMatch(/^(\d+h \d{2}m \d{2}s|\d+m \d{2}s|\d+s)$/);
    const duration = page.getByTestId('incident-duration').locator('dd');
    await expect.poll(() => duration.textContent()).not.toBe('—');
    const first = await duration.textContent();
    await expect.poll(() => duration.textContent()).not.toBe(first);
    // The pinned popup says when it arrived too.
    await expect
      .poll(() => page.getByTestId('pinned-popup').getByTestId('popup-time').textContent())
      .toMatch(/^Arrived: \d{2}-[A-Z][a-z]{2}-\d{2}, /);
  });

  it('shows Last Online for an asset that stopped reporting', async () => {
    const quiet = pick('offline or pending', (thing) => thing.in_service && minutesAgo(thing) > 8 * 60);
    const page = await openAsset('user@demo.test', quiet);
    await page.locator('[data-testid="status-block"][data-kind="lastOnline"]').waitFor();
    await statusBlock(page).getByText('Last Online', { exact: true }).waitFor();
    // "MMMM d, y p" on the organization's clock, its zone named (issue 25, one time rule).
    expect(
      await statusBlock(page)
        .locator('dt', { hasText: /^Last Online$/ })
        .locator('xpath=following-sibling::dd[1]')
        .textContent(),
    ).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M C[SD]T$/);

    // Type and Subtype read as the catalogue's display names, not the raw names (issue 25).
    const catalogue = async (path: string) =>
      (await (
        await fetch(`${baseUrl}/api/${path}`, { headers: { Authorization: `Bearer ${staffToken}` } })
      ).json()) as { name: string; display_name: string }[];
    const typeName = (quiet as unknown as { thing_type: string }).thing_type;
    const expectedType = (await catalogue('thing_types')).find(
      (type) => type.name === typeName,
    )?.display_name;
    if (!expectedType) throw new Error(`no catalogue entry for ${typeName}`);
    const typeValue = page
      .locator('.thing-detail__fact', { has: page.locator('dt', { hasText: /^Type$/ }) })
      .locator('dd');
    await expect.poll(() => typeValue.textContent()).toBe(expectedType);
  });

  it('shows direction and speed, then Start, Run Time and Alert Points once the asset drives', async () => {
    // Parked: an asset another test file left en route reads as active, with its run in place of Last Sync.
    const asset = pick(
      'reporting and parked, to drive',
      (thing) => reporting(thing) && thing.enroute !== true,
      3,
    );
    const page = await openAsset('user@demo.test', asset);
    await page.locator('[data-testid="status-block"][data-kind="moving"]').waitFor();
    await statusBlock(page).getByText('Last Sync', { exact: true }).waitFor();
    await sendPoint(baseUrl, staffToken, asset, { lat: 41.88, lng: -87.63 }, { speed: 12, course: 90 });
    await statusBlock(page).getByText('Alert Points', { exact: true }).waitFor();
    await statusBlock(page).getByText('Run Time', { exact: true }).waitFor();
    await statusBlock(page).getByText('E', { exact: true }).waitFor();
  });

  it('switches alerting off in one browser and another browser sees it arrive live', async () => {
    const asset = pick('alerting, writable', (thing) => reporting(thing) && thing.is_publicly_alerting, 5);
    const first = await openAsset('admin@demo.test', asset);
    // A second, separate browser context: its own storage, its own cable.
    const second = await openAsset('user@demo.test', asset);
    const secondSwitch = second.getByRole('switch', { name: 'Alerting' });
    await secondSwitch.and(second.locator('[aria-checked="true"]')).waitFor();

    await first.getByRole('switch', { name: 'Alerting' }).click();
    await first
      .getByRole('switch', { name: 'Alerting' })
      .and(first.locator('[aria-checked="false"]'))
      .waitFor();
    await secondSwitch.and(second.locator('[aria-checked="false"]')).waitFor();
    await second.getByText('Alerting Off', { exact: true }).waitFor();
    await second.getByTestId('alerting-reset').waitFor();

    await first.getByRole('switch', { name: 'Alerting' }).click();
    await secondSwitch.and(second.locator('[aria-checked="true"]')).waitFor();
    await second.context().close();
  });

  it('gives a Media user no edit controls and says why each control is disabled', async () => {
    const asset = pick('R2R hardware', (thing) => reporting(thing) && thing.features.r2r);
    const page = await openAsset('media@demo.test', asset);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit profile' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit access' }).count()).toBe(0);
    const inService = page.getByRole('switch', { name: 'In-Service' });
    expect(await inService.isDisabled()).toBe(true);
    expect(await page.getByTestId('gated-control').first().getAttribute('title')).toBe('Not authorized');
    expect(await page.getByRole('button', { name: 'Send R2R Test' }).isDisabled()).toBe(true);
  });

  it('sends an R2R test and shows "Alert Delivered"; a User without the R2R permission is not authorized', async () => {
    // Parked (standby or stationary): the only statuses an R2R-enabled asset may be tested in.
    const asset = pick(
      'R2R enabled, parked',
      (thing) => reporting(thing) && thing.features.r2r && !thing.enroute,
      1,
    );
    // The device checks in parked now: it answers the test alert.
    await sendHeartbeat(baseUrl, staffToken, asset);
    const page = await openAsset('admin@demo.test', asset);
    await page.getByRole('button', { name: 'Send R2R Test' }).click();
    await page.getByRole('status').filter({ hasText: 'Alert Delivered' }).waitFor();
    await shell.closeContext();

    const user = await openAsset('user@demo.test', asset);
    const send = user.getByRole('button', { name: 'Send R2R Test' });
    expect(await send.isDisabled()).toBe(true);
    expect(await user.locator('[title="Not authorized"]', { has: send }).count()).toBe(1);
  });

  it('puts an asset without R2R in test mode and out again; a fresh page shows it kept', async () => {
    const asset = pick('test mode, no R2R', (thing) => !thing.features.r2r && thing.is_allowed_for_test_mode);
    const page = await openAsset('admin@demo.test', asset);
    expect(await page.getByRole('button', { name: 'Send R2R Test' }).count()).toBe(0);
    const toggle = page.getByRole('switch', { name: 'R2R Test Mode' });
    await toggle.click();
    await toggle.and(page.locator('[aria-checked="true"]')).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: 'Activate the emergency lights to send a test alert to the R2R indicator.' })
      .waitFor();

    // The simulator kept it: a fresh page shows the switch on.
    const other = await openAsset('admin@demo.test', asset);
    const otherToggle = other.getByRole('switch', { name: 'R2R Test Mode' });
    await otherToggle.and(other.locator('[aria-checked="true"]')).waitFor();

    await toggle.click();
    await toggle.and(page.locator('[aria-checked="false"]')).waitFor();
    expect(await page.getByText('Activate the emergency lights', { exact: false }).count()).toBe(0);
    await other.context().close();
  });

  it('changes the LED intensity: sending, then the device answer, cleared after a while', async () => {
    const asset = pick('HA5 reporting', (thing) => reporting(thing) && thing.device_type === 'ha5', 2);
    // The device checks in parked now: it answers (a device silent for 15 minutes times out).
    await sendHeartbeat(baseUrl, staffToken, asset);
    const page = await openAsset('admin@demo.test', asset);
    const select = page.getByLabel('LED intensity');
    await page.waitForFunction(
      () => (document.querySelector('#led-intensity') as HTMLSelectElement | null)?.value === 'medium',
    );
    await select.selectOption('high');
    await page.getByRole('status').filter({ hasText: 'Update was successful' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: 'Update was successful' })
      .waitFor({ state: 'detached' });
    expect(await select.inputValue()).toBe('high');
  });
});

describe('asset edit forms', () => {
  it('edits the profile with its counters and messages, then returns to the asset with the change', async () => {
    const asset = pick(
      'writable, no integration',
      (thing) => reporting(thing) && !thing.is_integration_org,
      7,
    );
    const page = await openAsset('admin@demo.test', asset);
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await page.waitForURL(atPath(`/dashboard/things/${asset.id}/edit/profile`));
    await page.getByRole('heading', { name: 'Edit Profile' }).waitFor();
    const save = page.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);

    const nickname = page.getByLabel('Nickname');
    await nickname.fill('');
    await nickname.pressSequentially('N'.repeat(46));
    const counter = page.getByTestId('character-counter').first();
    expect(await counter.textContent()).toBe('46/50');
    expect(await counter.getAttribute('class')).toContain('field__counter--near');
    await nickname.pressSequentially('NNNNN');
    await nickname.blur();
    await page.getByText('Must be 50 or fewer characters').waitFor();
    await nickname.fill(nameOf(asset));

    await page.getByLabel('VIN #').fill('1HG-CM');
    await page.getByLabel('VIN #').blur();
    await page.getByText('Please only use numbers or letters').waitFor();
    await page.getByLabel('VIN #').fill('1HGCM82633A004352');

    await page.getByRole('button', { name: 'Add integration' }).click();
    await page.getByLabel('Provider 1').selectOption('Geotab');
    await page.getByLabel('Id 1').fill('gt-1');
    await page.getByRole('button', { name: 'Add integration' }).click();
    await page.getByLabel('Provider 2').selectOption('Geotab');
    await page.getByLabel('Id 2').fill('gt-2');
    // Reached from the top of the form, the last integration row shows above the sticky footer (issue 25; a guard:
    // it already did at this size).
    await page.getByLabel('Id 2').blur();
    await page.locator('.thing-form').evaluate((form) => form.scrollTo({ top: 0 }));
    await page.getByLabel('Id 2').focus();
    // Focus scrolls the form (smoothly where the browser does): wait for where the row comes to rest.
    const clearOfFooter = async () => {
      const lastRow = await page.getByLabel('Id 2').boundingBox();
      const footer = await page.locator('.thing-form .form-footer').boundingBox();
      if (!lastRow || !footer) throw new Error('no integration row or footer');
      return lastRow.y + lastRow.height <= footer.y;
    };
    await expect.poll(clearOfFooter).toBe(true);
    await page.getByLabel('Id 2').blur();
    await page.getByText('Provider already used').waitFor();
    await page.getByText('Available providers in use').waitFor();
    expect(await page.getByRole('button', { name: 'Add integration' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Remove integration 2' }).click();

    await page.getByLabel('Vehicle ID').fill('V-EDITED-1');
    await save.click();
    await page.waitForURL(atPath(`/dashboard/things/${asset.id}`));
    await page.getByText('V-EDITED-1', { exact: true }).waitFor();
    await page.getByText('Geotab | gt-1', { exact: true }).waitFor();
  });

  it('shows the API error under the footer when the integration owns the nickname, and Cancel goes back', async () => {
    const asset = pick('integration asset', (thing) => reporting(thing) && thing.is_integration_org);
    const page = await openAsset('admin@demo.test', asset);
    // An api device's System Id is copyable (live §2).
    await page.getByText(asset.system_identifier, { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Copy' }).waitFor();
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await page.getByLabel('Nickname').fill('Renamed by hand');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'Asset nickname cannot be updated' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(atPath(`/dashboard/things/${asset.id}`));
    await page.getByRole('heading', { name: nameOf(asset), exact: true }).waitFor();
  });

  it('shares an asset with another organization as accessor, and takes it back', async () => {
    // Shared with the center as manager: the center may change who else sees it.
    const asset = pick(
      'managed by the center',
      (thing) =>
        thing.organization.name === RESPONDERS &&
        isManaged(thing) &&
        thing.organization_relationships.length === 1,
    );
    const page = await openAsset('admin@demo.test', asset);
    await page.getByRole('link', { name: 'Edit access' }).click();
    await page.waitForURL(atPath(`/dashboard/things/${asset.id}/edit/associations`));
    const save = page.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    const partner = 'Lakeshore Road Works';
    await page.getByRole('checkbox', { name: `Share with ${partner}` }).check();
    await page.getByRole('radio', { name: `${partner} Accessor` }).check();
    await save.click();
    await page.waitForURL(atPath(`/dashboard/things/${asset.id}`));
    await page.getByTestId('shared-with').getByText(`${partner} (Accessor)`).waitFor();

    await page.getByRole('link', { name: 'Edit access' }).click();
    await page.getByRole('checkbox', { name: `Share with ${partner}` }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(atPath(`/dashboard/things/${asset.id}`));
    await page.getByTestId('shared-with').getByText(`${partner} (Accessor)`).waitFor({ state: 'detached' });
  });
});
