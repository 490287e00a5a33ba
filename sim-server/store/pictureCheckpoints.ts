// Picture checkpoints (docs/time-travel.md): copies of thing_states taken every so many log positions, so that a
// past picture starts from the nearest one before its moment and folds only the telemetry after it instead of the
// whole log. They are exact for the same reason the retention snapshot is (projectionSnapshot.ts): telemetry
// writes only thing_states, and a copy taken inside a transaction is thing_states as the log up to its last
// position left them. Derived data: a rebuild clears and retakes them, retention drops the ones its cut-off passed.
import type { SqliteDatabase } from './database.ts';

export type PictureCheckpoints = {
  /** Copies thing_states at the log's last position, unless a checkpoint is there already; inside a transaction.
   * Returns that position (0 for an empty log). */
  take(): number;
  /** Copies thing_states as standing for log position `seq` recorded at `takenAt` (a rebuild under way). */
  takeAt(seq: number, takenAt: number): number;
  /** The position of the newest checkpoint, 0 when there is none. */
  latestSeq(): number;
  /** Drops every checkpoint (a rebuild remakes them). */
  clear(): void;
  /** Drops checkpoints taken before `cutoffAt`: retention may have removed telemetry recorded after them. */
  dropTakenBefore(cutoffAt: number): void;
};

/**
 * Log positions between two checkpoints. A past picture folds at most this many positions of telemetry after its
 * checkpoint; each checkpoint costs one row per thing (figures in docs/time-travel.md).
 */
export const CHECKPOINT_EVERY_POSITIONS = 100_000;

const STATE_COLUMNS = 'lat, lng, speed, course, accuracy, enroute, street, heartbeat_at, run_id, updated_at';

export function createPictureCheckpoints(db: SqliteDatabase): PictureCheckpoints {
  const lastEvent = db.prepare<[], { seq: number; recorded_at: number }>(
    'SELECT seq, recorded_at FROM events ORDER BY seq DESC LIMIT 1',
  );
  const newest = db.prepare<[], { seq: number }>(
    'SELECT seq FROM picture_checkpoints ORDER BY seq DESC LIMIT 1',
  );
  const insertCheckpoint = db.prepare(
    'INSERT OR IGNORE INTO picture_checkpoints (seq, taken_at) VALUES (?, ?)',
  );
  const copyStates = db.prepare<[number]>(`
    INSERT INTO picture_checkpoint_states (checkpoint_seq, thing_id, ${STATE_COLUMNS})
    SELECT ?, t.id, ${STATE_COLUMNS.replace(/(\w+)/g, 's.$1')}
    FROM thing_states s JOIN things t ON t.thing_key = s.thing_key`);
  const clearStates = db.prepare('DELETE FROM picture_checkpoint_states');
  const clearCheckpoints = db.prepare('DELETE FROM picture_checkpoints');
  const dropStates = db.prepare<[number]>(
    'DELETE FROM picture_checkpoint_states WHERE checkpoint_seq IN (SELECT seq FROM picture_checkpoints WHERE taken_at < ?)',
  );
  const dropCheckpoints = db.prepare<[number]>('DELETE FROM picture_checkpoints WHERE taken_at < ?');

  const takeAt = (seq: number, takenAt: number) => {
    if (insertCheckpoint.run(seq, takenAt).changes > 0) copyStates.run(seq);
    return seq;
  };
  return {
    take() {
      const last = lastEvent.get();
      return last ? takeAt(last.seq, last.recorded_at) : 0;
    },
    takeAt,
    latestSeq: () => newest.get()?.seq ?? 0,
    clear() {
      clearStates.run();
      clearCheckpoints.run();
    },
    dropTakenBefore(cutoffAt) {
      dropStates.run(cutoffAt);
      dropCheckpoints.run(cutoffAt);
    },
  };
}
