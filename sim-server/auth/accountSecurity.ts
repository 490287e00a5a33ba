// Account security around sign-in (access §2, §4, §8): the password grant itself (standing, lockout, unlock link,
// the password check, in that order), account standing (suspended, expired for inactivity, access managed by the
// organization, not enabled for the dashboard), lockout after repeated wrong passwords, unlock and reset tokens that
// expire, the last 10 passwords, and an outbox where the "e-mails" land for the developer to read.
// Every change to an account is decided by the pure account decider (auth/accountDecider.ts) and appended as events
// (auth/accountProjection.ts projects them in the same transaction); this module loads the state the decider reads
// and carries out what it decides. The reset and unlock tokens and the outbox are simulator state beside the log,
// like access tokens.
import { randomBytes } from 'node:crypto';
import { PASSWORD_HISTORY_SIZE } from '#domain/session/passwordRules';
import type { Clock } from '../shared/clock.ts';
import type { EventLog } from '../store/eventLog.ts';
import type { AccountEvent, AccountStanding } from '../store/events.ts';
import {
  decideAccount,
  type AccountCommand,
  type AccountDecision,
  type AccountRefusal,
} from './accountDecider.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { hashToken, type TokenResult, type TokenService } from './tokens.ts';

export { LOCKOUT_THRESHOLD } from './accountDecider.ts';
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
export const UNLOCK_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A new user's set-password link (issue 14) is a reset link that holds for a week. */
export const SET_PASSWORD_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const LOCKED_OUT_DESCRIPTION =
  'Your account is locked after too many failed sign-in attempts. Check your email to unlock it.';

export type OutboxMail = {
  id: number;
  to: string;
  subject: string;
  body: string;
  link: string;
  sent_at: string;
};

type UserRow = { id: string; email: string; password_hash: string; organization_id: string };
type SecurityRow = { standing: AccountStanding; failed_attempts: number; locked_at: number | null };
type TokenKind = 'reset' | 'unlock';

export type ResetOutcome = { ok: true } | { ok: false; reason: Exclude<AccountRefusal, 'invalid-link'> };

/** A well-formed password grant: what `POST /api/user_token` passes once its body has been parsed. */
export type PasswordGrant = {
  username: string;
  password: string;
  unlockToken: string | null;
  application: string;
};

export type PasswordSignIn =
  | { signedIn: TokenResult }
  | { refused: 'invalid_credentials' | 'locked_out' | Exclude<AccountStanding, 'active'> };

export type AccountSecurity = {
  findUser(email: string): UserRow | null;
  standingOf(userId: string): SecurityRow;
  setStanding(email: string, standing: AccountStanding): boolean;
  /**
   * The password grant (access §8): an account that may not sign in is refused whatever the password; a locked one
   * opens only with the right password and a live unlock link together (the link is used only then); otherwise a
   * wrong password counts towards the lockout, and a right one opens a session. Only this counts failures, so a
   * request refused for its shape never does.
   */
  signInWithPassword(grant: PasswordGrant, origin: string): Promise<PasswordSignIn>;
  sendResetMail(email: string, origin: string): boolean;
  sendUnlockMail(email: string, origin: string): boolean;
  sendSetPasswordMail(email: string, origin: string): boolean;
  /** Tells the old address that the account's e-mail changed (call inside the change's transaction). */
  sendEmailChangedMail(oldEmail: string, newEmail: string): void;
  resetPassword(
    token: string,
    password: string,
    meetsRules: (password: string) => boolean,
  ): Promise<ResetOutcome>;
  outbox(email: string | null): OutboxMail[];
  /** Puts a mail in the outbox (call inside the transaction of what it tells about). */
  mail(to: string, subject: string, body: string, link: string): void;
};

/** A reset's refusal as the route answers it; an unlock-link refusal cannot come from a reset. */
function refusalOf(decision: AccountDecision | null): Exclude<AccountRefusal, 'invalid-link'> {
  if (!decision || !('refused' in decision) || decision.refused === 'invalid-link') return 'unknown-token';
  return decision.refused;
}

export function createAccountSecurity(
  eventLog: EventLog,
  tokens: TokenService,
  clock: Clock,
  log: (line: string) => void,
): AccountSecurity {
  const { db } = eventLog;
  const transaction = <T>(work: () => T): T => eventLog.transaction(work);

  /** Appends an account event for `user`; call inside `transaction`. */
  function record(event: AccountEvent, user: Pick<UserRow, 'id' | 'organization_id'>) {
    eventLog.record(event, {
      streamId: user.id,
      organizationId: user.organization_id,
      recordedAt: clock.now(),
    });
  }

  /** Decides the command on the account's current state and appends what it accepts; call inside `transaction`. */
  function decideAndRecord(command: AccountCommand, userId: string): AccountDecision {
    const decision = decideAccount(command, accountStateOf(userId), clock.now());
    if ('accepted' in decision) for (const event of decision.accepted) record(event, userRef(userId));
    return decision;
  }

  const findUserStatement = () =>
    db.prepare<[string], UserRow>(
      'SELECT id, email, password_hash, organization_id FROM users WHERE email = ? COLLATE NOCASE',
    );
  const standingStatement = () =>
    db.prepare<[string], SecurityRow>(
      'SELECT standing, failed_attempts, locked_at FROM account_security WHERE user_id = ?',
    );
  const selectOrganization = db.prepare<[string], { organization_id: string }>(
    'SELECT organization_id FROM users WHERE id = ?',
  );
  function userRef(userId: string): Pick<UserRow, 'id' | 'organization_id'> {
    const row = selectOrganization.get(userId);
    if (!row) throw new Error(`No user ${userId}`);
    return { id: userId, organization_id: row.organization_id };
  }

  function accountStateOf(userId: string) {
    const row = standingOf(userId);
    return { standing: row.standing, failedAttempts: row.failed_attempts, locked: row.locked_at !== null };
  }

  function findUser(email: string): UserRow | null {
    return findUserStatement().get(email.trim()) ?? null;
  }

  function standingOf(userId: string): SecurityRow {
    return standingStatement().get(userId) ?? { standing: 'active', failed_attempts: 0, locked_at: null };
  }

  function issueToken(userId: string, kind: TokenKind, lifetimeMs: number): string {
    const token = randomBytes(24).toString('base64url');
    db.prepare('INSERT INTO account_tokens (token_hash, user_id, kind, expires_at) VALUES (?, ?, ?, ?)').run(
      hashToken(token),
      userId,
      kind,
      clock.now() + lifetimeMs,
    );
    return token;
  }

  function mail(to: string, subject: string, body: string, link: string) {
    db.prepare('INSERT INTO outbox (to_email, subject, body, link, sent_at) VALUES (?, ?, ?, ?, ?)').run(
      to,
      subject,
      body,
      link,
      clock.now(),
    );
    // The simulator sends no real e-mail: the log and GET /api/sim/outbox are where a developer reads it.
    log(`e-mail to ${to}: ${subject} ${link}`);
  }

  function sendUnlock(user: UserRow, origin: string) {
    const token = issueToken(user.id, 'unlock', UNLOCK_TOKEN_LIFETIME_MS);
    const link = `${origin}/welcome/unlock/${encodeURIComponent(user.email)}/${token}`;
    mail(
      user.email,
      'Unlock your account',
      `Open this link and sign in to unlock your account: ${link}`,
      link,
    );
  }

  function liveToken(token: string, kind: TokenKind): { user_id: string; expires_at: number } | null {
    return (
      db
        .prepare<[string, string], { user_id: string; expires_at: number }>(
          'SELECT user_id, expires_at FROM account_tokens WHERE token_hash = ? AND kind = ? AND used_at IS NULL',
        )
        .get(hashToken(token), kind) ?? null
    );
  }

  /** A live unlock link of this user lifts the lock, once. */
  function useUnlockToken(userId: string, token: string): boolean {
    return transaction(() => {
      const found = liveToken(token, 'unlock');
      const link = found && { userId: found.user_id, expiresAt: found.expires_at };
      const decision = decideAndRecord({ type: 'UnlockWithLink', userId, link }, userId);
      if (!('accepted' in decision)) return false;
      db.prepare('UPDATE account_tokens SET used_at = ? WHERE token_hash = ?').run(
        clock.now(),
        hashToken(token),
      );
      return true;
    });
  }

  function recordFailedSignIn(user: UserRow, origin: string) {
    transaction(() => {
      const decision = decideAndRecord({ type: 'RecordFailedSignIn', userId: user.id }, user.id);
      if ('accepted' in decision && decision.mailUnlock) sendUnlock(user, origin);
    });
  }

  /** Mails a reset link (the reset screen chooses the password under the rules); false for an unknown e-mail. */
  function mailResetLink(
    email: string,
    origin: string,
    lifetimeMs: number,
    subject: string,
    body: (link: string) => string,
  ): boolean {
    const user = findUser(email);
    if (!user) return false;
    transaction(() => {
      const token = issueToken(user.id, 'reset', lifetimeMs);
      const link = `${origin}/welcome/reset/${encodeURIComponent(user.email)}/${token}`;
      mail(user.email, subject, body(link), link);
    });
    return true;
  }

  return {
    findUser,
    standingOf,
    setStanding(email, standing) {
      const user = findUser(email);
      if (!user) return false;
      transaction(() => decideAndRecord({ type: 'ChangeStanding', userId: user.id, standing }, user.id));
      return true;
    },
    async signInWithPassword(grant, origin) {
      const user = findUser(grant.username);
      // An unknown e-mail, or an invited user who has not set a password yet (empty hash), is checked against a
      // decoy, so every refusal takes as long and neither can be probed by timing.
      const storedHash = user?.password_hash ? user.password_hash : null;
      const matches =
        (await verifyPassword(grant.password, storedHash ?? (await decoyPasswordHash()))) &&
        storedHash !== null;
      if (!user) return { refused: 'invalid_credentials' };
      const { standing, locked_at: lockedAt } = standingOf(user.id);
      if (standing !== 'active') return { refused: standing };
      if (lockedAt !== null) {
        if (!matches || grant.unlockToken === null || !useUnlockToken(user.id, grant.unlockToken))
          return { refused: 'locked_out' };
      } else if (!matches) {
        recordFailedSignIn(user, origin);
        return { refused: 'invalid_credentials' };
      }
      return { signedIn: tokens.signIn(user, grant.application) };
    },
    sendResetMail(email, origin) {
      return mailResetLink(
        email,
        origin,
        RESET_TOKEN_LIFETIME_MS,
        'Reset your password',
        (link) => `Open this link within an hour to choose a new password: ${link}`,
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
    sendUnlockMail(email, origin) {
      const user = findUser(email);
      if (!user) return false;
      transaction(() => sendUnlock(user, origin));
      return true;
    },
    async resetPassword(token, password, meetsRules) {
      const found = liveToken(token, 'reset');
      const link = found && { userId: found.user_id, expiresAt: found.expires_at };
      // Hashing is slow: ask the decider first whether anything but the history could refuse the reset.
      const command = {
        type: 'ResetPassword',
        link,
        meetsRules: meetsRules(password),
        reused: false,
        passwordHash: '',
      } as const;
      const early = found ? decideAccount(command, accountStateOf(found.user_id), clock.now()) : null;
      if (!found || !early || 'refused' in early) return { ok: false, reason: refusalOf(early) };
      const current = db
        .prepare<[string], { password_hash: string }>('SELECT password_hash FROM users WHERE id = ?')
        .get(found.user_id);
      if (!current) return { ok: false, reason: 'unknown-token' };
      const history = db
        .prepare<[string, number], { password_hash: string }>(
          'SELECT password_hash FROM password_history WHERE user_id = ? ORDER BY replaced_at DESC, rowid DESC LIMIT ?',
        )
        .all(found.user_id, PASSWORD_HISTORY_SIZE - 1);
      // The current password and the nine before it make the last 10.
      let reused = false;
      for (const previous of [current.password_hash, ...history.map((row) => row.password_hash)]) {
        if (!(await verifyPassword(password, previous))) continue;
        reused = true;
        break;
      }
      const passwordHash = reused ? '' : await hashPassword(password);
      return transaction((): ResetOutcome => {
        // Decided again inside the write, on the token as it is now: two resets with one token must not both pass.
        const still = liveToken(token, 'reset');
        const stillLink = still && { userId: still.user_id, expiresAt: still.expires_at };
        const decision = decideAndRecord(
          { ...command, link: stillLink, reused, passwordHash },
          found.user_id,
        );
        if ('refused' in decision) return { ok: false, reason: refusalOf(decision) };
        db.prepare('UPDATE account_tokens SET used_at = ? WHERE token_hash = ?').run(
          clock.now(),
          hashToken(token),
        );
        return { ok: true };
      });
    },
    mail,
    outbox(email) {
      const rows = db
        .prepare<
          [string | null, string | null],
          Omit<OutboxMail, 'sent_at'> & { sent_at: number; to_email: string }
        >(
          'SELECT id, to_email, subject, body, link, sent_at FROM outbox WHERE (? IS NULL OR to_email = ?) ORDER BY id',
        )
        .all(email, email);
      return rows.map((row) => ({
        id: row.id,
        to: row.to_email,
        subject: row.subject,
        body: row.body,
        link: row.link,
        sent_at: new Date(row.sent_at).toISOString(),
      }));
    },
  };
}
