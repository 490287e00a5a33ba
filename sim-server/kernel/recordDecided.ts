// Where a decider's accepted events enter the log. It lives in kernel/, above store/, so the store imports no
// other simulator folder; the decision types (decision.ts) import only the store's event types.
import type { Decided } from './decision.ts';
import type { EventLog } from '../store/eventLog.ts';

/** Appends accepted events in one transaction at `recordedAt` (the routes' `appendDecision`, the export worker). */
export function recordDecided(log: EventLog, accepted: readonly Decided[], recordedAt: number): void {
  log.transaction(() => {
    for (const { event, streamId, organizationId } of accepted)
      log.record(event, { streamId, organizationId, recordedAt });
  });
}
