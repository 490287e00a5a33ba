// The reset and unlock links' tokens: random, stored hashed with their expiry, used once. Simulator state beside
// the event log, like access tokens; whether a link may still be used is the account decider's call.
import { randomBytes } from 'node:crypto';
import type { Clock } from '../kernel/clock.ts';
import type { SqliteDatabase } from '../store/database.ts';
import { hashToken } from '../kernel/tokenHash.ts';

export type LinkKind = 'reset' | 'unlock';

/** An unused link as the account decider reads it (its expiry is checked there). */
export type LiveLink = { userId: string; expiresAt: number };

export type AccountLinks = {
  /** A new token for `userId`'s link of this kind, valid for `lifetimeMs`. */
  issue(userId: string, kind: LinkKind, lifetimeMs: number): string;
  /** The unused link this token opens, expired or not; null when there is none. */
  live(token: string, kind: LinkKind): LiveLink | null;
  /** Marks the token's link used, so it opens nothing again. */
  markUsed(token: string): void;
};

export function createAccountLinks(db: SqliteDatabase, clock: Clock): AccountLinks {
  return {
    issue(userId, kind, lifetimeMs) {
      const token = randomBytes(24).toString('base64url');
      db.prepare(
        'INSERT INTO account_tokens (token_hash, user_id, kind, expires_at) VALUES (?, ?, ?, ?)',
      ).run(hashToken(token), userId, kind, clock.now() + lifetimeMs);
      return token;
    },
    live(token, kind) {
      const row = db
        .prepare<[string, string], { user_id: string; expires_at: number }>(
          'SELECT user_id, expires_at FROM account_tokens WHERE token_hash = ? AND kind = ? AND used_at IS NULL',
        )
        .get(hashToken(token), kind);
      return row ? { userId: row.user_id, expiresAt: row.expires_at } : null;
    },
    markUsed(token) {
      db.prepare('UPDATE account_tokens SET used_at = ? WHERE token_hash = ?').run(
        clock.now(),
        hashToken(token),
      );
    },
  };
}
