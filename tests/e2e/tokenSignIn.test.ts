// Token sign-in end to end (access §2): a link to /welcome/signin carrying access and refresh tokens longer than 400
// characters signs the user in without the form. The simulator's tokens have that long form (512 characters), so a
// token it issued opens the dashboard, and one it never issued is refused with the catalogue's words.
import { describe, expect, it } from 'vitest';
import { simulatorUrl } from './simulator.ts';
import { atPath, shellBrowserForFile, storedSession } from './shellBrowser.ts';
import { DEMO_PASSWORD } from './simulatorApi.ts';

const shell = shellBrowserForFile();

async function issuedTokens(): Promise<{ access_token: string; refresh_token: string }> {
  const response = await fetch(`${simulatorUrl()}/api/user_token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      application: 'dashboard',
      username: 'user@demo.test',
      password: DEMO_PASSWORD,
    }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status}`);
  return (await response.json()) as { access_token: string; refresh_token: string };
}

describe('token sign-in', () => {
  it('signs in from a link with long tokens, without the form', async () => {
    const tokens = await issuedTokens();
    expect(tokens.access_token.length).toBeGreaterThan(400);
    expect(tokens.refresh_token.length).toBeGreaterThan(400);
    const query = new URLSearchParams({
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
    });
    const page = await shell.open('desktop', `/welcome/signin?${query.toString()}`);
    await page.waitForURL(atPath('/dashboard/things'));
    await page.getByTestId('dashboard').waitFor();
    expect((await storedSession(page))?.accessToken).toBe(tokens.access_token);
  });

  it('refuses a link whose token the provider never issued', async () => {
    const forged = 'x'.repeat(512);
    const page = await shell.open(
      'desktop',
      `/welcome/signin?access_token=${forged}&refresh_token=${forged}`,
    );
    const error = page.getByTestId('sign-in-error');
    await error.waitFor();
    expect(await error.textContent()).not.toBe('');
    expect(page.url()).toContain('/welcome/signin');
    expect(await storedSession(page)).toBeNull();
  });
});
