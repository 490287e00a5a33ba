// Where a decider's accepted events enter the log. It lives in kernel/, above store/, so the store imports no
// other simulator folder; the decision types (decision.ts) import only the store's event types.
import type { Decided } from './decision.ts';
import type { EventLog } from '../store/eventLog.ts';

/** Appends accepted events in one top-level write at `recordedAt` (the routes' `appendDecision`, the closure
 * scheduler); resolves once they are committed. */
export function recordDecided(
  log: EventLog,
  accepted: readonly Decided[],
  recordedAt: number,
): Promise<void> {
  return log.write(() => recordAccepted(log, accepted, recordedAt));
}

/** Appends accepted events inside a write that is already running (a route that writes more beside them). */
export function recordAccepted(log: EventLog, accepted: readonly Decided[], recordedAt: number): void {
  for (const { event, streamId, organizationId } of accepted)
    log.record(event, { streamId, organizationId, recordedAt });
}
