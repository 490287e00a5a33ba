// Access and refresh tokens (access §4, §7). Tokens are random; only their SHA-256 is stored, so a copy of the
// database does not hand out sessions. Access tokens live 2 hours; a refresh swaps both for new ones. Each session
// carries a stamp of the password it was opened with (the SHA-256 of the user's password hash at issue): a reset or
// any other change of password changes the hash, so every session opened before it stops working at once, on REST,
// on a refresh and on cable connect alike (issue 17). The stamp is checked against `users`, a projection, so a
// rebuild from the log keeps exactly the sessions that were valid. Opening, refreshing and revoking a session are
// events (SessionOpened, SessionRefreshed, SessionsRevoked; auth/sessionProjection.ts writes access_tokens), so
// every node of a cluster knows every session (issue 35).
// A refresh token is used once. Every session refreshed from a sign-in belongs to that sign-in's family; when a
// refresh token comes back after it was used — a copy in a thief's hands, or the thief's use noticed by the owner —
// the whole family is revoked, so whichever of the two holds the newer tokens loses them too (issue 24).
import { randomBytes, randomUUID } from 'node:crypto';
import type { TokenResult } from '#domain/session/accountContract';
import type { Clock } from '../kernel/clock.ts';
import { hashToken } from '../kernel/tokenHash.ts';
import type { SqliteDatabase } from '../store/database.ts';
import type { EventLog } from '../store/eventLog.ts';
import type { SessionEvent } from '../store/events.ts';

export const ACCESS_TOKEN_LIFETIME_SECONDS = 7_200;
export const REFRESH_TOKEN_LIFETIME_SECONDS = 30 * 24 * 3_600;

export type { TokenResult };

/** A live access token: whose it is and, in unix ms, when it was issued and when it expires. */
export type VerifiedAccessToken = { userId: string; createdAt: number; expiresAt: number };

export type TokenService = {
  /** Records the sign-in of a user whose password was checked and opens a session for `application`. */
  signIn(user: { id: string; organization_id: string }, application: string): Promise<TokenResult>;
  refresh(refreshToken: string): Promise<TokenResult | null>;
  /** Revokes the session the token (access or refresh) belongs to; false when there was none to revoke. */
  revoke(token: string): Promise<boolean>;
  /** Revokes every session of the user (an undone e-mail change: whoever asked for it is signed out); call inside
   * the write that undid it. */
  revokeAllOf(userId: string): void;
  /**
   * The one check of an access token, for every route, `POST /api/verify_token` and the cable: known, unexpired,
   * unrevoked, and opened with the user's current password. Null otherwise.
   */
  verifyAccessToken(accessToken: string): VerifiedAccessToken | null;
};

/** Characters in an access or refresh token. The dashboard's sign-in from `access_token` / `refresh_token` query
 * values accepts only values over 400 characters (access §2), so a simulator token must be longer than that. */
export const TOKEN_LENGTH = 512;

function newToken(): string {
  // base64url writes 4 url-safe characters for every 3 bytes: 384 random bytes make 512 characters, no padding.
  return randomBytes((TOKEN_LENGTH / 4) * 3).toString('base64url');
}

/** The stamp of the password a session was opened with. */
const passwordStampOf = (passwordHash: string) => hashToken(passwordHash);

type SessionRow = { user_id: string; password_stamp: string; password_hash: string };

/** A session as a presented refresh token finds it. */
export type RefreshedSession = {
  revoked: boolean;
  /** Already swapped for a newer pair. */
  used: boolean;
  expired: boolean;
  /** Opened with the user's current password. */
  current: boolean;
};

/**
 * What a presented refresh token does: swap the pair (`rotate`), nothing (`refuse`: unknown, expired, revoked,
 * or from before a password change), or, when it was already used, revoke its whole family (`revoke-family`).
 */
export function refreshOutcome(session: RefreshedSession | null): 'rotate' | 'refuse' | 'revoke-family' {
  if (session === null) return 'refuse';
  if (session.used) return 'revoke-family';
  if (session.revoked || session.expired || !session.current) return 'refuse';
  return 'rotate';
}

/** The reads of access_tokens a session decision takes (sessionProjection.ts writes the table). */
function prepareSessionQueries(db: SqliteDatabase) {
  const selectPasswordHash = db.prepare<[string], { password_hash: string }>(
    'SELECT password_hash FROM users WHERE id = ?',
  );
  const findByRefresh = db.prepare<
    [string],
    SessionRow & {
      application: string;
      token_hash: string;
      family: string | null;
      revoked_at: number | null;
      refreshed_at: number | null;
      refresh_expires_at: number;
    }
  >(`
    SELECT t.user_id, t.application, t.password_stamp, u.password_hash, t.token_hash, t.family, t.revoked_at,
      t.refreshed_at, t.refresh_expires_at FROM access_tokens t
    JOIN users u ON u.id = t.user_id
    WHERE t.refresh_hash = ?`);
  const findByAccess = db.prepare<[string, number], SessionRow & { created_at: number; expires_at: number }>(`
    SELECT t.user_id, t.password_stamp, t.created_at, t.expires_at, u.password_hash FROM access_tokens t
    JOIN users u ON u.id = t.user_id
    WHERE t.token_hash = ? AND t.revoked_at IS NULL AND t.expires_at > ?`);
  const findLiveByHash = db.prepare<[string, string], { user_id: string; organization_id: string }>(`
    SELECT t.user_id, u.organization_id FROM access_tokens t JOIN users u ON u.id = t.user_id
    WHERE (t.token_hash = ? OR t.refresh_hash = ?) AND t.revoked_at IS NULL`);
  const organizationOf = db.prepare<[string], { organization_id: string }>(
    'SELECT organization_id FROM users WHERE id = ?',
  );

  return { selectPasswordHash, findByRefresh, findByAccess, findLiveByHash, organizationOf };
}

export function createTokenService(log: EventLog, clock: Clock): TokenService {
  const { selectPasswordHash, findByRefresh, findByAccess, findLiveByHash, organizationOf } =
    prepareSessionQueries(log.db);
  /** The session still belongs to the password the user has now. */
  const current = (row: SessionRow | undefined) =>
    row !== undefined && row.password_stamp === passwordStampOf(row.password_hash);
  /** Appends a session event on the user's stream; call inside `transaction`. */
  function recordFor(userId: string, event: SessionEvent, organizationId?: string) {
    const organization = organizationId ?? organizationOf.get(userId)?.organization_id ?? null;
    log.record(event, { streamId: userId, organizationId: organization, recordedAt: clock.now() });
  }

  function issue(userId: string, application: string, family: string = randomUUID()): TokenResult {
    const passwordHash = selectPasswordHash.get(userId)?.password_hash;
    if (passwordHash === undefined) throw new Error(`No user ${userId} to open a session for`);
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
    recordFor(userId, {
      type: 'SessionOpened',
      data: {
        token_hash: hashToken(result.access_token),
        refresh_hash: hashToken(result.refresh_token),
        user_id: userId,
        application,
        created_at: createdAt * 1000,
        expires_at: (createdAt + ACCESS_TOKEN_LIFETIME_SECONDS) * 1000,
        refresh_expires_at: (createdAt + REFRESH_TOKEN_LIFETIME_SECONDS) * 1000,
        password_stamp: passwordStampOf(passwordHash),
        family,
      },
    });
    return result;
  }

  return {
    signIn(user, application) {
      return log.write(() => {
        const now = clock.now();
        log.record(
          { type: 'UserSignedIn', data: { user_id: user.id, at: new Date(now).toISOString() } },
          { streamId: user.id, organizationId: user.organization_id, recordedAt: now },
        );
        return issue(user.id, application);
      });
    },
    refresh(refreshToken) {
      return log.write(() => {
        const now = clock.now();
        const refreshHash = hashToken(refreshToken);
        const session = findByRefresh.get(refreshHash);
        const outcome = refreshOutcome(
          session
            ? {
                revoked: session.revoked_at !== null,
                used: session.refreshed_at !== null,
                expired: session.refresh_expires_at <= now,
                current: current(session),
              }
            : null,
        );
        if (!session || outcome === 'refuse') return null;
        if (outcome === 'revoke-family') {
          recordFor(session.user_id, {
            type: 'SessionsRevoked',
            data: {
              user_id: session.user_id,
              scope: 'family',
              family: session.family,
              token_hash: session.token_hash,
            },
          });
          return null;
        }
        recordFor(session.user_id, {
          type: 'SessionRefreshed',
          data: { user_id: session.user_id, refresh_hash: refreshHash },
        });
        return issue(session.user_id, session.application, session.family ?? session.token_hash);
      });
    },
    revoke(token) {
      const tokenHash = hashToken(token);
      return log.write(() => {
        const session = findLiveByHash.get(tokenHash, tokenHash);
        if (!session) return false;
        recordFor(
          session.user_id,
          {
            type: 'SessionsRevoked',
            data: { user_id: session.user_id, scope: 'token', token_hash: tokenHash },
          },
          session.organization_id,
        );
        return true;
      });
    },
    revokeAllOf(userId) {
      // Inside the caller's write (an undone e-mail change), like the rest of it.
      recordFor(userId, { type: 'SessionsRevoked', data: { user_id: userId, scope: 'user' } });
    },
    verifyAccessToken(accessToken) {
      const row = findByAccess.get(hashToken(accessToken), clock.now());
      if (!row || !current(row)) return null;
      return { userId: row.user_id, createdAt: row.created_at, expiresAt: row.expires_at };
    },
  };
}
