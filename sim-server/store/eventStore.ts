// Appending to and reading the event log. Callers append inside the same transaction that updates the
// projections (see projections.ts), so the log and the tables never disagree. Reads go through logReader.ts: sealed
// telemetry is in blocks, the rest in rows; the newest row is never sealed, so max(seq) is the log's end.
import type { SqliteDatabase } from './database.ts';
import type { EventEnvelope, SimEvent, StoredEvent } from './events.ts';
import type { EventRow } from './eventRow.ts';
import { readLogPage } from './logReader.ts';
import { sealedTelemetryOf } from './telemetryBlock.ts';

export type EventStore = {
  /** Appends one event and returns its sequence number. */
  append(event: SimEvent, envelope: EventEnvelope): number;
  /** A replica's append (store/replicaLog.ts): the event at its own position, if the log lacks it. False when the
   * log already reaches that position; throws when it would leave a gap, since a replica must never skip one. */
  appendAt(event: StoredEvent): boolean;
  /** Events after `afterSeq`, oldest first, at most `limit`. */
  readAfter(afterSeq: number, limit: number): StoredEvent[];
  lastSeq(): number;
};

export type { EventRow } from './eventRow.ts';

/** The one mapping from a log row to the event it holds (the store, the cable history and time travel read rows). */
export function storedEventOf(row: EventRow): StoredEvent {
  return {
    seq: row.seq,
    streamId: row.stream_id,
    organizationId: row.organization_id,
    recordedAt: row.recorded_at,
    type: row.type,
    // Sealed telemetry's record from its block's columns (the same object JSON.parse would give), rows parsed.
    data: (sealedTelemetryOf(row)?.record ?? JSON.parse(row.data)) as unknown,
  } as StoredEvent;
}

/** Telemetry is most of the log; readers that only want its latest state per thing treat it apart. */
export const isTelemetryType = (type: SimEvent['type']): type is 'PointRecorded' | 'HeartbeatRecorded' =>
  type === 'PointRecorded' || type === 'HeartbeatRecorded';

export function createEventStore(db: SqliteDatabase): EventStore {
  const insert = db.prepare(
    'INSERT INTO events (stream_id, organization_id, type, data, recorded_at) VALUES (?, ?, ?, ?, ?)',
  );
  const insertAt = db.prepare(
    'INSERT INTO events (seq, stream_id, organization_id, type, data, recorded_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const maxSeq = db.prepare<[], { seq: number | null }>('SELECT max(seq) AS seq FROM events');
  const lastSeq = () => maxSeq.get()?.seq ?? 0;

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
    appendAt(event) {
      // The newest row is never sealed (eventStore's header), so max(seq) is where the log ends; `seq` is an
      // INTEGER PRIMARY KEY without AUTOINCREMENT, so the next `append` numbers after this one.
      const last = lastSeq();
      if (event.seq <= last) return false;
      if (event.seq !== last + 1)
        throw new Error(`the log ends at ${last}: event ${event.seq} would leave a gap`);
      insertAt.run(
        event.seq,
        event.streamId,
        event.organizationId,
        event.type,
        JSON.stringify(event.data),
        event.recordedAt,
      );
      return true;
    },
    readAfter(afterSeq, limit) {
      return readLogPage(db, afterSeq, Number.MAX_SAFE_INTEGER, limit).map(storedEventOf);
    },
    lastSeq,
  };
}
