// The projection snapshot that log retention leaves behind. Telemetry is the only kind of event retention removes,
// and thing_states is the only table telemetry writes, so a copy of thing_states taken at a point of the log
// stands in for every event removed before that point. A rebuild replays the events up to the point, puts the
// copy back, and replays the rest (rebuildProjections in eventLog.ts).
import type { SqliteDatabase } from './database.ts';

export type ProjectionSnapshot = {
  /** The log position the snapshot was taken at, or null when retention never removed anything. */
  seq(): number | null;
  /** Replaces the snapshot with thing_states as they stand now; inside the transaction that records its seq. */
  take(): void;
  /** Puts the snapshot back into thing_states (keyed by thing id, so thing keys may differ); inside a transaction. */
  restore(): void;
};

const STATE_COLUMNS = 'lat, lng, speed, course, accuracy, enroute, street, heartbeat_at, run_id, updated_at';

export function createProjectionSnapshot(db: SqliteDatabase): ProjectionSnapshot {
  const selectSeq = db.prepare<[], { snapshot_seq: number | null }>('SELECT snapshot_seq FROM log_retention');
  const clearSnapshot = db.prepare('DELETE FROM thing_states_snapshot');
  const copyToSnapshot = db.prepare(`
    INSERT INTO thing_states_snapshot (thing_id, ${STATE_COLUMNS})
    SELECT t.id, ${STATE_COLUMNS.replace(/(\w+)/g, 's.$1')}
    FROM thing_states s JOIN things t ON t.thing_key = s.thing_key`);
  const clearStates = db.prepare('DELETE FROM thing_states');
  const copyFromSnapshot = db.prepare(`
    INSERT INTO thing_states (thing_key, ${STATE_COLUMNS})
    SELECT t.thing_key, ${STATE_COLUMNS.replace(/(\w+)/g, 'n.$1')}
    FROM thing_states_snapshot n JOIN things t ON t.id = n.thing_id`);
  const countSnapshot = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM thing_states_snapshot');

  return {
    seq: () => selectSeq.get()?.snapshot_seq ?? null,
    take() {
      clearSnapshot.run();
      copyToSnapshot.run();
    },
    restore() {
      clearStates.run();
      const restored = copyFromSnapshot.run().changes;
      // Every thing registered before the snapshot was replayed before it is restored.
      const expected = countSnapshot.get()?.n ?? 0;
      if (restored !== expected)
        throw new Error(`Projection snapshot names ${expected - restored} things the log does not register`);
    },
  };
}
