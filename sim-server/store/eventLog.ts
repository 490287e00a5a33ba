// The one way to change the simulator's state: append an event and project it, inside a transaction. Once the
// transaction commits, the events it recorded go to the log's subscribers (the cable broadcasts, docs/cable.md), in
// order and as one list; a transaction that fails tells nobody anything and forgets the projections' memory. The
// projections are handed in (store/projectionSet.ts): composition/simProjections.ts `createSimEventLog` gives the
// simulator's set. Given a shared log (a cluster node), the file is its replica and a top-level write must await
// `write`, which takes the cluster's turn (replicaLog.ts); embedded, `write` is `transaction` behind a settled
// promise.
import type { SqliteDatabase } from './database.ts';
import { createEventStore, type EventStore } from './eventStore.ts';
import type { EventEnvelope, SimEvent, StoredEvent } from './events.ts';
import type { CommittedListener } from './committedEvents.ts';
import type { Projections } from './projectionSet.ts';
import { createProjectionSnapshot } from './projectionSnapshot.ts';
import { CHECKPOINT_EVERY_POSITIONS, createPictureCheckpoints } from './pictureCheckpoints.ts';
import { createReplicaWriter, type LogCore } from './replicaLog.ts';
import type { SharedLog } from './sharedLog.ts';

export type { CommittedEvent, CommittedListener, CommittedOrigin } from './committedEvents.ts';

/** `P`: the projection set the log drives, with whatever more its builder offers (the simulator's: the trip store). */
export type EventLog<P extends Projections = Projections> = {
  db: SqliteDatabase;
  store: EventStore;
  projections: P;
  /** The shared log this file is a replica of (a cluster node), or null when the file is the log (the default). */
  shared: SharedLog | null;
  /** Appends and projects one event; call inside `transaction`. Returns the event's sequence number. */
  record(event: SimEvent, envelope: EventEnvelope): number;
  /** Runs `work` as one SQLite transaction (taking the write lock up front); a nested call joins the outer one. On
   * a shared log only the nested form exists: a top-level write must wait for the cluster's turn (`write`). */
  transaction<T>(work: () => T): T;
  /** The top-level write every caller awaits: `work` runs as one transaction, as `transaction` runs it. Embedded (no
   * shared log), it runs at call time, synchronously, and the promise is already settled; a cluster node's log
   * waits for the cluster's turn first (store/sharedLog.ts, docs/scale-out.md "The write path"). */
  write<T>(work: () => T): Promise<T>;
  /** Hears every committed transaction's events, oldest first. Returns the unsubscribe function. */
  subscribe(listener: CommittedListener): () => void;
  /** A replica: applies what the shared log holds past the replica's end (at start, before serving); returns how
   * many events that was. Embedded: 0. */
  catchUp(): Promise<number>;
  /** The last position committed: `store.lastSeq()`, except on a replica while a write is held open across its
   * publish, when its rows are visible to this node's reads but not committed (readers that hand out positions,
   * like the cable's history, stop here). */
  committedSeq(): number;
  /** Resolves once the writes queued so far and the replica's catch-up have run (embedded: at once). */
  idle(): Promise<void>;
  /** Stops following the shared log and waits for what is queued; the file and the shared log stay open. */
  close(): Promise<void>;
};

export type EventLogOptions = {
  /** Makes this file a replica of a log shared by several nodes (store/replicaLog.ts). */
  shared?: SharedLog;
  /** Where a failure of the replica's catch-up between writes goes (no caller waits for it); it is tried again at
   * the next commit heard. */
  onReplicationError?: (error: unknown) => void;
};

/** `projections`: the set built over the same `db`, which the log applies each recorded event to. */
export function createEventLog<P extends Projections>(
  db: SqliteDatabase,
  projections: P,
  options: EventLogOptions = {},
): EventLog<P> {
  const store = createEventStore(db);
  const listeners = new Set<CommittedListener>();
  const shared = options.shared ?? null;
  let knownDataVersion: unknown = null;
  const core: LogCore = {
    db,
    store,
    projections,
    pending: [],
    depth: 0,
    // A shared log publishes what a write recorded, so it keeps every event, heard or not.
    keepRecorded: shared !== null,
    notify(events, origin) {
      if (events.length === 0) return;
      for (const listener of listeners) listener(events, origin);
    },
    /** Another connection wrote to the file: what the projections remember may be stale. */
    forgetWhenFileChanged() {
      const version = db.pragma('data_version', { simple: true });
      if (version !== knownDataVersion) projections.forget();
      knownDataVersion = version;
    },
  };

  function nested<T>(work: () => T): T {
    // A savepoint inside the outer transaction: if it fails, its events are not heard of either.
    const mark = core.pending.length;
    core.depth += 1;
    try {
      return db.transaction(work)();
    } catch (error) {
      core.pending.length = mark;
      projections.forget();
      throw error;
    } finally {
      core.depth -= 1;
    }
  }

  function embeddedTransaction<T>(work: () => T): T {
    if (core.depth > 0) return nested(work);
    core.forgetWhenFileChanged();
    let result: T;
    core.depth = 1;
    try {
      result = db.transaction(work).immediate();
    } catch (error) {
      core.pending = [];
      projections.forget();
      throw error;
    } finally {
      core.depth = 0;
    }
    const committed = core.pending;
    core.pending = [];
    core.notify(committed, 'written');
    return result;
  }

  const replica = shared
    ? createReplicaWriter(core, shared, nested, options.onReplicationError ?? (() => undefined))
    : null;

  return {
    db,
    store,
    projections,
    shared,
    record(event, envelope) {
      if (replica && core.depth === 0)
        throw new Error('EventLog.record outside a write on a shared log: call it inside `write`');
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
      if (core.keepRecorded || listeners.size > 0) core.pending.push({ event: stored, outcome });
      if (core.depth === 0) {
        const committed = core.pending;
        core.pending = [];
        core.notify(committed, 'written');
      }
      return seq;
    },
    transaction: replica ? replica.transaction : embeddedTransaction,
    write:
      replica?.write ??
      (<T>(work: () => T): Promise<T> => {
        try {
          return Promise.resolve(embeddedTransaction(work));
        } catch (error) {
          return Promise.reject(error as Error);
        }
      }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    catchUp: () => replica?.catchUp() ?? Promise.resolve(0),
    committedSeq: () => replica?.committedSeq() ?? store.lastSeq(),
    idle: () => replica?.idle() ?? Promise.resolve(),
    close: () => replica?.close() ?? Promise.resolve(),
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
  // A local transaction, not the log's: a rebuild records nothing, so a replica (store/replicaLog.ts) runs it
  // without the cluster's turn, at start. The projections forget what they held, as after a failed write.
  log.projections.forget();
  try {
    return log.db.transaction(() => replay(log, snapshot, checkpoints, checkpointEvery)).immediate();
  } catch (error) {
    log.projections.forget();
    throw error;
  }
}

function replay(
  log: EventLog,
  snapshot: ReturnType<typeof createProjectionSnapshot>,
  checkpoints: ReturnType<typeof createPictureCheckpoints>,
  checkpointEvery: number,
): number {
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
}
