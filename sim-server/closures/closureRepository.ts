// Reading closures and what a closure save needs from the projections: the list, one closure, the organization a
// save goes to, the asset it names and the holder of a WZDx id.
import type { ClosureRecord } from '#domain/closures/closureRecord';
import type { SqliteDatabase } from '../store/database.ts';
import type { ClosureAsset, ClosureOrganization } from './closureDecider.ts';

export type ClosureRepository = {
  /** Closures of the organizations changed at or after `since`, ordered by id. */
  list(organizationIds: readonly string[], since: number): ClosureRecord[];
  byId(id: string): ClosureRecord | null;
  organization(id: string): ClosureOrganization | null;
  /** The active asset, when the organization sees it. */
  assetSeenBy(thingId: string, organizationId: string): ClosureAsset | null;
  /** The id of the closure holding this WZDx id. */
  externalIdHolder(externalId: string): string | null;
  /** Closures of WZDx organizations with their last save time, by id, for the feed. */
  ofWzdxOrganizations(): { closure: ClosureRecord; updatedAt: number }[];
  /** The WZDx organizations as the feed's data sources. */
  wzdxDataSources(): { data_source_id: string; organization_name: string }[];
};

export function createClosureRepository(db: SqliteDatabase): ClosureRepository {
  const selectList = db.prepare<[string, number], { data: string }>(`
    SELECT data FROM closures WHERE organization_id IN (SELECT value FROM json_each(?)) AND updated_at >= ?
    ORDER BY id`);
  const selectOne = db.prepare<[string], { data: string }>('SELECT data FROM closures WHERE id = ?');
  const selectByExternalId = db.prepare<[string], { id: string }>(
    'SELECT id FROM closures WHERE external_id = ?',
  );
  const selectOrganization = db.prepare<
    [string],
    { id: string; name: string; type_name: string; is_wzdx_org: number; timezone: string }
  >('SELECT id, name, type_name, is_wzdx_org, timezone FROM organizations WHERE id = ?');
  const selectThing = db.prepare<
    [string, string],
    Omit<ClosureAsset, 'is_allowed_for_closures'> & { is_allowed_for_closures: number }
  >(`
    SELECT t.id, t.nickname, t.system_identifier, t.registry_number, t.vin_number, t.license_plate_number,
      t.is_allowed_for_closures, s.heartbeat_at
    FROM things t JOIN thing_states s ON s.thing_key = t.thing_key
    WHERE t.id = ? AND t.is_active = 1 AND EXISTS (
      SELECT 1 FROM thing_access a WHERE a.thing_id = t.id AND a.organization_id = ?)`);
  const selectWzdxClosures = db.prepare<[], { data: string; updated_at: number }>(`
    SELECT c.data, c.updated_at FROM closures c JOIN organizations o ON o.id = c.organization_id
    WHERE o.is_wzdx_org = 1 ORDER BY c.id`);
  const selectSources = db.prepare<[], { data_source_id: string; organization_name: string }>(
    'SELECT id AS data_source_id, name AS organization_name FROM organizations WHERE is_wzdx_org = 1 ORDER BY id',
  );
  return {
    ofWzdxOrganizations: () =>
      selectWzdxClosures
        .all()
        .map((row) => ({ closure: JSON.parse(row.data) as ClosureRecord, updatedAt: row.updated_at })),
    wzdxDataSources: () => selectSources.all(),
    list: (organizationIds, since) =>
      selectList
        .all(JSON.stringify(organizationIds), since)
        .map((row) => JSON.parse(row.data) as ClosureRecord),
    byId(id) {
      const row = selectOne.get(id);
      return row ? (JSON.parse(row.data) as ClosureRecord) : null;
    },
    organization(id) {
      const row = selectOrganization.get(id);
      return row ? { ...row, is_wzdx_org: row.is_wzdx_org === 1 } : null;
    },
    assetSeenBy(thingId, organizationId) {
      const row = selectThing.get(thingId, organizationId);
      return row ? { ...row, is_allowed_for_closures: row.is_allowed_for_closures === 1 } : null;
    },
    externalIdHolder: (externalId) => selectByExternalId.get(externalId)?.id ?? null,
  };
}
