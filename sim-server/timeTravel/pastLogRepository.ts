// What time travel reads from the simulator's log and writes into the scratch copy it builds a past picture in
// (pastPicture.ts). The SQL of time travel lives here.
import type { SqliteDatabase } from '../store/database.ts';
import type { EventRow } from '../store/eventStore.ts';
import { lastSeqRecordedBy } from '../store/logMoments.ts';
import { firstLogEventFrom, readLog, readLogPage } from '../store/logReader.ts';
import { decodedCheckpointAt } from '../store/pictureCheckpoints.ts';
import type { ThingLiveState } from '../store/thingLiveState.ts';

/** A log row as the past picture reads it: the store's own row shape. */
export type PastEventRow = EventRow;

/** The part of the log a past moment may be taken from: unix ms, inclusive. Null when the log is empty. */
export type LogWindow = { from: number; lastSeq: number };

export type PastLogRepository = {
  /** The earliest moment still whole in the log: its first event, or retention's cut-off when later. */
  window(): LogWindow | null;
  /** The last position recorded at or before `at` (0 when none): the log is in time order. */
  lastSeqAt(at: number, lastSeq: number): number;
  /** Events after `afterSeq` up to `untilSeq`, in order, at most `limit`. */
  events(afterSeq: number, untilSeq: number, limit: number): PastEventRow[];
  /** The recording time of every position in (afterSeq, untilSeq], in order, as [seq, recordedAt] pairs. */
  times(afterSeq: number, untilSeq: number): [number, number][];
  /** The position of the last event that is not telemetry at or before `seq`, 0 when none. */
  lastOtherSeqAt(seq: number): number;
  /** The events that are not telemetry after `afterSeq` up to `untilSeq`, in order, at most `limit`. */
  otherEvents(afterSeq: number, untilSeq: number, limit: number): PastEventRow[];
  /** The retention snapshot (projectionSnapshot.ts): its log position and rows, or null when there is none. */
  retentionSnapshot(): StoredThingStates | null;
  /** The newest picture checkpoint (store/pictureCheckpoints.ts) at or before `untilSeq` that retention has not
   * passed, or null. */
  checkpointAtOrBefore(untilSeq: number): StoredThingStates | null;
};

/** thing_states as they stood at a log position, keyed by thing id (a snapshot or a checkpoint). */
export type StoredThingStates = { seq: number; rows: unknown[][] };

/** thing_states' columns as a snapshot or a checkpoint keeps them, by thing id. */
const SNAPSHOT_COLUMNS = [
  'thing_id',
  'lat',
  'lng',
  'speed',
  'course',
  'accuracy',
  'enroute',
  'street',
  'heartbeat_at',
  'run_id',
  'updated_at',
] as const;

export function createPastLogRepository(db: SqliteDatabase): PastLogRepository {
  const first = { get: () => firstLogEventFrom(db, 1) };
  const last = db.prepare<[], { seq: number }>('SELECT seq FROM events ORDER BY seq DESC LIMIT 1');
  const retention = db.prepare<[], { cutoff_at: number; snapshot_seq: number | null }>(
    'SELECT cutoff_at, snapshot_seq FROM log_retention WHERE id = 1',
  );
  // Telemetry sealed into blocks is read with the rows (store/logReader.ts); the other events are always rows.
  const range = {
    all: (after: number, until: number, limit: number) => readLogPage(db, after, until, limit),
  };
  const timesInRange = {
    all: (after: number, until: number) =>
      Array.from(readLog(db, after, until), (row) => [row.seq, row.recorded_at]),
  };
  // Rows as arrays in SNAPSHOT_COLUMNS order, one per thing, copied straight into the scratch.
  const snapshotRows = db
    .prepare<[], unknown[]>(`SELECT ${SNAPSHOT_COLUMNS.join(', ')} FROM thing_states_snapshot`)
    .raw();
  // Written as events_not_telemetry's condition (migrations.ts), so SQLite reads that index.
  const otherRange = db.prepare<[number, number, number], PastEventRow>(
    `SELECT seq, stream_id, organization_id, type, data, recorded_at FROM events
     WHERE seq > ? AND seq <= ? AND type NOT IN ('PointRecorded', 'HeartbeatRecorded') ORDER BY seq LIMIT ?`,
  );
  const lastOther = db.prepare<[number], { seq: number }>(
    `SELECT seq FROM events WHERE seq <= ? AND type NOT IN ('PointRecorded', 'HeartbeatRecorded')
     ORDER BY seq DESC LIMIT 1`,
  );
  const checkpoint = db.prepare<[number], { seq: number }>(
    `SELECT seq FROM picture_checkpoints
     WHERE seq <= ? AND taken_at >= coalesce((SELECT cutoff_at FROM log_retention WHERE id = 1), -9007199254740991)
     ORDER BY seq DESC LIMIT 1`,
  );
  // The checkpoint's rows by thing id, as the snapshot keeps them (the blob keys them by thing_key).
  const thingIds = db.prepare<[], [number, string]>('SELECT thing_key, id FROM things').raw();
  const checkpointRows = (seq: number): unknown[][] => {
    const picture = decodedCheckpointAt(db, seq);
    if (!picture) return [];
    const idOf = new Map(thingIds.all());
    return picture.rows.flatMap((row) => {
      const id = idOf.get(row.thingKey);
      if (id === undefined) return [];
      const { lat, lng, speed, course, accuracy, street, heartbeatAt, runId, updatedAt } = row;
      return [
        [id, lat, lng, speed, course, accuracy, row.enroute ? 1 : 0, street, heartbeatAt, runId, updatedAt],
      ];
    });
  };

  return {
    window() {
      const start = first.get();
      const end = last.get();
      if (!start || !end) return null;
      const cutoff = retention.get()?.cutoff_at ?? Number.NEGATIVE_INFINITY;
      return { from: Math.max(start.recorded_at, cutoff), lastSeq: end.seq };
    },
    lastSeqAt: (at, lastSeq) => lastSeqRecordedBy(db, at, lastSeq),
    events: (afterSeq, untilSeq, limit) => range.all(afterSeq, untilSeq, limit),
    times: (afterSeq, untilSeq) => timesInRange.all(afterSeq, untilSeq) as unknown as [number, number][],
    lastOtherSeqAt: (seq) => lastOther.get(seq)?.seq ?? 0,
    otherEvents: (afterSeq, untilSeq, limit) => otherRange.all(afterSeq, untilSeq, limit),
    checkpointAtOrBefore(untilSeq) {
      const found = checkpoint.get(untilSeq);
      return found ? { seq: found.seq, rows: checkpointRows(found.seq) } : null;
    },
    retentionSnapshot() {
      const seq = retention.get()?.snapshot_seq ?? null;
      return seq === null ? null : { seq, rows: snapshotRows.all() };
    },
  };
}

/** Writes into the scratch database of one past picture. */
export type ScratchStateWriter = {
  thingKeyOf(thingId: string): number | null;
  /** Copies the retention snapshot in, for `createProjectionSnapshot(...).restore()`. */
  loadSnapshot(seq: number, rows: readonly unknown[][]): void;
  /** The thing's live state after its last sample, with the sample's fields, as the telemetry projection keeps it. */
  writeState(
    thingKey: number,
    sample: {
      lat: number;
      lng: number;
      speed: number | null;
      course: number | null;
      accuracy: number | null;
    },
    state: ThingLiveState,
    recordedAt: number,
  ): void;
};

export function createScratchStateWriter(scratch: SqliteDatabase): ScratchStateWriter {
  const selectKey = scratch.prepare<[string], { thing_key: number }>(
    'SELECT thing_key FROM things WHERE id = ?',
  );
  const insertSnapshotRow = scratch.prepare(
    `INSERT INTO thing_states_snapshot (${SNAPSHOT_COLUMNS.join(', ')})
     VALUES (${SNAPSHOT_COLUMNS.map(() => '?').join(', ')})`,
  );
  const recordSnapshotSeq = scratch.prepare(
    `INSERT INTO log_retention (id, snapshot_seq, retained_after_seq, cutoff_at, ran_at) VALUES (1, ?, 0, 0, 0)`,
  );
  const updateState = scratch.prepare(`
    UPDATE thing_states SET lat = ?, lng = ?, speed = ?, course = ?, accuracy = ?, enroute = ?, run_id = ?,
      street = ?, heartbeat_at = ?, updated_at = ?
    WHERE thing_key = ?`);
  return {
    thingKeyOf: (thingId) => selectKey.get(thingId)?.thing_key ?? null,
    loadSnapshot(seq, rows) {
      recordSnapshotSeq.run(seq);
      for (const row of rows) {
        insertSnapshotRow.run(row);
      }
    },
    writeState(thingKey, sample, state, recordedAt) {
      updateState.run(
        sample.lat,
        sample.lng,
        sample.speed,
        sample.course,
        sample.accuracy,
        state.enroute ? 1 : 0,
        state.runId,
        state.street,
        state.heartbeatAt,
        recordedAt,
        thingKey,
      );
    },
  };
}
