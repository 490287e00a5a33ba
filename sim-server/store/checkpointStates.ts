// Picture checkpoints (pictureCheckpoints.ts) read back one thing at a time: the cable history seeds a page of past
// messages from the nearest one instead of reading the whole log backwards (cable/cableHistorySeeds.ts). A
// checkpoint that retention's cut-off has passed is never offered, as the past picture ignores it too
// (timeTravel/pastLogRepository.ts): telemetry recorded after it may be gone. A checkpoint is decoded once and kept
// (pictureCheckpoints.ts), so the seeds of a page ask it thing after thing for the price of a lookup.
import type { SqliteDatabase } from './database.ts';
import { decodedCheckpointAt } from './pictureCheckpoints.ts';

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
  const thingKey = db.prepare<[string], number>('SELECT thing_key FROM things WHERE id = ?').pluck();
  return {
    nearestAtOrBefore: (seq) => nearest.get(seq)?.seq ?? null,
    stateOf(checkpointSeq, thingId) {
      const key = thingKey.get(thingId);
      const row = key === undefined ? undefined : decodedCheckpointAt(db, checkpointSeq)?.byKey.get(key);
      if (!row) return null;
      return { heartbeatAt: row.heartbeatAt, enroute: row.enroute, runId: row.runId, street: row.street };
    },
  };
}
