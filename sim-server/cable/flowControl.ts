// What to do with the next batch for a subscriber whose socket has not drained yet. A dashboard that stops
// reading must neither stall the others nor make the simulator hold an unbounded queue for it, and a dashboard
// that missed frames must learn that it did. A client that reads its history more slowly than its stream grows is
// slow in the same way, and its limits (historyCatchUp.ts) are set here with the others. The batch itself counts:
// one that would take the socket over the limit is not written (issue 34), so what a stuck connection holds stays
// within its budget, the kernel's send buffer included (kernelSendBuffer.ts).
import { DEFAULT_HISTORY_CATCH_UP, type HistoryCatchUpLimits } from './historyCatchUp.ts';
import { kernelSendBufferBytes } from './kernelSendBuffer.ts';

export type FlowControlLimits = HistoryCatchUpLimits & {
  /** A batch (live or history) that would leave more than this many unsent bytes is not written (live: dropped). */
  highWaterMarkBytes: number;
  /** A batch that would leave more than this unsent disconnects the subscriber at once; in the opening, the only limit. */
  hardLimitBytes: number;
  /** A subscriber over the high-water mark for longer than this is disconnected. */
  stallTimeoutMs: number;
  /**
   * For this long after its socket opened a connection is held to the hard limit only: its first load (sign-in,
   * the REST snapshot, the first picture) is when a browser falls behind for a while and then catches up.
   */
  openingMs: number;
};

/**
 * What one connection that stops reading may cost the simulator at most: its unsent frames in ws and Node, their
 * Buffers and the kernel's send buffer together (docs/cable.md "Slow consumers").
 */
export const STUCK_CONNECTION_BUDGET_BYTES = 16 * 1024 * 1024;

/**
 * The budget less the kernel's share, as both limits: a batch that does not fit disconnects at once, in the opening
 * as later, since a client that never reads held four times the budget for 20 s with a 64 MiB opening (issue 34).
 * `openingMs` and `stallTimeoutMs` matter only when an override sets the hard limit above the mark.
 */
export function defaultFlowControlLimits(): FlowControlLimits {
  const unsentBytes = Math.max(4 * 1024 * 1024, STUCK_CONNECTION_BUDGET_BYTES - kernelSendBufferBytes());
  return {
    highWaterMarkBytes: unsentBytes,
    hardLimitBytes: unsentBytes,
    stallTimeoutMs: 30_000,
    openingMs: 20_000,
    ...DEFAULT_HISTORY_CATCH_UP,
  };
}

export function resolveFlowControlLimits(overrides: Partial<FlowControlLimits> = {}): FlowControlLimits {
  const limits = { ...defaultFlowControlLimits(), ...overrides };
  if (!(limits.highWaterMarkBytes >= 0 && limits.hardLimitBytes >= limits.highWaterMarkBytes)) {
    throw new Error('cable flow control: need 0 <= highWaterMarkBytes <= hardLimitBytes');
  }
  if (!(limits.stallTimeoutMs >= 0 && limits.openingMs >= 0)) {
    throw new Error('cable flow control: stallTimeoutMs and openingMs must be >= 0');
  }
  if (!(limits.historyWindowMs > 0 && limits.historyMaxMs > 0)) {
    throw new Error('cable flow control: historyWindowMs and historyMaxMs must be > 0');
  }
  return limits;
}

export type FlowState = {
  /** When the subscriber was first seen over the high-water mark in the current stall, else null. */
  overHighWaterSince: number | null;
  /** Broadcast frames this subscriber never got. */
  droppedFrames: number;
};

export type FlowDecision = 'send' | 'drop' | 'disconnect';

/**
 * Decides for one batch of `batchBytes` from what the socket still holds before it, and records the start or end of
 * a stall in `state`. A batch that would take the socket over the hard limit disconnects at once; over the mark
 * (not in the connection's first `openingMs`) it is dropped and the stall clock runs. A subscriber that has drained
 * after dropping frames is disconnected too: its picture has holes that only its reconnect (and the incremental
 * refetch that comes with it) can fill.
 */
export function decideFlow(
  state: FlowState,
  bufferedBytes: number,
  now: number,
  limits: FlowControlLimits,
  opening = false,
  batchBytes = 0,
): FlowDecision {
  const after = bufferedBytes + batchBytes;
  if (after > limits.hardLimitBytes) return 'disconnect';
  if (!opening && after > limits.highWaterMarkBytes) {
    state.overHighWaterSince ??= now;
    return now - state.overHighWaterSince > limits.stallTimeoutMs ? 'disconnect' : 'drop';
  }
  state.overHighWaterSince = null;
  return state.droppedFrames > 0 ? 'disconnect' : 'send';
}
