// The mutual-aid sharing wizard in a real browser (access §2, §5, §8): the administrator notice for a user who
// does not manage the organization; for an org admin, Get Started, the form's rules, the refusal for an asset the
// organization does not own, the thanks, the mail support receives, and Got It back to the start.
import { beforeAll, describe, expect, it } from 'vitest';
import { simulatorUrl } from './simulator.ts';
import { shellBrowserForFile, signIn } from './shellBrowser.ts';
import { listThings, ownOrganizationId, signInForToken } from './simulatorApi.ts';

const baseUrl = simulatorUrl();
const shell = shellBrowserForFile();
let ownName: string;
let managedName: string;

beforeAll(async () => {
  const token = await signInForToken(baseUrl, 'orgadmin@demo.test');
  const organizationId = await ownOrganizationId(baseUrl, token);
  const things = (await listThings(baseUrl, token, organizationId)) as unknown as {
    nickname: string | null;
    system_identifier: string;
    organization: { id: string };
  }[];
  const nameOf = (thing: (typeof things)[number]) => thing.nickname || thing.system_identifier.toUpperCase();
  const own = things.find((thing) => thing.organization.id === organizationId);
  const managed = things.find((thing) => thing.organization.id !== organizationId);
  if (!own || !managed) throw new Error('the org admin should list owned and managed assets');
  ownName = nameOf(own);
  managedName = nameOf(managed);
});

async function openSharing(email: string) {
  const page = await signIn(shell, email, { path: '/dashboard/sharing' });
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
    // An asset the organization only manages: the provider refuses it.
    await page.getByRole('checkbox', { name: managedName, exact: true }).check();
    await page.getByRole('button', { name: 'Send Request' }).click();
    await page.getByRole('alert').filter({ hasText: 'Unable to send Mutual Aid Request' }).waitFor();

    await page.getByRole('checkbox', { name: managedName, exact: true }).uncheck();
    await page.getByRole('checkbox', { name: ownName, exact: true }).check();
    await page.getByRole('button', { name: 'Send Request' }).click();
    await page.getByText('Thank you. Your request was sent to Safety Cloud Support.').waitFor();

    const staff = await signInForToken(baseUrl, 'staff@demo.test');
    const outbox = await fetch(`${baseUrl}/api/sim/outbox?email=support@example-provider.test`, {
      headers: { Authorization: `Bearer ${staff}` },
    });
    const { mails } = (await outbox.json()) as { mails: { body: string }[] };
    expect(mails.some((mail) => mail.body.includes('"Evanston Fire Department" (30 days)'))).toBe(true);

    await page.getByRole('button', { name: 'Got It' }).click();
    await page.getByRole('button', { name: 'Get Started' }).waitFor();
  });
});
