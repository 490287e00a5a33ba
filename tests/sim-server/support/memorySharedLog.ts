// A shared log in memory, for the replica's tests (the seam only, store/sharedLog.ts): one `MemoryLogServer` holds
// the events, each `connect()` is one node's SharedLog over it. One turn at a time across connections, in the order
// they asked; publish checks the events follow the end; commits are announced to every connection after the
// current turn of the event loop, as PostgreSQL's NOTIFY arrives after the COMMIT answers. Events are kept as JSON
// text and parsed on every read, as a real log gives back new objects. A test can make the next publish fail before
// the commit (nothing appended) or after it (appended, and the caller told it failed: the unknown outcome), or hold
// the next publish until it lets go (a slow round trip).
import type { StoredEvent } from '#sim/store/events';
import type { SharedLog } from '#sim/store/sharedLog';

export type PublishFailure = 'before-commit' | 'after-commit';

export type MemoryLogServer = {
  connect(): SharedLog;
  /** The events as the shared log holds them. */
  events(): StoredEvent[];
  failNextPublish(failure: PublishFailure): void;
  /** The next publish waits until the returned function is called (a slow round trip). */
  holdNextPublish(): () => void;
  /** How many turns were entered, across connections. */
  turns(): number;
};

export function createMemoryLogServer(epoch = 'memory-epoch'): MemoryLogServer {
  const rows: string[] = [];
  const listeners = new Set<(lastSeq: number) => void>();
  let turnHeld = false;
  const waiting: (() => void)[] = [];
  let nextFailure: PublishFailure | null = null;
  let nextHold: Promise<void> | null = null;
  let turnCount = 0;

  const announce = (end: number) =>
    setImmediate(() => {
      for (const listener of listeners) listener(end);
    });

  function release() {
    const next = waiting.shift();
    if (next) next();
    else turnHeld = false;
  }

  return {
    connect() {
      let inTurn = false;
      const mine = new Set<(lastSeq: number) => void>();
      return {
        epoch,
        async enter() {
          if (turnHeld) await new Promise<void>((resolve) => waiting.push(resolve));
          else turnHeld = true;
          inTurn = true;
          turnCount += 1;
          return rows.length;
        },
        async publish(events) {
          if (!inTurn) throw new Error('publish outside a turn');
          const hold = nextHold;
          nextHold = null;
          await (hold ?? Promise.resolve());
          events.forEach((event, i) => {
            if (event.seq !== rows.length + i + 1)
              throw new Error(`event ${event.seq} does not follow the end ${rows.length + i}`);
          });
          const failure = nextFailure;
          nextFailure = null;
          if (failure === 'before-commit') throw new Error('connection lost before the commit');
          for (const event of events) rows.push(JSON.stringify(event));
          announce(rows.length);
          if (failure === 'after-commit') throw new Error('connection lost during the commit');
        },
        leave() {
          if (!inTurn) return;
          inTurn = false;
          release();
        },
        async readAfter(afterSeq, limit) {
          await Promise.resolve();
          return rows.slice(afterSeq, afterSeq + limit).map((row) => JSON.parse(row) as StoredEvent);
        },
        onCommitted(listener) {
          listeners.add(listener);
          mine.add(listener);
          return () => {
            listeners.delete(listener);
            mine.delete(listener);
          };
        },
        async close() {
          for (const listener of mine) listeners.delete(listener);
        },
      };
    },
    events: () => rows.map((row) => JSON.parse(row) as StoredEvent),
    failNextPublish(failure) {
      nextFailure = failure;
    },
    holdNextPublish() {
      let release: () => void = () => undefined;
      nextHold = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => release();
    },
    turns: () => turnCount,
  };
}
