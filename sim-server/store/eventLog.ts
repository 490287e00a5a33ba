// The one way to change the simulator's state: append an event and project it, inside a transaction.
import type { SqliteDatabase } from './database.ts';
import { createEventStore, type EventStore } from './eventStore.ts';
import type { EventEnvelope, SimEvent, StoredEvent } from './events.ts';
import { createProjections, type Projections } from './projections.ts';
import { createProjectionSnapshot } from './projectionSnapshot.ts';

export type EventLog = {
  db: SqliteDatabase;
  store: EventStore;
  projections: Projections;
  /** Appends and projects one event; call inside `transaction`. Returns the event's sequence number. */
  record(event: SimEvent, envelope: EventEnvelope): number;
  /** Runs `work` as one SQLite transaction (taking the write lock up front). */
  transaction<T>(work: () => T): T;
};

export function createEventLog(db: SqliteDatabase): EventLog {
  const store = createEventStore(db);
  const projections = createProjections(db);
  return {
    db,
    store,
    projections,
    record(event, envelope) {
      const seq = store.append(event, envelope);
      projections.apply({ ...event, ...envelope, seq } as StoredEvent);
      return seq;
    },
    transaction(work) {
      return db.transaction(work).immediate();
    },
  };
}

const REBUILD_PAGE = 5_000;

/**
 * Empties the projection tables and replays the whole log into them, in one transaction. When log retention has
 * removed old telemetry, its snapshot is put back at the point of the log where it was taken.
 */
export function rebuildProjections(log: EventLog): number {
  const snapshot = createProjectionSnapshot(log.db);
  return log.transaction(() => {
    // Sessions point at users: let the users go and come back within the transaction.
    log.db.pragma('defer_foreign_keys = ON');
    log.projections.clear();
    const snapshotSeq = snapshot.seq();
    let restorePending = snapshotSeq !== null;
    const restoreBefore = (seq: number) => {
      if (!restorePending || seq <= (snapshotSeq ?? 0)) return;
      snapshot.restore();
      restorePending = false;
    };
    let applied = 0;
    let afterSeq = 0;
    for (;;) {
      const page = log.store.readAfter(afterSeq, REBUILD_PAGE);
      for (const event of page) {
        restoreBefore(event.seq);
        log.projections.apply(event);
      }
      if (page.length === 0) {
        restoreBefore(Number.POSITIVE_INFINITY);
        return applied;
      }
      applied += page.length;
      afterSeq = page[page.length - 1]?.seq ?? afterSeq;
    }
  });
}
