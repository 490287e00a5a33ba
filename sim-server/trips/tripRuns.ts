// The runs of one asset within a time range, cut from its stored telemetry by the live rule itself
// (things/thingLiveState.ts `nextRunId`: a run starts with the first en-route sample and takes that sample's log
// position as its id; the first sample not en route ends it), so a trip's run id is the id the live asset carried.
import type { TripRecord, TripRunRecord } from '#domain/trips/tripRecord';
import { nextRunId } from '../things/thingLiveState.ts';
import type { TripPointRow, TripRepository } from './tripRepository.ts';

type RunState = { enroute: boolean; runId: string | null };
const STOPPED: RunState = { enroute: false, runId: null };

/** The run in progress just before `from`: the one that began after the latest stop, or none. */
function stateBefore(trips: TripRepository, thingKey: number, from: number): RunState {
  const previous = trips.lastPointBefore(thingKey, from);
  if (!previous || previous[6] !== 1) return STOPPED;
  const stop = trips.lastStopBefore(thingKey, from);
  const first = trips.firstPointAfter(thingKey, stop ? stop[0] : -Infinity);
  return { enroute: true, runId: String(first ? first[1] : previous[1]) };
}

/** The asset's runs with samples in [from, to] (unix ms), oldest first, each with its points inside the range. */
export function tripOf(
  trips: TripRepository,
  thing: { id: string; key: number },
  from: number,
  to: number,
): TripRecord {
  const rows: TripPointRow[] = trips.pointsBetween(thing.key, from, to);
  const currentRunId = trips.currentRunId(thing.key);
  const runs: TripRunRecord[] = [];
  let state = rows.length > 0 ? stateBefore(trips, thing.key, from) : STOPPED;
  let run = null as TripRunRecord | null;
  let runStart = 0;
  let runEnd = 0;
  const close = () => {
    if (run) run.run_duration = (runEnd - runStart) / 1000;
  };
  for (const [at, seq, lat, lng, speed, course, enroute] of rows) {
    const runId = nextRunId(state, enroute === 1, seq);
    state = { enroute: enroute === 1, runId };
    if (runId === null) continue;
    const timestamp = new Date(at).toISOString();
    if (run?.run_id !== runId) {
      close();
      runStart = at;
      run = {
        run_id: runId,
        run_start: timestamp,
        run_end: timestamp,
        run_duration: 0,
        is_active: runId === currentRunId,
        points: [],
      };
      runs.push(run);
    }
    run.points.push({ lat, lng, course, speed, timestamp });
    run.run_end = timestamp;
    runEnd = at;
  }
  close();
  return { thing_id: thing.id, runs };
}
