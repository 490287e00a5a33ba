// Picture checkpoints (pictureCheckpoints.ts) read back one thing at a time: the cable history seeds a page of past
// messages from the nearest one instead of reading the whole log backwards (cable/cableHistorySeeds.ts). A
// checkpoint that retention's cut-off has passed is never offered, as the past picture ignores it too
// (timeTravel/pastLogRepository.ts): telemetry recorded after it may be gone.
import type { SqliteDatabase } from './database.ts';

/** The live-state columns of one thing in a checkpoint: what the log up to the checkpoint's position left. */
export type CheckpointThingState = {
  heartbeatAt: number | null;
  enroute: boolean;
  runId: string | null;
  street: string | null;
};

export type CheckpointStates = {
  /** The position of the newest checkpoint at or before `seq` that retention has not passed, or null. */
  nearestAtOrBefore(seq: number): number | null;
  /** The thing's state in that checkpoint, or null when it had no state row then (registered later). */
  stateOf(checkpointSeq: number, thingId: string): CheckpointThingState | null;
};

export function createCheckpointStates(db: SqliteDatabase): CheckpointStates {
  const nearest = db.prepare<[number], { seq: number }>(
    `SELECT seq FROM picture_checkpoints
     WHERE seq <= ? AND taken_at >= coalesce((SELECT cutoff_at FROM log_retention WHERE id = 1), -9007199254740991)
     ORDER BY seq DESC LIMIT 1`,
  );
  const state = db.prepare<
    [number, string],
    { heartbeat_at: number | null; enroute: number; run_id: string | null; street: string | null }
  >(
    `SELECT heartbeat_at, enroute, run_id, street FROM picture_checkpoint_states
     WHERE checkpoint_seq = ? AND thing_id = ?`,
  );
  return {
    nearestAtOrBefore: (seq) => nearest.get(seq)?.seq ?? null,
    stateOf(checkpointSeq, thingId) {
      const row = state.get(checkpointSeq, thingId);
      if (!row) return null;
      return {
        heartbeatAt: row.heartbeat_at,
        enroute: row.enroute === 1,
        runId: row.run_id,
        street: row.street,
      };
    },
  };
}
