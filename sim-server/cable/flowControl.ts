// What to do with the next batch for a subscriber whose socket has not drained yet. A dashboard that stops
// reading must neither stall the others nor make the simulator hold an unbounded queue for it, and a dashboard
// that missed frames must learn that it did. A client that reads its history more slowly than its stream grows is
// slow in the same way, and its limits (historyCatchUp.ts) are set here with the others.
import { DEFAULT_HISTORY_CATCH_UP, type HistoryCatchUpLimits } from './historyCatchUp.ts';

export type FlowControlLimits = HistoryCatchUpLimits & {
  /** Above this many unsent bytes, further broadcast batches for the subscriber are dropped. */
  highWaterMarkBytes: number;
  /** Above this many unsent bytes the subscriber is disconnected at once. */
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
 * The mark holds several seconds of one large organization's stream (docs/cable.md): at 4 MiB a 10,000-asset
 * dashboard on a busy machine was cut whenever it had not drained one second's ~3 MB turn within the second.
 */
export const DEFAULT_FLOW_CONTROL_LIMITS: FlowControlLimits = {
  highWaterMarkBytes: 16 * 1024 * 1024,
  hardLimitBytes: 64 * 1024 * 1024,
  stallTimeoutMs: 30_000,
  openingMs: 20_000,
  ...DEFAULT_HISTORY_CATCH_UP,
};

export function resolveFlowControlLimits(overrides: Partial<FlowControlLimits> = {}): FlowControlLimits {
  const limits = { ...DEFAULT_FLOW_CONTROL_LIMITS, ...overrides };
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
 * Decides for one batch from what the socket still holds before it, and records the start or end of a stall in
 * `state`. A subscriber that has drained after dropping frames is disconnected too: its picture has holes that only
 * its reconnect (and the incremental refetch that comes with it) can fill. `opening`: the connection is in its
 * first `openingMs`, when only the hard limit applies.
 */
export function decideFlow(
  state: FlowState,
  bufferedBytes: number,
  now: number,
  limits: FlowControlLimits,
  opening = false,
): FlowDecision {
  if (bufferedBytes > limits.hardLimitBytes) return 'disconnect';
  if (bufferedBytes > (opening ? limits.hardLimitBytes : limits.highWaterMarkBytes)) {
    state.overHighWaterSince ??= now;
    return now - state.overHighWaterSince > limits.stallTimeoutMs ? 'disconnect' : 'drop';
  }
  state.overHighWaterSince = null;
  return state.droppedFrames > 0 ? 'disconnect' : 'send';
}
