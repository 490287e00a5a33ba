// A cluster node's writes over its SQLite replica of the shared log (store/sharedLog.ts; docs/scale-out.md "The
// write path"). Writes run one at a time per node, in call order, in one queue with the replica's catch-up. A write
// takes the cluster's turn, brings the replica up to the shared end, runs its work in a local transaction opened by
// hand (better-sqlite3's `db.transaction` cannot span an await), publishes what the work recorded and commits only
// once the shared log has it, so a replica never holds an event the shared log lacks. Any failure rolls back and
// forgets the projections' memory; a publish whose outcome is unknown is settled by the next catch-up, which
// applies whatever the shared log holds. Between writes the tail applies what other nodes committed, in pages.
import type { SqliteDatabase } from './database.ts';
import type { EventStore } from './eventStore.ts';
import type { StoredEvent } from './events.ts';
import type { CommittedEvent, CommittedOrigin } from './committedEvents.ts';
import type { Projections } from './projectionSet.ts';
import { SharedLogUnavailable, type SharedLog } from './sharedLog.ts';

/** The event log's inside that its writers share (eventLog.ts): one object, so both see the same open transaction. */
export type LogCore = {
  db: SqliteDatabase;
  store: EventStore;
  projections: Projections;
  /** What the open transaction recorded, oldest first. */
  pending: CommittedEvent[];
  /** How many transactions are open inside each other; 0 outside any. */
  depth: number;
  /** Whether `record` keeps every event in `pending` (a shared log publishes them), not only when someone listens. */
  keepRecorded: boolean;
  notify(events: readonly CommittedEvent[], origin: CommittedOrigin): void;
  forgetWhenFileChanged(): void;
};

/** Events read from the shared log per request, and applied per local transaction. */
export const CATCH_UP_PAGE = 1_000;

export type ReplicaWriter = {
  write<T>(work: () => T): Promise<T>;
  transaction<T>(work: () => T): T;
  /** Brings the replica up to the shared log's end as it is when the catch-up runs; returns how many it applied. */
  catchUp(): Promise<number>;
  /** The replica's last committed position: while a write is held open across its publish, the end before it. */
  committedSeq(): number;
  idle(): Promise<void>;
  close(): Promise<void>;
};

/** Brings the replica up to the shared log: `catchUpTo(end)` pages up to `end` (a page may reach past it), or to
 * the shared end when `end` is null; returns how many events the replica lacked. */
function createCatchUp(core: LogCore, shared: SharedLog) {
  const { db, store, projections } = core;
  /** One page of the shared log into the replica as one local transaction, heard as one replicated batch; returns
   * how many events the replica lacked. */
  function applyPage(page: readonly StoredEvent[]): number {
    core.forgetWhenFileChanged();
    const applied: CommittedEvent[] = [];
    try {
      // eslint-disable-next-line no-restricted-syntax -- the replica applying the shared log's own events: the log's inside, not a write
      db.transaction(() => {
        for (const event of page) {
          if (store.appendAt(event)) applied.push({ event, outcome: projections.apply(event) });
        }
      }).immediate();
    } catch (error) {
      projections.forget();
      throw error;
    }
    core.notify(applied, 'replicated');
    return applied.length;
  }

  return async function catchUpTo(end: number | null): Promise<number> {
    let applied = 0;
    for (let last = store.lastSeq(); end === null || last < end; last = store.lastSeq()) {
      const page = await shared.readAfter(last, CATCH_UP_PAGE);
      if (page.length === 0) {
        if (end === null) return applied;
        throw new Error(
          `the shared log ends before ${end}, the end it announced (this replica is at ${last})`,
        );
      }
      applied += applyPage(page);
    }
    return applied;
  };
}

export function createReplicaWriter(
  core: LogCore,
  shared: SharedLog,
  nested: <T>(work: () => T) => T,
  onError: (error: unknown) => void,
): ReplicaWriter {
  const { db, store, projections } = core;
  const catchUpTo = createCatchUp(core, shared);
  let queue: Promise<void> = Promise.resolve();
  let announced = 0;
  /** The shared end a write's open local transaction started from, while it is open; else null. */
  let heldFrom: number | null = null;
  let tailQueued = false;
  let closed = false;

  /** Runs `job` after every job queued before it, whether they failed or not. */
  function enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = queue.then(job);
    queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** A failure of the shared log's own calls (no connection, a server restarting, a lost commit) as the refusal a
   * route answers 503: the write took no effect here, and at most an unknown one there (sharedLog.ts `publish`). */
  async function unavailableWhenFailed<T>(call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (error) {
      throw error instanceof SharedLogUnavailable ? error : new SharedLogUnavailable(error);
    }
  }

  async function turn<T>(work: () => T): Promise<T> {
    const end = await unavailableWhenFailed(shared.enter());
    let open = false;
    try {
      await unavailableWhenFailed(catchUpTo(end));
      core.forgetWhenFileChanged();
      db.exec('BEGIN IMMEDIATE');
      open = true;
      heldFrom = end;
      const result = runWork(work);
      const recorded = core.pending.map((committed) => committed.event);
      recorded.forEach((event, i) => {
        if (event.seq !== end + i + 1)
          throw new Error(`a write numbered an event ${event.seq} where the shared log needs ${end + i + 1}`);
      });
      // Held open across the await: this node's reads meanwhile see the write (docs/scale-out.md).
      if (recorded.length > 0) await unavailableWhenFailed(shared.publish(recorded));
      db.exec('COMMIT');
      open = false;
      heldFrom = null;
      const committed = core.pending;
      core.pending = [];
      core.notify(committed, 'written');
      return result;
    } catch (error) {
      if (open && db.inTransaction) db.exec('ROLLBACK');
      heldFrom = null;
      core.pending = [];
      projections.forget();
      throw error;
    } finally {
      shared.leave();
    }
  }

  function runWork<T>(work: () => T): T {
    core.depth = 1;
    try {
      const result = work();
      if (result instanceof Promise) throw new TypeError('a write cannot run asynchronous work');
      return result;
    } finally {
      // Back to 0 before the await: a top-level `transaction` or `record` meanwhile throws instead of joining.
      core.depth = 0;
    }
  }

  /** Queues a catch-up to the highest end announced, unless one is queued already and has not started. */
  function followTail() {
    if (closed || tailQueued || store.lastSeq() >= announced) return;
    tailQueued = true;
    void enqueue(async () => {
      tailQueued = false;
      if (!closed) await catchUpTo(announced);
    }).catch(onError);
  }

  const stopHearing = shared.onCommitted((end) => {
    announced = Math.max(announced, end);
    followTail();
  });

  async function idle(): Promise<void> {
    for (let seen = queue; ; seen = queue) {
      await seen;
      if (seen === queue) return;
    }
  }

  return {
    write: (work) => enqueue(() => turn(work)),
    transaction(work) {
      if (core.depth > 0) return nested(work);
      throw new Error(
        'EventLog.transaction at the top level on a shared log: await `write` instead, which waits for the ' +
          "cluster's turn to write",
      );
    },
    catchUp: () => enqueue(() => catchUpTo(null)),
    committedSeq: () => heldFrom ?? store.lastSeq(),
    idle,
    async close() {
      closed = true;
      stopHearing();
      await idle();
    },
  };
}
