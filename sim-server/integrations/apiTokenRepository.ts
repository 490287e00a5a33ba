// Reading API tokens from their projection: a user's tokens for the list and the decider, whether the user has API
// keys enabled, and — for the bearer check in auth/authPlugin.ts — whose a presented token is.
import type { SqliteDatabase } from '../store/database.ts';
import type { ApiTokenCreatedRecord } from '../store/events.ts';

export type ApiTokenRepository = {
  /** The user's tokens, newest first. */
  tokensOf(userId: string): ApiTokenCreatedRecord[];
  hasApiKeys(userId: string): boolean;
  /** The user a live token (by its SHA-256) belongs to; a revoked token is gone from the table. */
  userOfTokenHash(tokenHash: string): string | null;
};

type TokenRow = Omit<ApiTokenCreatedRecord, 'created_date'> & { created_at: number };

export function createApiTokenRepository(db: SqliteDatabase): ApiTokenRepository {
  const selectOfUser = db.prepare<[string], TokenRow>(`
    SELECT id, user_id, description, token_hash, token_tail, created_at FROM api_tokens WHERE user_id = ?
    ORDER BY created_at DESC, id`);
  const selectFlag = db.prepare<[string], { has_api_keys: number }>(
    'SELECT has_api_keys FROM users WHERE id = ?',
  );
  const selectByHash = db.prepare<[string], { user_id: string }>(
    'SELECT user_id FROM api_tokens WHERE token_hash = ?',
  );
  return {
    tokensOf: (userId) =>
      selectOfUser.all(userId).map(({ created_at: createdAt, ...row }) => ({
        ...row,
        created_date: new Date(createdAt).toISOString(),
      })),
    hasApiKeys: (userId) => selectFlag.get(userId)?.has_api_keys === 1,
    userOfTokenHash: (tokenHash) => selectByHash.get(tokenHash)?.user_id ?? null,
  };
}
