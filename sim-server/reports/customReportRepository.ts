// The `custom_reports` table: the projection of the custom report events (the record's wire JSON, what the list
// answers) and its reads. One file because the table has one writer and two small readers.
import type { CustomReportRecord } from '#domain/reports/customReport';
import type { SqliteDatabase } from '../store/database.ts';
import type { CustomReportEvent } from '../store/events.ts';

export const CUSTOM_REPORT_TABLES = ['custom_reports'] as const;

export type CustomReportProjection = { apply(event: CustomReportEvent): void };

export function createCustomReportProjection(db: SqliteDatabase): CustomReportProjection {
  const insert = db.prepare(`
    INSERT OR REPLACE INTO custom_reports (id, organization_id, data, requested_at)
    VALUES (@id, @organization_id, @data, @requested_at)`);
  const remove = db.prepare('DELETE FROM custom_reports WHERE id = ?');
  return {
    apply(event) {
      switch (event.type) {
        case 'CustomReportRequested':
          insert.run({
            id: event.data.id,
            organization_id: event.data.organization_id,
            data: JSON.stringify(event.data),
            requested_at: Date.parse(event.data.requested_at),
          });
          return;
        case 'CustomReportDeleted':
          remove.run(event.data.id);
          return;
        default: {
          const unexpected: never = event;
          throw new Error(`Unknown custom report event ${JSON.stringify(unexpected)}`);
        }
      }
    },
  };
}

export type CustomReportRepository = {
  /** The organizations' reports, newest request first. */
  list(organizationIds: readonly string[]): CustomReportRecord[];
  byId(id: string): CustomReportRecord | null;
};

export function createCustomReportRepository(db: SqliteDatabase): CustomReportRepository {
  const selectList = db.prepare<[string], { data: string }>(
    `SELECT data FROM custom_reports WHERE organization_id IN (SELECT value FROM json_each(?))
     ORDER BY requested_at DESC, id`,
  );
  const selectOne = db.prepare<[string], { data: string }>('SELECT data FROM custom_reports WHERE id = ?');
  return {
    list: (organizationIds) =>
      selectList
        .all(JSON.stringify(organizationIds))
        .map((row) => JSON.parse(row.data) as CustomReportRecord),
    byId(id) {
      const row = selectOne.get(id);
      return row ? (JSON.parse(row.data) as CustomReportRecord) : null;
    },
  };
}
