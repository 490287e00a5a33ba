// Changing one's own e-mail in a real browser (issue 34 item 1; docs/accounts.md): My Profile's form asks for the
// current password once the e-mail differs, keeps what the person typed when the password is wrong, and then says a
// confirmation was sent; the profile keeps its address until the link mailed to the new one is opened and its
// button pressed. The mail is read from the simulator's outbox like a developer would.
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { openAccounts } from './accountsBrowser.ts';
import { simulatorUrl } from './simulator.ts';
import { DEMO_PASSWORD } from './simulatorApi.ts';
import { shellBrowserForFile } from './shellBrowser.ts';

const baseUrl = simulatorUrl();
const shell = shellBrowserForFile();
/** A hang guard, not a budget: a sign-in and two screens on a busy 2-core machine. */
const BROWSER_TEST_TIMEOUT = 120_000;

type Mail = { to: string; subject: string; link: string };

async function lastMailTo(email: string): Promise<Mail | undefined> {
  const response = await fetch(`${baseUrl}/api/sim/outbox?email=${encodeURIComponent(email)}`);
  return ((await response.json()) as { mails: Mail[] }).mails.at(-1);
}

describe('My Profile: a new e-mail', () => {
  it(
    'asks for the current password, says a confirmation was sent, and changes once the link is used',
    async () => {
      const page = await openAccounts(shell, 'admin@demo.test', '/dashboard/accounts/profile');
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      const email = page.getByLabel('Email');
      await email.fill('admin-new@demo.test');
      const password = page.getByLabel('Current password');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Enter your current password to change your email').waitFor();

      await password.fill('not my password');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Current password is incorrect').waitFor();
      expect(await email.inputValue()).toBe('admin-new@demo.test');

      await password.fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Save' }).click();
      await page
        .getByRole('status')
        .filter({
          hasText:
            'A confirmation was sent to admin-new@demo.test. Your email changes once you open the link in it.',
        })
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      // Not yet changed: the account still shows its address.
      await page.getByTestId('accounts').getByText('admin@demo.test').first().waitFor();

      const mail = await lastMailTo('admin-new@demo.test');
      expect(mail?.subject).toBe('Confirm your new email address');
      await page.goto(`${baseUrl}${new URL(mail?.link ?? '').pathname}`);
      await page.getByRole('heading', { name: 'Confirm your new email' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Confirm email' }).click();
      await page.getByText('Your email is now admin-new@demo.test. Sign in with it.').waitFor();
    },
    BROWSER_TEST_TIMEOUT,
  );
});
