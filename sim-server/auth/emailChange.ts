// A change of one's own e-mail address (issue 34 item 1; docs/accounts.md "Changing one's own e-mail"): the current
// password is checked (a wrong one counts towards the lockout like a failed sign-in, so a stolen session cannot guess
// it), a confirm link goes to the new address and an undo link to the old one. The links are like reset links:
// random, stored hashed with their expiry, used once; issuing, using and retiring them are events
// (auth/sessionProjection.ts writes email_change_links), so every node of a cluster opens them. Using one appends the same
// `UserProfileUpdated` the Users screens append, so projections and rebuilds know no new event. The decisions are the
// pure `emailChangeDecider.ts`; the texts are `accountMails.ts`.
import { randomBytes } from 'node:crypto';
import type { Clock } from '../kernel/clock.ts';
import type { EventLog } from '../store/eventLog.ts';
import type { SessionEvent } from '../store/events.ts';
import type { AccountMails } from './accountMails.ts';
import type { AccountRecords, UserRow } from './accountRecords.ts';
import { decideEmailLink, type EmailLink, type EmailLinkRefusal } from './emailChangeDecider.ts';
import { decoyPasswordHash, verifyPassword } from './passwords.ts';
import { hashToken } from '../kernel/tokenHash.ts';

/** The new address has a day to confirm; the old one a week to undo (it may be read less often). */
export const CONFIRM_EMAIL_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const UNDO_EMAIL_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

type LinkKind = 'confirm' | 'undo';

export type EmailLinkOutcome =
  { ok: true; userId: string; email: string; secured: boolean } | { ok: false; reason: EmailLinkRefusal };

export type EmailChanges = {
  /** Whether `password` is the user's current one; a wrong one counts as a failed sign-in. A locked account: false. */
  checkCurrentPassword(userId: string, password: string, origin: string): Promise<boolean>;
  /** Mails the confirm and undo links; call inside the transaction of the save that asked. */
  request(userId: string, newEmail: string, origin: string): void;
  /** The confirm link moves the account to its address (one write). */
  confirm(token: string): Promise<EmailLinkOutcome>;
  /** The undo link moves the account back, retires pending confirm links and ends its sessions (one write). */
  undo(token: string): Promise<EmailLinkOutcome>;
};

type ProfileRow = UserRow & { firstname: string; lastname: string; role_id: number };

export function createEmailChanges(
  eventLog: EventLog,
  clock: Clock,
  accounts: AccountRecords,
  mails: Pick<AccountMails, 'unlockLink' | 'sendEmailChangeMails'>,
  /** Called inside the undo's write. */
  endSessions: (userId: string) => void,
): EmailChanges {
  const { db } = eventLog;
  const selectLink = db.prepare<[string, string], { user_id: string; email: string; expires_at: number }>(
    'SELECT user_id, email, expires_at FROM email_change_links WHERE token_hash = ? AND kind = ? AND used_at IS NULL',
  );
  const selectProfile = db.prepare<[string], ProfileRow>(
    'SELECT id, email, password_hash, organization_id, firstname, lastname, role_id FROM users WHERE id = ?',
  );

  /** Appends a link event on the user's stream; call inside the transaction. */
  function recordFor(user: { id: string; organization_id: string }, event: SessionEvent) {
    eventLog.record(event, {
      streamId: user.id,
      organizationId: user.organization_id,
      recordedAt: clock.now(),
    });
  }

  function issue(user: ProfileRow, kind: LinkKind, email: string, lifetimeMs: number): string {
    const token = randomBytes(24).toString('base64url');
    const expiresAt = clock.now() + lifetimeMs;
    recordFor(user, {
      type: 'AccountLinkIssued',
      data: { token_hash: hashToken(token), user_id: user.id, kind, email, expires_at: expiresAt },
    });
    return token;
  }

  /** A newer request supersedes an older one, and an undo ends every pending one: only the last confirm link works. */
  const retirePending = (user: ProfileRow) =>
    recordFor(user, { type: 'EmailChangeLinksRetired', data: { user_id: user.id } });

  function loadLink(token: string, kind: LinkKind): EmailLink {
    const row = selectLink.get(hashToken(token), kind);
    return row ? { userId: row.user_id, email: row.email, expiresAt: row.expires_at } : null;
  }

  function use(kind: LinkKind, token: string): Promise<EmailLinkOutcome> {
    return eventLog.write((): EmailLinkOutcome => {
      const now = clock.now();
      const link = loadLink(token, kind);
      const user = link ? selectProfile.get(link.userId) : undefined;
      const account = user
        ? { email: user.email, emailHolderId: link ? (accounts.findUser(link.email)?.id ?? null) : null }
        : null;
      const decision = decideEmailLink(kind, link, account, now);
      if ('refused' in decision) return { ok: false, reason: decision.refused };
      if (!link || !user) throw new Error('an accepted e-mail link without its user');
      recordFor(user, { type: 'AccountLinkUsed', data: { user_id: user.id, token_hash: hashToken(token) } });
      const { moveTo, secureAccount } = decision.accepted;
      if (moveTo !== null)
        eventLog.record(
          {
            type: 'UserProfileUpdated',
            data: {
              user_id: user.id,
              firstname: user.firstname,
              lastname: user.lastname,
              email: moveTo,
              role_id: user.role_id,
            },
          },
          { streamId: user.id, organizationId: user.organization_id, recordedAt: now },
        );
      if (secureAccount) {
        retirePending(user);
        endSessions(user.id);
      }
      return { ok: true, userId: user.id, email: moveTo ?? user.email, secured: secureAccount };
    });
  }

  return {
    async checkCurrentPassword(userId, password, origin) {
      const user = selectProfile.get(userId);
      const storedHash = user?.password_hash ? user.password_hash : null;
      // The same scrypt cost whatever the account, as at sign-in.
      const matches =
        (await verifyPassword(password, storedHash ?? (await decoyPasswordHash()))) && storedHash !== null;
      if (!user) return false;
      if (accounts.standingOf(user.id).locked_at !== null) return false;
      if (matches) return true;
      await accounts.write(() => {
        const decision = accounts.decideAndRecord({ type: 'RecordFailedSignIn', userId: user.id }, user.id);
        if ('accepted' in decision && decision.mailUnlock) mails.unlockLink(user, origin);
      });
      return false;
    },
    request(userId, newEmail, origin) {
      const user = selectProfile.get(userId);
      if (!user) throw new Error(`No user ${userId} to change the e-mail of`);
      retirePending(user);
      const confirm = issue(user, 'confirm', newEmail, CONFIRM_EMAIL_LIFETIME_MS);
      const undo = issue(user, 'undo', user.email, UNDO_EMAIL_LIFETIME_MS);
      mails.sendEmailChangeMails(user.email, newEmail, {
        confirm: `${origin}/welcome/email/confirm/${confirm}`,
        undo: `${origin}/welcome/email/undo/${undo}`,
      });
    },
    confirm: (token) => use('confirm', token),
    undo: (token) => use('undo', token),
  };
}
