// The reset and unlock links' tokens: random, stored hashed with their expiry, used once. Issuing and using one are
// events (AccountLinkIssued, AccountLinkUsed; auth/sessionProjection.ts writes account_tokens), so a link mailed by
// one node of a cluster opens on any; whether a link may still be used is the account decider's call.
import { randomBytes } from 'node:crypto';
import type { Clock } from '../kernel/clock.ts';
import type { SqliteDatabase } from '../store/database.ts';
import type { AccountRecords } from './accountRecords.ts';
import { hashToken } from '../kernel/tokenHash.ts';

export type LinkKind = 'reset' | 'unlock';

/** An unused link as the account decider reads it (its expiry is checked there). */
export type LiveLink = { userId: string; expiresAt: number };

export type AccountLinks = {
  /** A new token for `userId`'s link of this kind, valid for `lifetimeMs`; call inside `transaction`. */
  issue(userId: string, kind: LinkKind, lifetimeMs: number): string;
  /** The unused link this token opens, expired or not; null when there is none. */
  live(token: string, kind: LinkKind): LiveLink | null;
  /** Marks the token's link used, so it opens nothing again; call inside `transaction`. */
  markUsed(token: string): void;
};

export function createAccountLinks(
  db: SqliteDatabase,
  clock: Clock,
  accounts: Pick<AccountRecords, 'recordForUser'>,
): AccountLinks {
  const selectLive = db.prepare<[string, string], { user_id: string; expires_at: number }>(
    'SELECT user_id, expires_at FROM account_tokens WHERE token_hash = ? AND kind = ? AND used_at IS NULL',
  );
  const selectOwner = db.prepare<[string], { user_id: string }>(
    'SELECT user_id FROM account_tokens WHERE token_hash = ?',
  );
  return {
    issue(userId, kind, lifetimeMs) {
      const token = randomBytes(24).toString('base64url');
      const expiresAt = clock.now() + lifetimeMs;
      accounts.recordForUser(
        {
          type: 'AccountLinkIssued',
          data: { token_hash: hashToken(token), user_id: userId, kind, expires_at: expiresAt },
        },
        userId,
      );
      return token;
    },
    live(token, kind) {
      const row = selectLive.get(hashToken(token), kind);
      return row ? { userId: row.user_id, expiresAt: row.expires_at } : null;
    },
    markUsed(token) {
      const tokenHash = hashToken(token);
      const link = selectOwner.get(tokenHash);
      if (!link) return;
      accounts.recordForUser(
        { type: 'AccountLinkUsed', data: { user_id: link.user_id, token_hash: tokenHash } },
        link.user_id,
      );
    },
  };
}
