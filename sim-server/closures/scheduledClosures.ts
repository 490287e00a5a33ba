// Reading the closures the scheduler may switch (closureScheduler.ts): manual, dashboard-managed closures with an
// end time, the only ones the schedule rule (domain/closures/closureSchedule.ts) can switch.
import type { ClosureRecord } from '#domain/closures/closureRecord';
import type { SqliteDatabase } from '../store/database.ts';

export function createScheduledClosures(db: SqliteDatabase): () => ClosureRecord[] {
  const select = db.prepare<[], { data: string }>(`
    SELECT data FROM closures
    WHERE json_extract(data, '$.closure_type') = 'manual' AND json_extract(data, '$.end_time') IS NOT NULL
    ORDER BY id`);
  return () => select.all().map((row) => JSON.parse(row.data) as ClosureRecord);
}
