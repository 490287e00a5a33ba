// What the log's subscribers hear after a commit (store/eventLog.ts `subscribe`), apart from the log itself so that
// the replica's writer (replicaLog.ts) and the log share it without importing each other.
import type { StoredEvent } from './events.ts';
import type { ProjectionOutcome } from './projectionSet.ts';

/** An event as the log's subscribers hear it after the commit, with what projecting it did (telemetry only). */
export type CommittedEvent = { event: StoredEvent; outcome: ProjectionOutcome };

/** Whether this node wrote the batch (`written`) or a replica's catch-up brought it from the shared log
 * (`replicated`; replicaLog.ts). A listener that reacts by writing to the log reacts to `written` only, so it
 * reacts once in a cluster; one that keeps this node's memory or connections right hears both. Embedded, every
 * batch is `written`. */
export type CommittedOrigin = 'written' | 'replicated';

export type CommittedListener = (events: readonly CommittedEvent[], origin: CommittedOrigin) => void;
