// Issue 14's integrations in a real browser against the simulator: API tokens that authenticate curl-style requests
// until revoked (shown once, with the limit and contact-support notices), and device config files with their pin
// rules and the sample export. Clicked and typed like a person; what the simulator holds is checked through its API.
import { describe, expect, it } from 'vitest';
import { api, openAccounts, readDownload } from './accountsBrowser.ts';
import { simulatorUrl } from './simulator.ts';
import { atPath, shellBrowserForFile } from './shellBrowser.ts';
import { signInForToken } from './simulatorApi.ts';

const baseUrl = simulatorUrl();

const shell = shellBrowserForFile();

describe('API tokens', () => {
  it('creates a token shown once with a copy button; it calls the API until it is deleted', async () => {
    const page = await openAccounts(shell, 'admin@demo.test', '/dashboard/accounts/integrations');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.getByLabel('Description').fill('Dispatch CAD');
    await page.getByRole('button', { name: 'Create Token' }).click();
    const secret = (await page.getByTestId('new-token-value').textContent()) ?? '';
    expect(secret).toMatch(/^sc_api_/);
    await page.getByTestId('new-token').getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.getByTestId('new-token').getByRole('button', { name: 'Copy' }).waitFor();
    const row = page.getByTestId('token-row').filter({ hasText: 'Dispatch CAD' });
    expect(await row.textContent()).toContain(`sc_api_…${secret.slice(-4)}`);

    // curl -H "Authorization: Bearer $TOKEN" .../api/organization/things
    const things = await api('GET', '/organization/things', secret);
    expect(things.status).toBe(200);
    expect((things.body as { data: unknown[] }).data.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Delete Dispatch CAD' }).click();
    await page
      .getByRole('dialog', { name: 'Delete API Token' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await row.waitFor({ state: 'detached' });
    expect((await api('GET', '/organization/things', secret)).status).toBe(401);
  });

  it('shows the limit notice at the limit, and the contact-support notice without API keys', async () => {
    const token = await signInForToken(baseUrl, 'orgadmin@demo.test');
    const made: string[] = [];
    try {
      for (let index = 0; index < 3; index += 1) {
        const created = await api('POST', '/api_tokens', token, { description: `Key ${index}` });
        made.push((created.body as { id: string }).id);
      }
      const page = await openAccounts(shell, 'orgadmin@demo.test', '/dashboard/accounts/integrations/tokens');
      await page.getByText('Your User has reached the API Key limit').waitFor();
      expect(await page.getByRole('button', { name: 'Create Token' }).count()).toBe(0);
    } finally {
      for (const id of made) await api('DELETE', `/api_tokens/${id}`, token);
    }
    await shell.closeContext();
    // An Admin added by the Org Admin has API keys off.
    const added = await api('POST', '/users', token, {
      firstname: 'Ken',
      lastname: 'Keyless',
      email: 'ken.keyless@demo.test',
      role_id: 3,
    });
    const reset = (await (await fetch(`${baseUrl}/api/sim/outbox?email=ken.keyless@demo.test`)).json()) as {
      mails: { link: string }[];
    };
    const resetToken = reset.mails.at(-1)?.link.split('/').at(-1) ?? '';
    await fetch(`${baseUrl}/api/reset_password`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: resetToken, password: 'Demo!2026' }),
    });
    try {
      const page = await openAccounts(shell, 'ken.keyless@demo.test', '/dashboard/accounts/integrations');
      await page.getByText('Please contact support to enable API Keys.', { exact: false }).waitFor();
    } finally {
      await api('DELETE', `/users/${(added.body as { id: string }).id}`, token);
    }
  });
});

describe('device config files', () => {
  it('checks the pins, saves, exports the sample in JSON and CSV and deletes after confirming', async () => {
    const page = await openAccounts(shell, 'orgadmin@demo.test', '/dashboard/accounts/integrations/configs');
    await page.getByRole('link', { name: 'New Config File' }).first().click();
    await page.getByLabel('File name').fill('arrow-board-7.cfg');
    await page.getByLabel('Platform').selectOption({ label: 'Raspberry Pi' });
    // Asset type is one of the thing types, picked, not typed.
    const assetType = page.getByLabel('Asset type');
    expect(await assetType.evaluate((element) => element.tagName)).toBe('SELECT');
    await assetType.selectOption('arrow_board');
    await page.getByLabel('Model').selectOption('HA7');
    // Words for people, never the schema library's ("Invalid type: Expected number but received NaN").
    await page.getByLabel('Warning Light Pin').fill('seventeen');
    await page.getByLabel('Heartbeat interval (seconds)').fill('often');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Must be a whole number').waitFor();
    await page.getByText('Must be between 1 and 3600 seconds').waitFor();
    expect(await page.getByText(/Invalid type|Expected/).count()).toBe(0);
    await page.getByLabel('Heartbeat interval (seconds)').fill('2');
    await page.getByLabel('Warning Light Pin').fill('17');
    await page.getByLabel('Indicator Pin (optional)').fill('17');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Cannot be the same as Warning Light Pin').waitFor();
    await page.getByLabel('Indicator Pin (optional)').fill('27');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(atPath('/dashboard/accounts/integrations/configs'));
    const row = page.getByTestId('config-file-row').filter({ hasText: 'arrow-board-7.cfg' });
    await row.waitFor();

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    expect(json.suggestedFilename()).toBe('arrow-board-7.json');
    const sample = JSON.parse(await readDownload(json)) as Record<string, unknown>;
    expect(sample).toMatchObject({
      token: '<YOUR_API_TOKEN>',
      thing_type: 'arrow_board',
      warning_light_pin: 17,
      indicator_pin: 27,
      heartbeat_interval: 2,
      on_period: 1.1,
      on_pulse: 0.2,
      off_pulse: 0.25,
      off_period: 0.5,
      length_of_alert: 10,
    });
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const [header, values] = (await readDownload(csv)).trim().split('\n');
    expect(header?.split(',')).toContain('on_period');
    expect(values).toContain('<YOUR_API_TOKEN>');

    await page.getByRole('button', { name: 'Delete arrow-board-7.cfg' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Config File' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await row.waitFor({ state: 'detached' });
  });
});
