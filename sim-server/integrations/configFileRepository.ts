// Reading device config files and what a save needs from the projections.
import type { ConfigFileRecord } from '#domain/integrations/configFile';
import type { SqliteDatabase } from '../store/database.ts';

export type ConfigFileRepository = {
  list(organizationIds: readonly string[]): ConfigFileRecord[];
  byId(id: string): ConfigFileRecord | null;
  organizationName(id: string): string | null;
};

export function createConfigFileRepository(db: SqliteDatabase): ConfigFileRepository {
  const selectList = db.prepare<[string], { data: string }>(
    'SELECT data FROM config_files WHERE organization_id IN (SELECT value FROM json_each(?)) ORDER BY updated_at DESC, id',
  );
  const selectOne = db.prepare<[string], { data: string }>('SELECT data FROM config_files WHERE id = ?');
  const selectOrganizationName = db.prepare<[string], { name: string }>(
    'SELECT name FROM organizations WHERE id = ?',
  );
  return {
    list: (organizationIds) =>
      selectList.all(JSON.stringify(organizationIds)).map((row) => JSON.parse(row.data) as ConfigFileRecord),
    byId(id) {
      const row = selectOne.get(id);
      return row ? (JSON.parse(row.data) as ConfigFileRecord) : null;
    },
    organizationName: (id) => selectOrganizationName.get(id)?.name ?? null,
  };
}
