// Where a decider's accepted events enter the log. It lives in store/ beside the log, so the decision types
// (kernel/decision.ts), which every decider imports, import nothing of the store.
import type { Decided } from './decision.ts';
import type { EventLog } from '../store/eventLog.ts';

/** Appends accepted events in one transaction at `recordedAt` (the routes' `appendDecision`, the export worker). */
export function recordDecided(log: EventLog, accepted: readonly Decided[], recordedAt: number): void {
  log.transaction(() => {
    for (const { event, streamId, organizationId } of accepted)
      log.record(event, { streamId, organizationId, recordedAt });
  });
}
