// Account security around sign-in (access §2, §4, §8): account standing (suspended, expired for inactivity, access
// managed by the organization, not enabled for the dashboard), lockout after repeated failures, unlock and reset
// tokens that expire, the last 10 passwords, and an outbox where the "e-mails" land for the developer to read.
// Its tables are its own; the user's current password hash stays in `users`, which sign-in checks.
import { randomBytes } from 'node:crypto';
import { PASSWORD_HISTORY_SIZE } from '#domain/session/passwordRules';
import type { Clock } from '../shared/clock.ts';
import type { SqliteDatabase } from '../store/database.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { hashToken } from './tokens.ts';

export const ACCOUNT_STANDINGS = [
  'active',
  'suspended',
  'expired',
  'not_authorized_method',
  'not_safetycloud_enabled',
] as const;
export type AccountStanding = (typeof ACCOUNT_STANDINGS)[number];

/** Failed password sign-ins in a row that lock the account. */
export const LOCKOUT_THRESHOLD = 5;
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
export const UNLOCK_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;
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

type UserRow = { id: string; email: string; password_hash: string };
type SecurityRow = { standing: AccountStanding; failed_attempts: number; locked_at: number | null };
type TokenKind = 'reset' | 'unlock';

export type ResetOutcome =
  { ok: true } | { ok: false; reason: 'unknown-token' | 'expired-token' | 'suspended' | 'weak' | 'reused' };

export type AccountSecurity = {
  migrate(): void;
  findUser(email: string): UserRow | null;
  standingOf(userId: string): SecurityRow;
  setStanding(email: string, standing: AccountStanding): boolean;
  /** Called before a password grant: a valid unlock token for this user lifts the lock. */
  useUnlockToken(userId: string, token: string): boolean;
  recordFailedSignIn(user: UserRow, origin: string): void;
  recordSignIn(userId: string): void;
  sendResetMail(email: string, origin: string): boolean;
  sendUnlockMail(email: string, origin: string): boolean;
  resetPassword(
    token: string,
    password: string,
    meetsRules: (password: string) => boolean,
  ): Promise<ResetOutcome>;
  outbox(email: string | null): OutboxMail[];
  tokenTimes(accessToken: string): { createdAt: number; expiresAt: number } | null;
};

export function createAccountSecurity(
  db: SqliteDatabase,
  clock: Clock,
  log: (line: string) => void,
): AccountSecurity {
  const transaction = <T>(work: () => T): T => db.transaction(work).immediate();

  function migrate() {
    db.exec(`
      CREATE TABLE IF NOT EXISTS account_security (
        user_id TEXT PRIMARY KEY REFERENCES users (id),
        standing TEXT NOT NULL DEFAULT 'active',
        failed_attempts INTEGER NOT NULL DEFAULT 0,
        locked_at INTEGER
      );
      CREATE TABLE IF NOT EXISTS password_history (
        user_id TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        replaced_at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS password_history_by_user ON password_history (user_id, replaced_at);
      CREATE TABLE IF NOT EXISTS account_tokens (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      );
      CREATE TABLE IF NOT EXISTS outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        to_email TEXT NOT NULL COLLATE NOCASE,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        link TEXT NOT NULL,
        sent_at INTEGER NOT NULL
      );
    `);
  }

  const findUserStatement = () =>
    db.prepare<[string], UserRow>(
      'SELECT id, email, password_hash FROM users WHERE email = ? COLLATE NOCASE',
    );
  const standingStatement = () =>
    db.prepare<[string], SecurityRow>(
      'SELECT standing, failed_attempts, locked_at FROM account_security WHERE user_id = ?',
    );
  const ensureRow = (userId: string) =>
    db.prepare('INSERT OR IGNORE INTO account_security (user_id) VALUES (?)').run(userId);

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

  return {
    migrate,
    findUser,
    standingOf,
    setStanding(email, standing) {
      const user = findUser(email);
      if (!user) return false;
      transaction(() => {
        ensureRow(user.id);
        db.prepare('UPDATE account_security SET standing = ? WHERE user_id = ?').run(standing, user.id);
      });
      return true;
    },
    useUnlockToken(userId, token) {
      return transaction(() => {
        const found = liveToken(token, 'unlock');
        if (!found || found.user_id !== userId || found.expires_at <= clock.now()) return false;
        db.prepare('UPDATE account_tokens SET used_at = ? WHERE token_hash = ?').run(
          clock.now(),
          hashToken(token),
        );
        ensureRow(userId);
        db.prepare('UPDATE account_security SET failed_attempts = 0, locked_at = NULL WHERE user_id = ?').run(
          userId,
        );
        return true;
      });
    },
    recordFailedSignIn(user, origin) {
      transaction(() => {
        ensureRow(user.id);
        const row = standingOf(user.id);
        const attempts = row.failed_attempts + 1;
        const locks = row.locked_at === null && attempts >= LOCKOUT_THRESHOLD;
        db.prepare('UPDATE account_security SET failed_attempts = ?, locked_at = ? WHERE user_id = ?').run(
          attempts,
          locks ? clock.now() : row.locked_at,
          user.id,
        );
        if (locks) sendUnlock(user, origin);
      });
    },
    recordSignIn(userId) {
      transaction(() => {
        ensureRow(userId);
        db.prepare('UPDATE account_security SET failed_attempts = 0 WHERE user_id = ?').run(userId);
      });
    },
    sendResetMail(email, origin) {
      const user = findUser(email);
      if (!user) return false;
      transaction(() => {
        const token = issueToken(user.id, 'reset', RESET_TOKEN_LIFETIME_MS);
        const link = `${origin}/welcome/reset/${encodeURIComponent(user.email)}/${token}`;
        mail(
          user.email,
          'Reset your password',
          `Open this link within an hour to choose a new password: ${link}`,
          link,
        );
      });
      return true;
    },
    sendUnlockMail(email, origin) {
      const user = findUser(email);
      if (!user) return false;
      transaction(() => sendUnlock(user, origin));
      return true;
    },
    async resetPassword(token, password, meetsRules) {
      const found = liveToken(token, 'reset');
      if (!found) return { ok: false, reason: 'unknown-token' };
      if (found.expires_at <= clock.now()) return { ok: false, reason: 'expired-token' };
      if (standingOf(found.user_id).standing === 'suspended') return { ok: false, reason: 'suspended' };
      if (!meetsRules(password)) return { ok: false, reason: 'weak' };
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
      for (const previous of [current.password_hash, ...history.map((row) => row.password_hash)]) {
        if (await verifyPassword(password, previous)) return { ok: false, reason: 'reused' };
      }
      const newHash = await hashPassword(password);
      return transaction((): ResetOutcome => {
        // Checked again inside the write: two resets with one token must not both succeed.
        const still = liveToken(token, 'reset');
        if (!still) return { ok: false, reason: 'unknown-token' };
        const now = clock.now();
        db.prepare('UPDATE account_tokens SET used_at = ? WHERE token_hash = ?').run(now, hashToken(token));
        db.prepare('INSERT INTO password_history (user_id, password_hash, replaced_at) VALUES (?, ?, ?)').run(
          found.user_id,
          current.password_hash,
          now,
        );
        db.prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?').run(
          newHash,
          now,
          found.user_id,
        );
        ensureRow(found.user_id);
        // A reset reactivates an account that expired for inactivity and lifts a lockout.
        db.prepare(
          `UPDATE account_security SET failed_attempts = 0, locked_at = NULL,
             standing = CASE standing WHEN 'expired' THEN 'active' ELSE standing END WHERE user_id = ?`,
        ).run(found.user_id);
        return { ok: true };
      });
    },
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
    tokenTimes(accessToken) {
      const row = db
        .prepare<[string, number], { created_at: number; expires_at: number }>(
          'SELECT created_at, expires_at FROM access_tokens WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?',
        )
        .get(hashToken(accessToken), clock.now());
      return row ? { createdAt: row.created_at, expiresAt: row.expires_at } : null;
    },
  };
}
