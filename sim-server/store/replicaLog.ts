// A cluster node's writes over its SQLite replica of the shared log (store/sharedLog.ts; docs/scale-out.md "The
// write path"). Writes run in call order, in one queue with the replica's catch-up; the writes waiting when a turn
// starts share it (group commit). A turn takes the cluster's turn, brings the replica up to the shared end, runs
// the works in a local transaction opened by hand (better-sqlite3's `db.transaction` cannot span an await), each in
// a savepoint, publishes what they recorded in one append and commits only once the shared log has it, so a replica
// never holds an event the shared log lacks. A work that throws rejects its own write only; any other failure rolls
// the group back, forgets the projections' memory and rejects all of it; a publish whose outcome is unknown is
// settled by the next catch-up, which applies whatever the shared log holds. Between writes the tail applies what other nodes committed, in pages.
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

/** At most this many waiting writes share one turn (group commit), and a group takes no further write once it has
 * recorded this many events: a turn stays one PostgreSQL transaction of a size `bench:pglog` measured. */
export const GROUP_WRITES = 64;
export const GROUP_EVENTS = 20_000;

type QueuedWrite = { work: () => unknown; resolve(value: unknown): void; reject(error: unknown): void };
type RanWrite = { write: QueuedWrite; result: unknown };

function synchronousResult<T>(work: () => T): T {
  const result = work();
  if (result instanceof Promise) throw new TypeError('a write cannot run asynchronous work');
  return result;
}

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

/** A failure of the shared log's own calls (no connection, a server restarting, a lost commit) as the refusal a
 * route answers 503: the write took no effect here, and at most an unknown one there (sharedLog.ts `publish`). */
async function unavailableWhenFailed<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw error instanceof SharedLogUnavailable ? error : new SharedLogUnavailable(error);
  }
}

/** The shared end the open local transaction started from, while a turn holds it open across its publish. */
type HeldTurn = { from: number | null };

/**
 * One turn for a group of writes (group commit): one catch-up, one local transaction, one publish, one commit, one
 * batch heard. Each write's work runs in a savepoint of its own, in call order: a work that throws rejects its own
 * caller and leaves the others' events as if it had never run (as alone). Whatever fails after the works (the
 * numbering check, the publish, the commit) rolls the whole group back and rejects every write in it. Resolves to
 * the writes it left for the next turn (it stops taking works once it has recorded `GROUP_EVENTS`).
 */
function createGroupTurn(
  core: LogCore,
  shared: SharedLog,
  nested: <T>(work: () => T) => T,
  catchUpTo: (end: number | null) => Promise<number>,
  held: HeldTurn,
) {
  const { db, projections } = core;

  /** The works in call order, each in a savepoint (`nested`: the depth is back to 0 after each, so a top-level
   * `transaction` or `record` during the publish throws instead of joining); returns the writes not run. */
  function runWorks(group: readonly QueuedWrite[], ran: RanWrite[]): readonly QueuedWrite[] {
    for (const [index, write] of group.entries()) {
      if (core.pending.length >= GROUP_EVENTS) return group.slice(index);
      try {
        ran.push({ write, result: nested(() => synchronousResult(write.work)) });
      } catch (error) {
        write.reject(error);
      }
    }
    return [];
  }

  return async function turn(group: readonly QueuedWrite[]): Promise<readonly QueuedWrite[]> {
    let end: number;
    try {
      end = await unavailableWhenFailed(shared.enter());
    } catch (error) {
      for (const write of group) write.reject(error);
      return [];
    }
    let open = false;
    const ran: RanWrite[] = [];
    let left: readonly QueuedWrite[] | null = null;
    try {
      await unavailableWhenFailed(catchUpTo(end));
      core.forgetWhenFileChanged();
      db.exec('BEGIN IMMEDIATE');
      open = true;
      held.from = end;
      left = runWorks(group, ran);
      const recorded = core.pending.map((committed) => committed.event);
      recorded.forEach((event, i) => {
        if (event.seq !== end + i + 1)
          throw new Error(`a write numbered an event ${event.seq} where the shared log needs ${end + i + 1}`);
      });
      // Held open across the await: this node's reads meanwhile see the writes (docs/scale-out.md).
      if (recorded.length > 0) await unavailableWhenFailed(shared.publish(recorded));
      db.exec('COMMIT');
      open = false;
      held.from = null;
      const committed = core.pending;
      core.pending = [];
      core.notify(committed, 'written');
      for (const { write, result } of ran) write.resolve(result);
    } catch (error) {
      if (open && db.inTransaction) db.exec('ROLLBACK');
      held.from = null;
      core.pending = [];
      projections.forget();
      // Failed before the works ran (the catch-up, the local BEGIN): none of the group was tried, all are refused.
      if (left === null) for (const write of group) write.reject(error);
      for (const { write } of ran) write.reject(error);
    } finally {
      shared.leave();
    }
    return left ?? [];
  };
}

export function createReplicaWriter(
  core: LogCore,
  shared: SharedLog,
  nested: <T>(work: () => T) => T,
  onError: (error: unknown) => void,
): ReplicaWriter {
  const { store } = core;
  const catchUpTo = createCatchUp(core, shared);
  const held: HeldTurn = { from: null };
  const turn = createGroupTurn(core, shared, nested, catchUpTo, held);
  let queue: Promise<void> = Promise.resolve();
  let announced = 0;
  let tailQueued = false;
  let closed = false;
  /** Writes called and not yet taken into a turn, in call order; `groupQueued` while a turn to take them is queued. */
  const waiting: QueuedWrite[] = [];
  let groupQueued = false;

  /** Runs `job` after every job queued before it, whether they failed or not. */
  function enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = queue.then(job);
    queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Takes the writes waiting now (up to `GROUP_WRITES`) as one turn; what it left goes back to the front. */
  async function runGroup(): Promise<void> {
    groupQueued = false;
    const group = waiting.splice(0, GROUP_WRITES);
    queueGroup();
    const left = await turn(group);
    waiting.unshift(...left);
    queueGroup();
  }

  function queueGroup() {
    if (groupQueued || waiting.length === 0) return;
    groupQueued = true;
    void enqueue(runGroup);
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
    write: <T>(work: () => T) =>
      new Promise<T>((resolve, reject) => {
        waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
        queueGroup();
      }),
    transaction(work) {
      if (core.depth > 0) return nested(work);
      throw new Error(
        'EventLog.transaction at the top level on a shared log: await `write` instead, which waits for the ' +
          "cluster's turn to write",
      );
    },
    catchUp: () => enqueue(() => catchUpTo(null)),
    committedSeq: () => held.from ?? store.lastSeq(),
    idle,
    async close() {
      closed = true;
      stopHearing();
      await idle();
    },
  };
}
