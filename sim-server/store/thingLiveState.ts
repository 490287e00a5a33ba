// The rule for what one telemetry sample does to its thing's live state. One function for the live path and for
// rebuilding projections from the log, so both agree.
import type { TelemetryRecord } from './events.ts';

export type ThingLiveState = {
  /** Unix ms of the latest sample applied; null before the first. */
  heartbeatAt: number | null;
  enroute: boolean;
  runId: string | null;
  street: string | null;
};

export const NO_LIVE_STATE: ThingLiveState = { heartbeatAt: null, enroute: false, runId: null, street: null };

/**
 * The state after the sample with sequence number `seq`, or null when the sample is older than the latest one
 * (it stays in the log; the thing does not move back in time). A run starts with the first en-route sample and
 * takes that sample's sequence number as its id; the first sample that is not en route ends it. A sample
 * without a street keeps the last known one.
 */
export function nextLiveState(
  previous: ThingLiveState,
  record: TelemetryRecord,
  seq: number,
  time = Date.parse(record.time),
): ThingLiveState | null {
  if (previous.heartbeatAt !== null && time < previous.heartbeatAt) return null;
  return {
    heartbeatAt: time,
    enroute: record.enroute,
    runId: nextRunId(previous, record.enroute, seq),
    street: record.street ?? previous.street,
  };
}

/** The run a sample belongs to (the rule above, also cutting trips from stored telemetry): null when not en route. */
export function nextRunId(
  previous: { enroute: boolean; runId: string | null },
  enroute: boolean,
  seq: number,
): string | null {
  if (!enroute) return null;
  return previous.enroute && previous.runId !== null ? previous.runId : String(seq);
}
