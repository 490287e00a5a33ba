// Projects users' registration and sign-ins onto the users table (the account events have their own projection:
// auth/accountProjection.ts).
import { toFlag, type SqliteDatabase } from '../store/database.ts';
import type { StoredEvent, UserRecord, UserSignInRecord } from '../store/events.ts';

export type UserStoredEvent = Extract<StoredEvent, { type: 'UserRegistered' | 'UserSignedIn' }>;

export type UserProjection = { apply(event: UserStoredEvent): void };

export function createUserProjection(db: SqliteDatabase): UserProjection {
  const insertUser = db.prepare(`
    INSERT INTO users (id, email, password_hash, firstname, lastname, role_id, organization_id, extra_permissions,
      sign_in_count, last_sign_in_at, has_api_keys, is_ha_direct_enabled, updated_at)
    VALUES (@id, @email, @password_hash, @firstname, @lastname, @role_id, @organization_id, @extra_permissions,
      0, NULL, @has_api_keys, @is_ha_direct_enabled, @updated_at)`);
  const signIn = db.prepare(
    'UPDATE users SET sign_in_count = sign_in_count + 1, last_sign_in_at = ?, updated_at = ? WHERE id = ?',
  );

  function registerUser(record: UserRecord, recordedAt: number) {
    insertUser.run({
      id: record.id,
      email: record.email,
      password_hash: record.password_hash,
      firstname: record.firstname,
      lastname: record.lastname,
      role_id: record.role_id,
      organization_id: record.organization_id,
      extra_permissions: JSON.stringify(record.extra_permissions),
      has_api_keys: toFlag(record.has_api_keys),
      is_ha_direct_enabled: toFlag(record.is_ha_direct_enabled),
      updated_at: recordedAt,
    });
  }

  function recordSignIn(record: UserSignInRecord, recordedAt: number) {
    signIn.run(Date.parse(record.at), recordedAt, record.user_id);
  }

  return {
    apply(event) {
      switch (event.type) {
        case 'UserRegistered':
          return registerUser(event.data, event.recordedAt);
        case 'UserSignedIn':
          return recordSignIn(event.data, event.recordedAt);
        default: {
          const unexpected: never = event;
          throw new Error(`No user projection for ${JSON.stringify(unexpected)}`);
        }
      }
    },
  };
}
