// Appending to and reading the event log. Callers append inside the same transaction that updates the
// projections (see projections.ts), so the log and the tables never disagree.
import type { SqliteDatabase } from './database.ts';
import type { EventEnvelope, SimEvent, StoredEvent } from './events.ts';

export type EventStore = {
  /** Appends one event and returns its sequence number. */
  append(event: SimEvent, envelope: EventEnvelope): number;
  /** Events after `afterSeq`, oldest first, at most `limit`. */
  readAfter(afterSeq: number, limit: number): StoredEvent[];
  lastSeq(): number;
};

/** A row of the `events` table, as every reader of the log selects it. */
export type EventRow = {
  seq: number;
  stream_id: string;
  organization_id: string | null;
  type: SimEvent['type'];
  data: string;
  recorded_at: number;
};

/** The one mapping from a log row to the event it holds (the store, the cable history and time travel read rows). */
export function storedEventOf(row: EventRow): StoredEvent {
  return {
    seq: row.seq,
    streamId: row.stream_id,
    organizationId: row.organization_id,
    recordedAt: row.recorded_at,
    type: row.type,
    data: JSON.parse(row.data) as unknown,
  } as StoredEvent;
}

/** Telemetry is most of the log; readers that only want its latest state per thing treat it apart. */
export const isTelemetryType = (type: SimEvent['type']): type is 'PointRecorded' | 'HeartbeatRecorded' =>
  type === 'PointRecorded' || type === 'HeartbeatRecorded';

export function createEventStore(db: SqliteDatabase): EventStore {
  const insert = db.prepare(
    'INSERT INTO events (stream_id, organization_id, type, data, recorded_at) VALUES (?, ?, ?, ?, ?)',
  );
  const readPage = db.prepare<[number, number], EventRow>(
    'SELECT seq, stream_id, organization_id, type, data, recorded_at FROM events WHERE seq > ? ORDER BY seq LIMIT ?',
  );
  const maxSeq = db.prepare<[], { seq: number | null }>('SELECT max(seq) AS seq FROM events');

  return {
    append(event, envelope) {
      const result = insert.run(
        envelope.streamId,
        envelope.organizationId,
        event.type,
        JSON.stringify(event.data),
        envelope.recordedAt,
      );
      return Number(result.lastInsertRowid);
    },
    readAfter(afterSeq, limit) {
      return readPage.all(afterSeq, limit).map(storedEventOf);
    },
    lastSeq() {
      return maxSeq.get()?.seq ?? 0;
    },
  };
}
