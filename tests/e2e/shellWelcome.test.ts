// The welcome screens against the simulator's account side: the sign-in form's field rules (access §5), every
// sign-in standing error of access §8 typed like a person, lockout and the unlock link from the outbox, forgot and
// reset password with live rule marks and the password history, and an unknown reset token.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulatorUrl } from './simulator.ts';
import { atPath, shellBrowserForFile, typeSignIn } from './shellBrowser.ts';
import { signInForToken } from './simulatorApi.ts';

const baseUrl = simulatorUrl();
const PASSWORD = 'Start!2026a';
const SUPPORT = 'support@example-provider.test';

const shell = shellBrowserForFile();
let staffToken: string;

beforeAll(async () => {
  staffToken = await signInForToken(baseUrl, 'staff@demo.test');
});
async function createAccount(email: string, standing?: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/sim/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${staffToken}` },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      firstname: 'Casey',
      lastname: 'Quinn',
      role_id: 2,
      standing,
    }),
  });
  if (response.status !== 201)
    throw new Error(`account ${email}: ${response.status} ${await response.text()}`);
}

async function lastMailLink(email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/sim/outbox?email=${encodeURIComponent(email)}`);
  const { mails } = (await response.json()) as { mails: { link: string }[] };
  const link = mails.at(-1)?.link;
  if (!link) throw new Error(`no mail to ${email}`);
  return link;
}

async function signInError(page: Page): Promise<string | null> {
  const error = page.getByTestId('sign-in-error');
  await error.waitFor();
  return error.textContent();
}

describe.each(['desktop', 'mobile'] as const)('sign-in errors by account standing (%s)', (viewport) => {
  it('says why each account may not sign in', async () => {
    const cases = [
      ['suspended', `User is suspended. Please contact ${SUPPORT}`],
      [
        'expired',
        'Your account has expired due to inactivity. Please click Forgot password? to reactivate your account',
      ],
      [
        'not_authorized_method',
        'Your organization is managing user access to the Safety Cloud dashboard. Please contact your administrator for access.',
      ],
      [
        'not_safetycloud_enabled',
        `Your user is not authorized to access Safety Cloud Dashboard. Please contact ${SUPPORT}`,
      ],
    ] as const;
    const page = await shell.open(viewport, '/welcome/signin');
    await page
      .getByTestId('confidentiality-notice')
      .getByRole('link', { name: 'End-User Licence Agreement' })
      .waitFor();
    for (const [standing, message] of cases) {
      const email = `${standing.replace(/_/g, '-')}-${viewport}@welcome.test`;
      await createAccount(email, standing);
      await page.getByLabel('Email').fill('');
      await page.getByLabel('Password', { exact: true }).fill('');
      await typeSignIn(page, email, PASSWORD);
      await page.getByTestId('sign-in-error').filter({ hasText: message }).waitFor();
      expect(await signInError(page)).toBe(message);
    }
  });
});

describe('sign-in form rules', () => {
  it('says what is wrong with a changed field, what is missing once Sign In was tried, and announces it', async () => {
    const page = await shell.open('desktop', '/welcome/signin');
    const email = page.getByLabel('Email');
    await email.pressSequentially('casey', { delay: 10 });
    await page.getByRole('alert').filter({ hasText: 'Must be a valid email' }).waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    // The password was never changed: its "Required" waits for Sign In.
    await page.getByLabel('Password', { exact: true }).focus();
    expect(await page.getByRole('alert').filter({ hasText: 'Required' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Required' }).waitFor();
    await email.fill('casey@welcome.test');
    await page.getByRole('alert').filter({ hasText: 'Must be a valid email' }).waitFor({ state: 'detached' });
  });
});

describe('lockout and unlock', () => {
  it('locks after repeated wrong passwords, mails an unlock link, and signs in through it', async () => {
    const email = 'locked@welcome.test';
    await createAccount(email);
    const page = await shell.open('desktop', '/welcome/signin');
    await page.getByLabel('Email').fill(email);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await page.getByLabel('Password', { exact: true }).fill(`wrong-${attempt}`);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page
        .getByTestId('sign-in-error')
        .filter({ hasText: 'Email and/or password incorrect.' })
        .waitFor();
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
    }
    expect(await page.getByRole('button', { name: 'Send unlock email' }).count()).toBe(0);
    // The fifth wrong password locks the account: the form says so at once and offers the unlock e-mail.
    await page.getByLabel('Password', { exact: true }).fill('wrong-4');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page
      .getByTestId('sign-in-error')
      .filter({ hasText: 'Your account is locked after too many failed sign-in attempts.' })
      .waitFor();
    await page.getByRole('button', { name: 'Send unlock email' }).click();
    await page
      .getByTestId('unlock-sent')
      .filter({ hasText: "You'll receive an email if account was found" })
      .waitFor();

    await page.goto(await lastMailLink(email));
    await page.getByTestId('unlock-notice').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Password', { exact: true }).pressSequentially(PASSWORD, { delay: 10 });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(atPath('/dashboard/things'));
  });
});

describe('forgot password answers', () => {
  it('drops an earlier answer once the field itself is wrong', async () => {
    const page = await shell.open('desktop', '/welcome/forgot');
    await page.getByLabel('Email').fill('nobody-here@welcome.test');
    await page.getByRole('button', { name: 'Reset password' }).click();
    const answer = page.getByTestId('welcome-result');
    await answer.waitFor();
    await page.getByLabel('Email').fill('not an address');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Must be a valid email').waitFor();
    expect(await answer.count()).toBe(0);
  });
});

describe.each(['mobile', 'desktop'] as const)('forgot and reset password (%s)', (viewport) => {
  it('mails a reset link, marks the rules live, refuses a reused password, then signs in with the new one', async () => {
    const email = `forgetful-${viewport}@welcome.test`;
    await createAccount(email);
    const page = await shell.open(viewport, '/welcome/signin');
    await page.getByLabel('Email').pressSequentially(email, { delay: 10 });
    const password = page.getByLabel('Password', { exact: true });
    await password.pressSequentially('secret', { delay: 10 });
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/welcome/forgot');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Reset password' }).click();
    const sent = page
      .getByTestId('welcome-result')
      .filter({ hasText: "You'll receive an email if account was found" });
    await sent.waitFor();
    // Success reads as success (green), not as a warning.
    expect(await sent.getAttribute('class')).toContain('welcome__success');

    await page.goto(await lastMailLink(email));
    await page.getByText('Password expires after 90 days').waitFor();
    const rules = page.getByRole('list', { name: 'Password rules' });
    await page.getByLabel('New password').pressSequentially('abc', { delay: 10 });
    expect(await rules.locator('[data-met="true"]').allTextContents()).toEqual([
      expect.stringContaining('lowercase'),
    ]);
    await page.getByLabel('New password').fill(PASSWORD);
    expect(await rules.locator('[data-met="false"]').count()).toBe(0);
    await page.getByLabel('Confirm password').pressSequentially('Start!', { delay: 10 });
    await page.getByLabel('New password').click();
    await page.getByText('Should match password').waitFor();
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save Password' }).click();
    await page
      .getByTestId('welcome-result')
      .filter({ hasText: 'Cannot be same as last 10 passwords.' })
      .waitFor();

    const fresh = 'Fresh!2026z';
    await page.getByLabel('New password').fill(fresh);
    await page.getByLabel('Confirm password').fill(fresh);
    await page.getByRole('button', { name: 'Save Password' }).click();
    await page.getByText("Success! You're being redirected...").waitFor();
    await typeSignIn(page, email, fresh);
    await page.waitForURL(atPath('/dashboard/things'));
  });

  it('says a reset token that does not exist is expired or unknown', async () => {
    const page = await shell.open(viewport, '/welcome/reset/someone%40welcome.test/not-a-token');
    await page.getByLabel('New password').fill('Valid!2026x');
    await page.getByLabel('Confirm password').fill('Valid!2026x');
    await page.getByRole('button', { name: 'Save Password' }).click();
    await page
      .getByTestId('welcome-result')
      .filter({ hasText: 'Reset token is expired or does not exist.' })
      .waitFor();
  });
});
