// Reading alerting zones from their projection: a list (optionally of one hotspot) and one zone.
import type { AlertingZoneRecord } from '#domain/zones/alertingZoneRecord';
import type { SqliteDatabase } from '../store/database.ts';

export type AlertingZoneRepository = {
  list(organizationIds: readonly string[], hotspotId: string | null): AlertingZoneRecord[];
  byId(id: string): AlertingZoneRecord | null;
};

export function createAlertingZoneRepository(db: SqliteDatabase): AlertingZoneRepository {
  const selectList = db.prepare<[{ organizations: string; hotspot: string | null }], { data: string }>(`
    SELECT data FROM alerting_zones WHERE organization_id IN (SELECT value FROM json_each(@organizations))
      AND (@hotspot IS NULL OR hotspot_id = @hotspot) ORDER BY id`);
  const selectOne = db.prepare<[string], { data: string }>('SELECT data FROM alerting_zones WHERE id = ?');
  return {
    list: (organizationIds, hotspotId) =>
      selectList
        .all({ organizations: JSON.stringify(organizationIds), hotspot: hotspotId })
        .map((row) => JSON.parse(row.data) as AlertingZoneRecord),
    byId(id) {
      const row = selectOne.get(id);
      return row ? (JSON.parse(row.data) as AlertingZoneRecord) : null;
    },
  };
}
