// Where a decider's accepted events enter the log. It lives in kernel/, above store/, so the store imports no
// other simulator folder; the decision types (decision.ts) import only the store's event types.
import type { Decided } from './decision.ts';
import type { EventLog } from '../store/eventLog.ts';

/** Appends accepted events inside a write that is already running: the decider ran inside it too (the routes'
 * `appendDecision`, the closure scheduler, the export worker, the replay's dispatcher). */
export function recordAccepted(log: EventLog, accepted: readonly Decided[], recordedAt: number): void {
  for (const { event, streamId, organizationId } of accepted)
    log.record(event, { streamId, organizationId, recordedAt });
}
