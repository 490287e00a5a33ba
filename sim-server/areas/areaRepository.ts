// Reading areas, area types and what an area save needs from the projections.
import type { AreaRecord, AreaTypeRecord } from '#domain/areas/areaRecord';
import type { SqliteDatabase } from '../store/database.ts';

export type AreaRepository = {
  list(organizationIds: readonly string[]): AreaRecord[];
  byId(id: string): AreaRecord | null;
  areaType(id: string): AreaTypeRecord | null;
  organizationName(id: string): string | null;
};

export function createAreaRepository(db: SqliteDatabase): AreaRepository {
  const selectList = db.prepare<[string], { data: string }>(
    'SELECT data FROM areas WHERE organization_id IN (SELECT value FROM json_each(?)) ORDER BY id',
  );
  const selectOne = db.prepare<[string], { data: string }>('SELECT data FROM areas WHERE id = ?');
  const selectType = db.prepare<[string], { data: string }>('SELECT data FROM area_types WHERE id = ?');
  const selectOrganizationName = db.prepare<[string], { name: string }>(
    'SELECT name FROM organizations WHERE id = ?',
  );
  return {
    list: (organizationIds) =>
      selectList.all(JSON.stringify(organizationIds)).map((row) => JSON.parse(row.data) as AreaRecord),
    byId(id) {
      const row = selectOne.get(id);
      return row ? (JSON.parse(row.data) as AreaRecord) : null;
    },
    areaType(id) {
      const row = selectType.get(id);
      return row ? (JSON.parse(row.data) as AreaTypeRecord) : null;
    },
    organizationName: (id) => selectOrganizationName.get(id)?.name ?? null,
  };
}
