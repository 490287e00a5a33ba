// The account e-mails (access §4, §8; issue 14): unlock and reset links, a new user's set-password link, the notice
// to an old address when an administrator changed it, and a change of one's own address (issue 34): the confirm link
// to the new address and the undo link to the old one. Each link's token is issued in the same transaction as its
// mail.
import type { AccountLinks } from './accountLinks.ts';
import type { AccountOutbox } from './accountOutbox.ts';
import type { AccountRecords, UserRow } from './accountRecords.ts';

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
export const UNLOCK_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A new user's set-password link (issue 14) is a reset link that holds for a week. */
export const SET_PASSWORD_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export type AccountMails = {
  /** Mails an unlock link; call inside a write. */
  unlockLink(user: UserRow, origin: string): void;
  /** Each is false for an unknown e-mail; each is its own write. */
  sendResetMail(email: string, origin: string): Promise<boolean>;
  sendUnlockMail(email: string, origin: string): Promise<boolean>;
  /** A new user's link; false for an unknown e-mail. Call inside the write that created the user. */
  sendSetPasswordMail(email: string, origin: string): boolean;
  /** Tells the old address that the account's e-mail changed (call inside the change's transaction). */
  sendEmailChangedMail(oldEmail: string, newEmail: string): void;
  /** One's own change: the confirm link to the new address, the undo link to the old (inside the transaction). */
  sendEmailChangeMails(oldEmail: string, newEmail: string, links: { confirm: string; undo: string }): void;
};

export function createAccountMails(
  accounts: AccountRecords,
  links: AccountLinks,
  { mail }: AccountOutbox,
): AccountMails {
  function unlockLink(user: UserRow, origin: string) {
    const token = links.issue(user.id, 'unlock', UNLOCK_TOKEN_LIFETIME_MS);
    const link = `${origin}/welcome/unlock/${encodeURIComponent(user.email)}/${token}`;
    mail(
      user.email,
      'Unlock your account',
      `Open this link and sign in to unlock your account: ${link}`,
      link,
    );
  }

  /** Mails a reset link (the reset screen chooses the password under the rules); false for an unknown e-mail.
   * Inside a write: the link's token and its mail are one transaction. */
  function mailResetLink(
    email: string,
    origin: string,
    lifetimeMs: number,
    subject: string,
    body: (link: string) => string,
  ): boolean {
    const user = accounts.findUser(email);
    if (!user) return false;
    const token = links.issue(user.id, 'reset', lifetimeMs);
    const link = `${origin}/welcome/reset/${encodeURIComponent(user.email)}/${token}`;
    mail(user.email, subject, body(link), link);
    return true;
  }

  return {
    unlockLink,
    async sendResetMail(email, origin) {
      if (!accounts.findUser(email)) return false;
      return accounts.write(() =>
        mailResetLink(
          email,
          origin,
          RESET_TOKEN_LIFETIME_MS,
          'Reset your password',
          (link) => `Open this link within an hour to choose a new password: ${link}`,
        ),
      );
    },
    sendSetPasswordMail(email, origin) {
      return mailResetLink(
        email,
        origin,
        SET_PASSWORD_TOKEN_LIFETIME_MS,
        'Set your password',
        (link) =>
          `An account was created for you. Open this link within a week to choose your password: ${link}`,
      );
    },
    sendEmailChangedMail(oldEmail, newEmail) {
      mail(
        oldEmail,
        'Your e-mail address was changed',
        `The e-mail address of your account was changed to ${newEmail}. If you did not expect this, contact your ` +
          'organization administrator or support at once.',
        '',
      );
    },
    sendEmailChangeMails(oldEmail, newEmail, { confirm, undo }) {
      mail(
        newEmail,
        'Confirm your new email address',
        `Open this link within a day to make this the email address of your account: ${confirm}`,
        confirm,
      );
      mail(
        oldEmail,
        'Your email address is about to change',
        `Someone signed in to your account asked to change its email address to ${newEmail}. It changes only once ` +
          `that address confirms it. If it was not you, open this link within a week to cancel the change (or undo ` +
          `it) and sign out every session, then choose a new password with Forgot password: ${undo}`,
        undo,
      );
    },
    async sendUnlockMail(email, origin) {
      const user = accounts.findUser(email);
      if (!user) return false;
      await accounts.write(() => unlockLink(user, origin));
      return true;
    },
  };
}
