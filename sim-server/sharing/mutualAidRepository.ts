// The SQL a mutual-aid request reads: who asks (their e-mail and name, from the users table) and which of the
// named assets the caller's organization owns, and their names for the mail to support.
import type { SqliteDatabase } from '../store/database.ts';

export type MutualAidRepository = {
  requester(userId: string): { email: string; firstname: string; lastname: string } | null;
  ownedThingIds(organizationId: string, thingIds: readonly string[]): Set<string>;
  /** The assets' names as the dashboard shows them (nickname, else the upper-cased system identifier), by id. */
  thingNames(thingIds: readonly string[]): Map<string, string>;
};

export function createMutualAidRepository(db: SqliteDatabase): MutualAidRepository {
  const selectUser = db.prepare<[string], { email: string; firstname: string; lastname: string }>(
    'SELECT email, firstname, lastname FROM users WHERE id = ?',
  );
  const selectOwned = db.prepare<[string, string], { id: string }>(
    'SELECT id FROM things WHERE organization_id = ? AND id IN (SELECT value FROM json_each(?))',
  );
  const selectNames = db.prepare<[string], { id: string; name: string }>(
    `SELECT id, COALESCE(NULLIF(nickname, ''), UPPER(system_identifier)) AS name
       FROM things WHERE id IN (SELECT value FROM json_each(?))`,
  );
  return {
    requester: (userId) => selectUser.get(userId) ?? null,
    ownedThingIds: (organizationId, thingIds) =>
      new Set(selectOwned.all(organizationId, JSON.stringify(thingIds)).map((row) => row.id)),
    thingNames: (thingIds) =>
      new Map(selectNames.all(JSON.stringify(thingIds)).map((row) => [row.id, row.name])),
  };
}
