// The runs of one asset within a time range, cut from its stored telemetry by the live rule itself
// (store/thingLiveState.ts `nextRunId`: a run starts with the first en-route sample and takes that sample's log
// position as its id; the first sample not en route ends it), so a trip's run id is the id the live asset carried.
// Runs are ranges over the samples' columns; nothing per sample is built until the answer is written (tripJson.ts).
import { nextRunId } from '../store/thingLiveState.ts';
import type { TripPoints } from './tripBlock.ts';
import type { TripRepository } from './tripRepository.ts';

type RunState = { enroute: boolean; runId: string | null };
const STOPPED: RunState = { enroute: false, runId: null };

/** One run within the range: samples [first, end) of the cut's points. */
export type CutRun = { runId: string; first: number; end: number; isActive: boolean };

/** An asset's samples within a range and its runs over them, oldest first. */
export type TripCut = { thingId: string; points: TripPoints; runs: CutRun[] };

/**
 * The run in progress just before `from`: when the latest earlier sample was en route, the run that began with the
 * first sample after the latest stop before it (hour by hour backwards, as far as the samples go); else none.
 */
function stateBefore(trips: TripRepository, thingKey: number, from: number): RunState {
  let before = from;
  let runStart: number | null = null;
  for (let hour = trips.latestHourBefore(thingKey, before); hour !== null;) {
    const points = trips.pointsBetween(thingKey, hour, before - 1);
    for (let i = points.length - 1; i >= 0; i -= 1) {
      if (points.enroute[i] !== 1)
        return runStart === null ? STOPPED : { enroute: true, runId: String(runStart) };
      runStart = points.seq[i] ?? 0;
    }
    before = hour;
    hour = trips.latestHourBefore(thingKey, before);
  }
  return runStart === null ? STOPPED : { enroute: true, runId: String(runStart) };
}

/** The asset's runs with samples in [from, to] (unix ms), oldest first, each with its samples inside the range. */
export function cutTrip(
  trips: TripRepository,
  thing: { id: string; key: number },
  from: number,
  to: number,
): TripCut {
  const points = trips.pointsBetween(thing.key, from, to);
  const runs: CutRun[] = [];
  if (points.length === 0) return { thingId: thing.id, points, runs };
  const currentRunId = trips.currentRunId(thing.key);
  let state = stateBefore(trips, thing.key, from);
  let run = null as CutRun | null;
  for (let i = 0; i < points.length; i += 1) {
    const enroute = points.enroute[i] === 1;
    const runId = nextRunId(state, enroute, points.seq[i] ?? 0);
    if (runId !== state.runId || enroute !== state.enroute) state = { enroute, runId };
    if (runId === null) continue;
    if (run?.runId !== runId) {
      run = { runId, first: i, end: i + 1, isActive: runId === currentRunId };
      runs.push(run);
    } else run.end = i + 1;
  }
  return { thingId: thing.id, points, runs };
}
