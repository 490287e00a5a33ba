// The SQL a mutual-aid request reads: who asks (their e-mail and name, from the users table) and which of the
// named assets the caller's organization owns.
import type { SqliteDatabase } from '../store/database.ts';

export type MutualAidRepository = {
  requester(userId: string): { email: string; firstname: string; lastname: string } | null;
  ownedThingIds(organizationId: string, thingIds: readonly string[]): Set<string>;
};

export function createMutualAidRepository(db: SqliteDatabase): MutualAidRepository {
  const selectUser = db.prepare<[string], { email: string; firstname: string; lastname: string }>(
    'SELECT email, firstname, lastname FROM users WHERE id = ?',
  );
  const selectOwned = db.prepare<[string, string], { id: string }>(
    'SELECT id FROM things WHERE organization_id = ? AND id IN (SELECT value FROM json_each(?))',
  );
  return {
    requester: (userId) => selectUser.get(userId) ?? null,
    ownedThingIds: (organizationId, thingIds) =>
      new Set(selectOwned.all(organizationId, JSON.stringify(thingIds)).map((row) => row.id)),
  };
}
