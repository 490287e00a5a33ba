// Access and refresh tokens (access §4, §7). Tokens are random; only their SHA-256 is stored, so a copy of the
// database does not hand out sessions. Access tokens live 2 hours; a refresh swaps both for new ones.
import { createHash, randomBytes } from 'node:crypto';
import type { TokenResult } from '#domain/session/accountContract';
import type { Clock } from '../shared/clock.ts';
import type { EventLog } from '../store/eventLog.ts';
import { decoyPasswordHash, verifyPassword } from './passwords.ts';

export const ACCESS_TOKEN_LIFETIME_SECONDS = 7_200;
export const REFRESH_TOKEN_LIFETIME_SECONDS = 30 * 24 * 3_600;

export type { TokenResult };

export type TokenService = {
  signInWithPassword(email: string, password: string, application: string): Promise<TokenResult | null>;
  refresh(refreshToken: string): TokenResult | null;
  /** Revokes the session the token (access or refresh) belongs to; false when there was none to revoke. */
  revoke(token: string): boolean;
  /** The user a valid, unexpired, unrevoked access token belongs to. */
  userOfAccessToken(accessToken: string): string | null;
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Characters in an access or refresh token. The dashboard's sign-in from `access_token` / `refresh_token` query
 * values accepts only values over 400 characters (access §2), so a simulator token must be longer than that. */
export const TOKEN_LENGTH = 512;

function newToken(): string {
  // base64url writes 4 url-safe characters for every 3 bytes: 384 random bytes make 512 characters, no padding.
  return randomBytes((TOKEN_LENGTH / 4) * 3).toString('base64url');
}

type TokenRow = { user_id: string; application: string };

export function createTokenService(log: EventLog, clock: Clock): TokenService {
  const { db } = log;
  const findUser = db.prepare<[string], { id: string; password_hash: string; organization_id: string }>(
    'SELECT id, password_hash, organization_id FROM users WHERE email = ?',
  );
  const insertToken = db.prepare(`
    INSERT INTO access_tokens (token_hash, refresh_hash, user_id, application, created_at, expires_at,
      refresh_expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const findByRefresh = db.prepare<[string, number], TokenRow>(
    'SELECT user_id, application FROM access_tokens WHERE refresh_hash = ? AND revoked_at IS NULL AND refresh_expires_at > ?',
  );
  const findByAccess = db.prepare<[string, number], { user_id: string }>(
    'SELECT user_id FROM access_tokens WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?',
  );
  const revokeByHash = db.prepare(
    'UPDATE access_tokens SET revoked_at = ? WHERE (token_hash = ? OR refresh_hash = ?) AND revoked_at IS NULL',
  );

  function issue(userId: string, application: string): TokenResult {
    const createdAt = Math.floor(clock.now() / 1000);
    const result: TokenResult = {
      access_token: newToken(),
      refresh_token: newToken(),
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      token_type: 'Bearer',
      created_at: createdAt,
      scope: application,
      uuid: userId,
    };
    insertToken.run(
      hashToken(result.access_token),
      hashToken(result.refresh_token),
      userId,
      application,
      createdAt * 1000,
      (createdAt + ACCESS_TOKEN_LIFETIME_SECONDS) * 1000,
      (createdAt + REFRESH_TOKEN_LIFETIME_SECONDS) * 1000,
    );
    return result;
  }

  return {
    async signInWithPassword(email, password, application) {
      const user = findUser.get(email.trim());
      const matches = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash()));
      if (!user || !matches) return null;
      return log.transaction(() => {
        const now = clock.now();
        log.record(
          { type: 'UserSignedIn', data: { user_id: user.id, at: new Date(now).toISOString() } },
          { streamId: user.id, organizationId: user.organization_id, recordedAt: now },
        );
        return issue(user.id, application);
      });
    },
    refresh(refreshToken) {
      return log.transaction(() => {
        const now = clock.now();
        const refreshHash = hashToken(refreshToken);
        const session = findByRefresh.get(refreshHash, now);
        if (!session) return null;
        revokeByHash.run(now, refreshHash, refreshHash);
        return issue(session.user_id, session.application);
      });
    },
    revoke(token) {
      const tokenHash = hashToken(token);
      return log.transaction(() => revokeByHash.run(clock.now(), tokenHash, tokenHash).changes > 0);
    },
    userOfAccessToken(accessToken) {
      return findByAccess.get(hashToken(accessToken), clock.now())?.user_id ?? null;
    },
  };
}
