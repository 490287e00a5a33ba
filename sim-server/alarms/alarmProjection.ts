// The alarm queue's projection (issue 28 item 3): raises alarms from the log's events by the domain's rules
// (domain/alarms/alarmRules.ts), clears those whose condition an event ends (issue 37 item 4: `cleared_at`, and
// `cleared_seq` the ending event's log position, which the cable reads) and records acknowledgements, inside the transaction that appends the event, so a
// rebuild of the log gives the same queue with the same ids. It runs before the other projections of the event:
// whether an event was known or a closure was active is read from their tables as they were before it
// (alarmSources.ts reads them).
import { alarmClearedBy, alarmRaisedBy } from '#domain/alarms/alarmRules';
import type { SqliteDatabase } from '../store/database.ts';
import type { StoredEvent } from '../store/events.ts';
import { createAlarmSources, isAlarmEvent } from './alarmSources.ts';

export const ALARM_TABLES = ['alarms'] as const;

// Created here rather than in a migration: the table is a projection only this folder writes and reads, and a
// file made before it existed gets it (empty) on the next start; `--fresh` or a rebuild fills it from the log.
const ALARM_SCHEMA = `
  CREATE TABLE IF NOT EXISTS alarms (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    subject_id TEXT NOT NULL,
    subject_name TEXT NOT NULL,
    detail TEXT,
    raised_seq INTEGER NOT NULL,
    raised_at INTEGER NOT NULL,
    acknowledged_at INTEGER,
    acknowledged_by TEXT,
    acknowledged_by_name TEXT,
    cleared_at INTEGER,
    cleared_seq INTEGER
  );`;
const ALARM_INDEXES = `
  CREATE INDEX IF NOT EXISTS alarms_by_organization ON alarms (organization_id, acknowledged_at, raised_at);
  CREATE INDEX IF NOT EXISTS alarms_by_seq ON alarms (raised_seq);
  CREATE INDEX IF NOT EXISTS alarms_by_cleared_seq ON alarms (cleared_seq) WHERE cleared_seq IS NOT NULL;
  CREATE INDEX IF NOT EXISTS alarms_uncleared ON alarms (subject_id, kind) WHERE cleared_at IS NULL;
  CREATE INDEX IF NOT EXISTS alarms_offline_by_subject ON alarms (subject_id, raised_at) WHERE kind = 'asset_offline';
  CREATE INDEX IF NOT EXISTS alarms_wrong_way_by_subject ON alarms (subject_id, raised_seq) WHERE kind = 'wrong_way_alert';`;

/** Columns added after the table first shipped: files made before lack them. */
const LATER_COLUMNS = [
  ['detail', 'TEXT'],
  ['cleared_at', 'INTEGER'],
  ['cleared_seq', 'INTEGER'],
] as const;

export function ensureAlarmTables(db: SqliteDatabase): void {
  db.exec(ALARM_SCHEMA);
  const columns = new Set(
    db
      .prepare<[], { name: string }>('PRAGMA table_info(alarms)')
      .all()
      .map((column) => column.name),
  );
  for (const [name, type] of LATER_COLUMNS)
    if (!columns.has(name)) db.exec(`ALTER TABLE alarms ADD COLUMN ${name} ${type}`);
  db.exec(ALARM_INDEXES);
}

export type AlarmProjection = { apply(event: StoredEvent): void };

export function createAlarmProjection(db: SqliteDatabase): AlarmProjection {
  ensureAlarmTables(db);
  const insertAlarm = db.prepare(`
    INSERT OR IGNORE INTO alarms (id, organization_id, kind, subject_id, subject_name, detail, raised_seq, raised_at)
    VALUES (@id, @organization_id, @kind, @subject_id, @subject_name, @detail, @raised_seq, @raised_at)`);
  const acknowledge = db.prepare(`
    UPDATE alarms SET acknowledged_at = @at, acknowledged_by = @by, acknowledged_by_name = @by_name
    WHERE id = @id AND organization_id = @organization_id AND acknowledged_at IS NULL`);
  const clear = db.prepare(`
    UPDATE alarms SET cleared_at = @at, cleared_seq = @seq
    WHERE subject_id = @subject_id AND kind = @kind AND organization_id = @organization_id AND cleared_at IS NULL`);
  const sourceOf = createAlarmSources(db);

  /** The first acknowledgement wins, as in the domain's `evolveAlarmQueue`. */
  function acknowledgeEach(
    ids: readonly string[],
    record: {
      organization_id: string;
      acknowledged_by: string;
      acknowledged_by_name: string;
      acknowledged_at: string;
    },
  ) {
    const at = Date.parse(record.acknowledged_at);
    for (const id of ids)
      acknowledge.run({
        id,
        organization_id: record.organization_id,
        at,
        by: record.acknowledged_by,
        by_name: record.acknowledged_by_name,
      });
  }

  return {
    apply(event) {
      if (!isAlarmEvent(event)) return;
      if (event.type === 'AlarmAcknowledged') return acknowledgeEach([event.data.alarm_id], event.data);
      if (event.type === 'AlarmsAcknowledged') return acknowledgeEach(event.data.alarm_ids, event.data);
      const source = sourceOf(event);
      if (!source) return;
      const ended = alarmClearedBy(source);
      if (ended)
        clear.run({
          subject_id: ended.subjectId,
          kind: ended.kind,
          organization_id: ended.organizationId,
          at: event.recordedAt,
          seq: event.seq,
        });
      const alarm = alarmRaisedBy(source, { seq: event.seq, at: event.recordedAt });
      if (!alarm) return;
      insertAlarm.run({
        id: alarm.id,
        organization_id: alarm.organizationId,
        kind: alarm.kind,
        subject_id: alarm.subjectId,
        subject_name: alarm.subjectName,
        detail: alarm.detail,
        raised_seq: event.seq,
        raised_at: alarm.raisedAt,
      });
    },
  };
}
