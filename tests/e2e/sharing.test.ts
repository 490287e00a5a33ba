// The mutual-aid sharing wizard in a real browser (access §2, §5, §8): the administrator notice for a user who
// does not manage the organization; for an org admin, Get Started, the form's rules, only the organization's own
// assets offered (with the reason), the edited names sent, the thanks, the mail support receives (asset names, not
// ids), and Got It back to the start.
import { beforeAll, describe, expect, it } from 'vitest';
import { simulatorUrl } from './simulator.ts';
import { shellBrowserForFile, openSignedIn } from './shellBrowser.ts';
import { listThings, ownOrganizationId, signInForToken } from './simulatorApi.ts';

const baseUrl = simulatorUrl();
const shell = shellBrowserForFile();
let ownName: string;
let managedName: string;
let ownId: string;
let ownCount: number;
/** Owned assets whose names contain the managed one's (the search shows those). */
let ownMatchingManaged: number;

beforeAll(async () => {
  const token = await signInForToken(baseUrl, 'orgadmin@demo.test');
  const organizationId = await ownOrganizationId(baseUrl, token);
  const things = (await listThings(baseUrl, token, organizationId)) as unknown as {
    id: string;
    nickname: string | null;
    system_identifier: string;
    organization: { id: string };
  }[];
  const nameOf = (thing: (typeof things)[number]) => thing.nickname || thing.system_identifier.toUpperCase();
  const own = things.find((thing) => thing.organization.id === organizationId);
  const managed = things.find((thing) => thing.organization.id !== organizationId);
  if (!own || !managed) throw new Error('the org admin should list owned and managed assets');
  ownName = nameOf(own);
  ownId = own.id;
  managedName = nameOf(managed);
  const owned = things.filter((thing) => thing.organization.id === organizationId);
  ownCount = owned.length;
  ownMatchingManaged = owned.filter((thing) =>
    nameOf(thing).toLowerCase().includes(managedName.toLowerCase()),
  ).length;
});

async function openSharing(email: string) {
  const page = await openSignedIn(shell, email, { path: '/dashboard/sharing' });
  await page.getByRole('heading', { name: 'Mutual Aid Sharing' }).waitFor();
  return page;
}

describe('mutual-aid sharing', () => {
  it('tells a user who does not manage the organization to ask the administrator', async () => {
    const page = await openSharing('user@demo.test');
    await page
      .getByText("Please reach out to your Organization's Administrator to initiate this request.")
      .waitFor();
    expect(await page.getByRole('button', { name: 'Get Started' }).count()).toBe(0);
  });

  it('walks an org admin through the form to the thanks and mails support', async () => {
    const page = await openSharing('orgadmin@demo.test');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('form', { name: 'Mutual aid request' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('orgadmin@demo.test');
    expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();

    await page.getByRole('button', { name: 'Send Request' }).click();
    await page.getByRole('alert').filter({ hasText: 'Must select at least 1 Asset' }).waitFor();
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /^Required$/ })
        .count(),
    ).toBe(2);

    await page.getByLabel('Shared organization').fill('Evanston Fire Department');
    await page.getByRole('radio', { name: '30 days' }).check();
    // Only the organization's own assets can be sent: a managed one is not offered, and the form says why.
    await page
      .getByText(
        'Only assets your organization owns can be shared. Assets it manages or accesses are shared by their owner.',
      )
      .waitFor();
    await page.getByText(`Showing ${ownCount} of ${ownCount}`).waitFor();
    await page.getByLabel('Search assets').fill(managedName);
    await page.getByText(`Showing ${ownMatchingManaged} of ${ownCount}`).waitFor();
    expect(await page.getByRole('checkbox', { name: managedName, exact: true }).count()).toBe(0);
    await page.getByLabel('Search assets').fill(ownName);
    await page.getByRole('checkbox', { name: ownName, exact: true }).check();
    // The names are the requester's to correct, and the corrected ones reach support.
    await page.getByLabel('First name').fill('Dana');
    await page.getByLabel('Last name').fill('Ruiz');
    await page.getByRole('button', { name: 'Send Request' }).click();
    await page.getByText('Thank you. Your request was sent to Safety Cloud Support.').waitFor();

    const staff = await signInForToken(baseUrl, 'staff@demo.test');
    const outbox = await fetch(`${baseUrl}/api/sim/outbox?email=support@example-provider.test`, {
      headers: { Authorization: `Bearer ${staff}` },
    });
    const { mails } = (await outbox.json()) as { mails: { subject: string; body: string }[] };
    const mail = mails.find((each) => each.body.includes('"Evanston Fire Department" (30 days)'));
    expect(mail?.subject).toBe('Mutual aid request from Dana Ruiz');
    expect(mail?.body).toContain(`Assets: ${ownName}.`);
    expect(mail?.body).not.toContain(ownId);

    await page.getByRole('button', { name: 'Got It' }).click();
    await page.getByRole('button', { name: 'Get Started' }).waitFor();
  });
});
