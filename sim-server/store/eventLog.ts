// The one way to change the simulator's state: append an event and project it, inside a transaction. Once the
// transaction commits, the events it recorded go to the log's subscribers (the cable broadcasts, docs/cable.md), in
// order and as one list; a transaction that fails tells nobody anything and forgets the projections' memory. The
// projections are handed in (store/projectionSet.ts): composition/simProjections.ts `createSimEventLog` gives the
// simulator's set.
import type { SqliteDatabase } from './database.ts';
import { createEventStore, type EventStore } from './eventStore.ts';
import type { EventEnvelope, SimEvent, StoredEvent } from './events.ts';
import type { ProjectionOutcome, Projections } from './projectionSet.ts';
import { createProjectionSnapshot } from './projectionSnapshot.ts';
import { CHECKPOINT_EVERY_POSITIONS, createPictureCheckpoints } from './pictureCheckpoints.ts';

/** An event as the log's subscribers hear it after the commit, with what projecting it did (telemetry only). */
export type CommittedEvent = { event: StoredEvent; outcome: ProjectionOutcome };

export type CommittedListener = (events: readonly CommittedEvent[]) => void;

/** `P`: the projection set the log drives, with whatever more its builder offers (the simulator's: the trip store). */
export type EventLog<P extends Projections = Projections> = {
  db: SqliteDatabase;
  store: EventStore;
  projections: P;
  /** Appends and projects one event; call inside `transaction`. Returns the event's sequence number. */
  record(event: SimEvent, envelope: EventEnvelope): number;
  /** Runs `work` as one SQLite transaction (taking the write lock up front); a nested call joins the outer one. */
  transaction<T>(work: () => T): T;
  /** The top-level write every caller awaits: `work` runs as one transaction, as `transaction` runs it. Embedded (no
   * shared log), it runs at call time, synchronously, and the promise is already settled; a cluster node's log
   * waits for the cluster's turn first (store/sharedLog.ts, docs/scale-out.md "The write path"). */
  write<T>(work: () => T): Promise<T>;
  /** Hears every committed transaction's events, oldest first. Returns the unsubscribe function. */
  subscribe(listener: CommittedListener): () => void;
};

/** `projections`: the set built over the same `db`, which the log applies each recorded event to. */
export function createEventLog<P extends Projections>(db: SqliteDatabase, projections: P): EventLog<P> {
  const store = createEventStore(db);
  const listeners = new Set<CommittedListener>();
  let pending: CommittedEvent[] = [];
  let knownDataVersion: unknown = null;
  /** How many `transaction` calls are running; 0 outside any. */
  let depth = 0;

  function notify(events: readonly CommittedEvent[]) {
    if (events.length === 0) return;
    for (const listener of listeners) listener(events);
  }

  /** Another connection wrote to the file: what the projections remember may be stale. */
  function forgetWhenFileChanged() {
    const version = db.pragma('data_version', { simple: true });
    if (version !== knownDataVersion) projections.forget();
    knownDataVersion = version;
  }

  return {
    db,
    store,
    projections,
    record(event, envelope) {
      const seq = store.append(event, envelope);
      // Built field by field, not spread: this runs once per telemetry point.
      const stored = {
        type: event.type,
        data: event.data,
        streamId: envelope.streamId,
        organizationId: envelope.organizationId,
        recordedAt: envelope.recordedAt,
        seq,
      } as StoredEvent;
      const outcome = projections.apply(stored);
      if (listeners.size > 0) pending.push({ event: stored, outcome });
      if (depth === 0) notify(pending.splice(0));
      return seq;
    },
    transaction(work) {
      if (depth > 0) {
        // A savepoint inside the outer transaction: if it fails, its events are not heard of either.
        const mark = pending.length;
        depth += 1;
        try {
          return db.transaction(work)();
        } catch (error) {
          pending.length = mark;
          projections.forget();
          throw error;
        } finally {
          depth -= 1;
        }
      }
      forgetWhenFileChanged();
      let result: ReturnType<typeof work>;
      depth = 1;
      try {
        result = db.transaction(work).immediate();
      } catch (error) {
        pending = [];
        projections.forget();
        throw error;
      } finally {
        depth = 0;
      }
      const committed = pending;
      pending = [];
      notify(committed);
      return result;
    },
    write(work) {
      try {
        return Promise.resolve(this.transaction(work));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const REBUILD_PAGE = 5_000;

/**
 * Empties the projection tables and replays the whole log into them, in one transaction. When log retention has
 * removed old telemetry, its snapshot is put back at the point of the log where it was taken. Subscribers hear
 * nothing: a rebuild changes no state a client saw. Picture checkpoints are retaken on the way, every
 * `checkpointEvery` positions once the snapshot is back (pictureCheckpoints.ts).
 */
export function rebuildProjections(log: EventLog, checkpointEvery = CHECKPOINT_EVERY_POSITIONS): number {
  const snapshot = createProjectionSnapshot(log.db);
  const checkpoints = createPictureCheckpoints(log.db);
  return log.transaction(() => {
    // Sessions point at users: let the users go and come back within the transaction.
    log.db.pragma('defer_foreign_keys = ON');
    log.projections.clear();
    checkpoints.clear();
    let checkpointSeq = 0;
    const snapshotSeq = snapshot.seq();
    let restorePending = snapshotSeq !== null;
    const restoreBefore = (seq: number) => {
      if (!restorePending || seq <= (snapshotSeq ?? 0)) return;
      snapshot.restore();
      // The restore wrote thing_states behind the projections' back: drop what they remember of it.
      log.projections.forget();
      restorePending = false;
    };
    let applied = 0;
    let afterSeq = 0;
    for (;;) {
      const page = log.store.readAfter(afterSeq, REBUILD_PAGE);
      for (const event of page) {
        restoreBefore(event.seq);
        log.projections.apply(event);
        if (!restorePending && event.seq - checkpointSeq >= checkpointEvery)
          checkpointSeq = checkpoints.takeAt(event.seq, event.recordedAt);
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
