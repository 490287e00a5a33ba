// What a node's event log needs of a log shared by several nodes (issue 35: PostgreSQL, docs/scale-out.md). On such a
// node the SQLite file is a replica: it holds the shared log's events at the shared positions, and the projections
// over them, so every read, time travel, trip, export and report runs on it unchanged. A write takes the cluster's
// one turn to write (`enter`), brings the replica up to the shared end, runs the work in a local transaction that
// numbers its events after that end, appends them to the shared log (`publish`), and only then commits locally.
// The embedded default has no shared log: its SQLite file is the log.
import type { StoredEvent } from './events.ts';

export type SharedLog = {
  /** The log's identity, made once when the shared log was created: every node's cable epoch (docs/cable.md
   * "Resumable streams"), so offsets resume on any node and a new log never passes for an old one. */
  readonly epoch: string;
  /** Waits for this node's turn to write (one writer at a time, cluster-wide) and returns the shared log's last
   * position, which cannot move until `leave`. */
  enter(): Promise<number>;
  /** Appends the turn's events (positions already numbered, following the shared end, gap-free) and commits them;
   * rejects when it could not. A rejection before the commit was sent leaves none of them in the shared log; one
   * while the commit was under way (a connection lost mid-COMMIT) leaves it unknown, so the caller reads the end
   * again before it decides whether its events are there. */
  publish(events: readonly StoredEvent[]): Promise<void>;
  /** Ends the turn, after `publish` or after a failure. */
  leave(): void;
  /** Events after `afterSeq`, oldest first, at most `limit`: the replica's catch-up, at start and behind a turn. */
  readAfter(afterSeq: number, limit: number): Promise<readonly StoredEvent[]>;
  /** Hears the new last position each time any node (this one included) committed. Returns the unsubscribe. */
  onCommitted(listener: (lastSeq: number) => void): () => void;
  close(): Promise<void>;
};

/** A write refused because the shared log could not be reached (a cut, PostgreSQL restarting): nothing of it was
 * committed anywhere, and the caller may try again after `retryAfterSeconds`. Routes answer it 503 with
 * Retry-After (app.ts), never 500. */
export class SharedLogUnavailable extends Error {
  readonly retryAfterSeconds: number;
  constructor(cause: unknown, retryAfterSeconds = 2) {
    super(`the shared log cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'SharedLogUnavailable';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
