// Where the cable history's replay of a thing starts: its live state (street, run, last heartbeat) just after the
// history's first offset, which the log does not hold as such (cableHistory.ts). It is found by reading the log's
// telemetry backwards from that offset until every field is known. With a picture checkpoint close enough before
// the offset (store/pictureCheckpoints.ts), the reading stops there and whatever it left unknown is taken from the
// checkpoint, which holds exactly what the log up to it left; a page of history then reads at most one checkpoint
// interval instead of the whole reach, where parked assets (never resolved) made every page read all of it.
import type { SqliteDatabase } from '../store/database.ts';
import type { CheckpointStates, CheckpointThingState } from '../store/checkpointStates.ts';
import type { TelemetryRecord } from '../store/events.ts';
import { readLog } from '../store/logReader.ts';
import { sealedTelemetryOf } from '../store/telemetryBlock.ts';
import { NO_LIVE_STATE, type ThingLiveState } from '../store/thingLiveState.ts';

export type HistorySeeds = {
  /** Each thing's live state just after `afterOffset`. */
  seedsBefore(afterOffset: number, thingIds: ReadonlySet<string>): Map<string, ThingLiveState>;
};

/** What the backward scan knows of one thing's state before the replay's start. */
type Seed = {
  found: boolean;
  heartbeatAt: number | null;
  enroute: boolean;
  street: string | null;
  /** The earliest en-route sample seen of the run the thing was in; final once `runKnown`. */
  runId: string | null;
  runKnown: boolean;
};

/**
 * `maxSeedScan` bounds the backward reading (log positions); a checkpoint further back than that is not used, so
 * the reading is never longer than without checkpoints. `checkpoints` null: the scan alone, as before them.
 */
export function createHistorySeeds(
  db: SqliteDatabase,
  maxSeedScan: number,
  checkpoints: CheckpointStates | null,
): HistorySeeds {
  // Sealed telemetry and rows alike, newest first (store/logReader.ts), of the things asked about only: a replay's
  // slice seeds the few things it met first, and at 10,000 assets some 10,000 blocks straddle any position, which
  // the reader would otherwise open (and merge) for every slice to find those few things' samples.
  const telemetryBackwards = {
    iterate: (from: number, downTo: number, streamIds: ReadonlySet<string>) =>
      readLog(db, downTo, from, {
        descending: true,
        types: ['PointRecorded', 'HeartbeatRecorded'],
        streamIds,
      }),
  };
  const currentState = db.prepare<[string], { run_id: string | null; street: string | null }>(
    'SELECT s.run_id, s.street FROM thing_states s JOIN things t ON t.thing_key = s.thing_key WHERE t.id = ?',
  );

  function seedsBefore(afterOffset: number, thingIds: ReadonlySet<string>): Map<string, ThingLiveState> {
    const seeds = new Map<string, Seed>();
    if (thingIds.size === 0) return new Map();
    for (const thingId of thingIds) {
      const current = currentState.get(thingId);
      // A run still going now that started at or before the start was going at the start, too (runs are unbroken).
      const ongoingRun =
        current?.run_id !== null && current?.run_id !== undefined && Number(current.run_id) <= afterOffset
          ? current.run_id
          : null;
      seeds.set(thingId, {
        found: false,
        heartbeatAt: null,
        enroute: false,
        street: null,
        runId: ongoingRun,
        runKnown: ongoingRun !== null,
      });
    }
    const reach = Math.max(0, afterOffset - maxSeedScan);
    const checkpointSeq = checkpoints?.nearestAtOrBefore(afterOffset) ?? null;
    const usableCheckpoint = checkpointSeq !== null && checkpointSeq >= reach ? checkpointSeq : null;
    let unresolved = thingIds.size;
    for (const row of telemetryBackwards.iterate(afterOffset, usableCheckpoint ?? reach, thingIds)) {
      if (unresolved === 0) break;
      const seed = seeds.get(row.stream_id);
      if (!seed || isResolved(seed)) continue;
      // Sealed telemetry's fields from its block's columns (store/telemetryBlock.ts), rows parsed.
      const sealed = sealedTelemetryOf(row);
      const sample = sealed?.record ?? (JSON.parse(row.data) as TelemetryRecord);
      const time = sealed?.at ?? Date.parse(sample.time);
      if (!seed.found) {
        seed.found = true;
        seed.enroute = sample.enroute;
        if (!sample.enroute) seed.runKnown = true;
      }
      // The state's time is the newest applied sample's; an older sample never moved it.
      seed.heartbeatAt = Math.max(seed.heartbeatAt ?? time, time);
      if (seed.street === null && sample.street !== null) seed.street = sample.street;
      if (!seed.runKnown) {
        if (sample.enroute) seed.runId = String(row.seq);
        else seed.runKnown = true;
      }
      if (isResolved(seed)) unresolved -= 1;
    }
    if (checkpoints !== null && usableCheckpoint !== null) {
      for (const [thingId, seed] of seeds) {
        if (!isResolved(seed)) completeFromCheckpoint(seed, checkpoints.stateOf(usableCheckpoint, thingId));
      }
    }
    const states = new Map<string, ThingLiveState>();
    for (const [thingId, seed] of seeds) {
      if (!seed.found) {
        states.set(thingId, NO_LIVE_STATE);
        continue;
      }
      // Never named up to the start (or past the scan's reach): the thing's street now is the closest guess.
      const street = seed.street ?? currentState.get(thingId)?.street ?? null;
      states.set(thingId, {
        heartbeatAt: seed.heartbeatAt,
        enroute: seed.enroute,
        runId: seed.enroute ? seed.runId : null,
        street,
      });
    }
    return states;
  }

  return { seedsBefore };
}

function isResolved(seed: Seed): boolean {
  return seed.found && seed.street !== null && seed.runKnown;
}

/**
 * What the scan would have found had it read on past the checkpoint: the checkpoint's state is the fold of every
 * sample before it, so its newest sample's fields, its last named street and the run it was in.
 */
function completeFromCheckpoint(seed: Seed, kept: CheckpointThingState | null): void {
  // No sample before the checkpoint either: the scan's answer stands.
  if (kept === null || kept.heartbeatAt === null) return;
  const runBefore = kept.enroute ? kept.runId : null;
  if (!seed.found) {
    seed.found = true;
    seed.enroute = kept.enroute;
    seed.heartbeatAt = kept.heartbeatAt;
    seed.street = kept.street;
    if (!seed.runKnown) seed.runId = runBefore;
    seed.runKnown = true;
    return;
  }
  seed.heartbeatAt = Math.max(seed.heartbeatAt ?? kept.heartbeatAt, kept.heartbeatAt);
  seed.street ??= kept.street;
  // Every sample scanned was en route: the run began before the checkpoint if the thing was en route there.
  if (!seed.runKnown && runBefore !== null) seed.runId = runBefore;
  seed.runKnown = true;
}
