// Projects the export events into the `exports` table: the record's wire JSON (what the list answers) with its
// status beside it for the worker's query. Each step folds the event into the stored record with the decider's
// `evolveExport`, so the table and the decisions read the same record.
import type { SqliteDatabase } from '../store/database.ts';
import { evolveExport, type ExportStoredEvent } from './exportDecider.ts';
import type { ExportRecord } from '#domain/exports/exportRecord';

export const EXPORT_TABLES = ['exports'] as const;

export type ExportProjection = { apply(event: ExportStoredEvent): void };

export function createExportProjection(db: SqliteDatabase): ExportProjection {
  const selectOne = db.prepare<[string], { data: string }>('SELECT data FROM exports WHERE id = ?');
  const upsert = db.prepare(`
    INSERT OR REPLACE INTO exports (id, organization_id, status, data, updated_at)
    VALUES (@id, @organization_id, @status, @data, @updated_at)`);
  const remove = db.prepare('DELETE FROM exports WHERE id = ?');
  return {
    apply(event) {
      const row = event.type === 'ExportRequested' ? undefined : selectOne.get(event.data.id);
      const previous = row ? (JSON.parse(row.data) as ExportRecord) : null;
      const next = evolveExport({ export: previous }, event).export;
      if (next === null) {
        remove.run(event.data.id);
        return;
      }
      upsert.run({
        id: next.id,
        organization_id: next.organization_id,
        status: next.status,
        data: JSON.stringify(next),
        updated_at: event.recordedAt,
      });
    },
  };
}
