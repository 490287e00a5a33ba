// Projects the account events onto account_security (standing, failed sign-ins, lockout), password_history and the
// user's current password hash (a new one ends the user's API tokens), so a rebuild from the log restores who may sign in and with which password.
import type { SqliteDatabase } from '../store/database.ts';
import type { AccountEvent, StoredEvent, UserSignInRecord } from '../store/events.ts';

export type AccountStoredEvent = Extract<StoredEvent, AccountEvent>;

export type AccountProjection = {
  apply(event: AccountStoredEvent): void;
  /** A successful sign-in clears the count of failures before it. */
  signedIn(record: UserSignInRecord): void;
};

export function createAccountProjection(db: SqliteDatabase): AccountProjection {
  const ensureRow = db.prepare('INSERT OR IGNORE INTO account_security (user_id) VALUES (?)');
  const selectHash = db.prepare<[string], { password_hash: string }>(
    'SELECT password_hash FROM users WHERE id = ?',
  );
  const keepOldHash = db.prepare(
    'INSERT INTO password_history (user_id, password_hash, replaced_at) VALUES (?, ?, ?)',
  );
  const setHash = db.prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?');
  // A new password lifts a lockout and reactivates an account that expired for inactivity (access §8).
  const afterNewPassword = db.prepare(`
    UPDATE account_security SET failed_attempts = 0, locked_at = NULL,
      standing = CASE standing WHEN 'expired' THEN 'active' ELSE standing END
    WHERE user_id = ?`);
  // A new password ends the user's API tokens as it ends their sessions (issue 24): whoever reset a stolen
  // account's password must not find a token the thief minted still working. Projected, so a rebuild agrees.
  const dropApiTokens = db.prepare('DELETE FROM api_tokens WHERE user_id = ?');
  const countFailure = db.prepare(
    'UPDATE account_security SET failed_attempts = failed_attempts + 1 WHERE user_id = ?',
  );
  const lock = db.prepare('UPDATE account_security SET locked_at = ? WHERE user_id = ?');
  const unlock = db.prepare(
    'UPDATE account_security SET failed_attempts = 0, locked_at = NULL WHERE user_id = ?',
  );
  const clearFailures = db.prepare('UPDATE account_security SET failed_attempts = 0 WHERE user_id = ?');
  const setStanding = db.prepare('UPDATE account_security SET standing = ? WHERE user_id = ?');

  function changePassword(userId: string, passwordHash: string, recordedAt: number) {
    const current = selectHash.get(userId);
    if (!current) throw new Error(`PasswordChanged for unknown user ${userId}`);
    keepOldHash.run(userId, current.password_hash, recordedAt);
    setHash.run(passwordHash, recordedAt, userId);
    afterNewPassword.run(userId);
    dropApiTokens.run(userId);
  }

  return {
    apply(event) {
      const userId = event.data.user_id;
      ensureRow.run(userId);
      switch (event.type) {
        case 'PasswordChanged':
          return changePassword(userId, event.data.password_hash, event.recordedAt);
        case 'SignInFailed':
          countFailure.run(userId);
          return;
        case 'AccountLocked':
          lock.run(event.recordedAt, userId);
          return;
        case 'AccountUnlocked':
          unlock.run(userId);
          return;
        case 'AccountStandingChanged':
          setStanding.run(event.data.standing, userId);
          return;
        default: {
          const unexpected: never = event;
          throw new Error(`No account projection for ${JSON.stringify(unexpected)}`);
        }
      }
    },
    signedIn(record) {
      clearFailures.run(record.user_id);
    },
  };
}
