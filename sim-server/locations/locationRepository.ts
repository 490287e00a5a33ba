// Reading locations from their projection (store/documentProjections.ts): the recent list, the active ones, one.
import type { LocationRecord } from '#domain/locations/locationRecord';
import type { SqliteDatabase } from '../store/database.ts';

export type LocationRepository = {
  /** Going on, or started or ended at or after `startDate`; changed at or after `since`. Active first, newest first. */
  recent(organizationIds: readonly string[], startDate: number, since: number): LocationRecord[];
  active(organizationIds: readonly string[]): LocationRecord[];
  byId(id: string): LocationRecord | null;
};

export function createLocationRepository(db: SqliteDatabase): LocationRepository {
  const selectRecent = db.prepare<
    [{ organizations: string; startDate: number; since: number }],
    { data: string }
  >(`
    SELECT data FROM locations
    WHERE organization_id IN (SELECT value FROM json_each(@organizations))
      AND (is_active = 1 OR start_at >= @startDate OR end_at >= @startDate) AND updated_at >= @since
    ORDER BY is_active DESC, start_at DESC, id`);
  const selectActive = db.prepare<[string], { data: string }>(`
    SELECT data FROM locations WHERE organization_id IN (SELECT value FROM json_each(?)) AND is_active = 1
    ORDER BY start_at DESC, id`);
  const selectOne = db.prepare<[string], { data: string }>('SELECT data FROM locations WHERE id = ?');
  const parse = (rows: { data: string }[]) => rows.map((row) => JSON.parse(row.data) as LocationRecord);
  return {
    recent: (organizationIds, startDate, since) =>
      parse(selectRecent.all({ organizations: JSON.stringify(organizationIds), startDate, since })),
    active: (organizationIds) => parse(selectActive.all(JSON.stringify(organizationIds))),
    byId(id) {
      const row = selectOne.get(id);
      return row ? (JSON.parse(row.data) as LocationRecord) : null;
    },
  };
}
