// Picture checkpoints (docs/time-travel.md): thing_states as the log left them at a position, taken every so many
// log positions, so that a past picture starts from the nearest one before its moment and folds only the telemetry
// after it instead of the whole log. They are exact for the same reason the retention snapshot is
// (projectionSnapshot.ts): telemetry writes only thing_states, and a copy taken inside a transaction is thing_states
// as the log up to its last position left them. Derived data: a rebuild clears and retakes them, retention drops
// the ones its cut-off passed.
// Compact (issue 36 item 3): a checkpoint is one blob (checkpointCodec.ts) keyed by thing_key (things are never
// deleted, and a rebuild that could number them anew retakes every checkpoint), holding only what changed since the
// checkpoint before it, its base; every KEYFRAME_EVERY-th is whole, so reading one decodes at most that many blobs.
// Decoded checkpoints are kept per database (the cable history asks one thing at a time).
import type { SqliteDatabase } from './database.ts';
import {
  decodeCheckpoint,
  encodeCheckpoint,
  pictureOf,
  type CheckpointPicture,
  type CheckpointRow,
} from './checkpointCodec.ts';

export type PictureCheckpoints = {
  /** Takes thing_states at the log's last position, unless a checkpoint is there already; inside a transaction.
   * Returns that position (0 for an empty log). */
  take(): number;
  /** Takes thing_states as standing for log position `seq` recorded at `takenAt` (a rebuild under way). */
  takeAt(seq: number, takenAt: number): number;
  /** The position of the newest checkpoint, 0 when there is none. */
  latestSeq(): number;
  /** Drops every checkpoint (a rebuild remakes them). */
  clear(): void;
  /** Drops checkpoints taken before `cutoffAt`: retention may have removed telemetry recorded after them. The
   * first one kept is rewritten whole when its base goes. */
  dropTakenBefore(cutoffAt: number): void;
};

/**
 * Log positions between two checkpoints. A past picture folds at most this many positions of telemetry after its
 * checkpoint; figures of what a checkpoint costs in docs/telemetry.md.
 */
export const CHECKPOINT_EVERY_POSITIONS = 100_000;
/** One checkpoint in this many is whole; the others hold the changes since the one before. */
export const KEYFRAME_EVERY = 8;

type StoredCheckpoint = { seq: number; taken_at: number; base_seq: number | null; states: Buffer };
type Decoded = CheckpointPicture & { depth: number };

const DECODED_KEPT = 4;
const decodedByDatabase = new WeakMap<SqliteDatabase, Map<string, Decoded>>();
const cacheOf = (db: SqliteDatabase) => {
  let found = decodedByDatabase.get(db);
  if (!found) {
    found = new Map();
    decodedByDatabase.set(db, found);
  }
  return found;
};
const cacheKey = (stored: StoredCheckpoint) => `${stored.seq}:${stored.base_seq}:${stored.states.length}`;
function remember(db: SqliteDatabase, key: string, decoded: Decoded): Decoded {
  const cache = cacheOf(db);
  cache.delete(key);
  cache.set(key, decoded);
  for (const oldest of cache.keys()) {
    if (cache.size <= DECODED_KEPT) break;
    cache.delete(oldest);
  }
  return decoded;
}

const statements = new WeakMap<SqliteDatabase, ReturnType<typeof prepare>>();
function prepare(db: SqliteDatabase) {
  return {
    stored: db.prepare<[number], StoredCheckpoint>(
      'SELECT seq, taken_at, base_seq, states FROM picture_checkpoints WHERE seq = ?',
    ),
    before: db.prepare<[number], { seq: number }>(
      'SELECT seq FROM picture_checkpoints WHERE seq < ? ORDER BY seq DESC LIMIT 1',
    ),
  };
}
const statementsOf = (db: SqliteDatabase) => {
  let found = statements.get(db);
  if (!found) {
    found = prepare(db);
    statements.set(db, found);
  }
  return found;
};

function decodedStored(db: SqliteDatabase, stored: StoredCheckpoint): Decoded {
  const key = cacheKey(stored);
  const kept = cacheOf(db).get(key);
  if (kept) return remember(db, key, kept);
  let base: Decoded | null = null;
  if (stored.base_seq !== null) {
    base = decodedCheckpointAt(db, stored.base_seq);
    if (base === null) throw new Error(`Picture checkpoint ${stored.seq} lost its base ${stored.base_seq}`);
  }
  const picture = decodeCheckpoint(stored.states, stored.taken_at, base);
  return remember(db, key, { ...picture, depth: base ? base.depth + 1 : 0 });
}

/** The checkpoint at `seq` decoded (its chain of bases with it), or null when there is none there. */
export function decodedCheckpointAt(db: SqliteDatabase, seq: number): Decoded | null {
  const stored = statementsOf(db).stored.get(seq);
  return stored ? decodedStored(db, stored) : null;
}

type StateRow = Omit<CheckpointRow, 'enroute' | 'heartbeatAt' | 'runId' | 'updatedAt'> & {
  enroute: number;
  heartbeat_at: number | null;
  run_id: string | null;
  updated_at: number;
};

export function createPictureCheckpoints(db: SqliteDatabase): PictureCheckpoints {
  const lastEvent = db.prepare<[], { seq: number; recorded_at: number }>(
    'SELECT seq, recorded_at FROM events ORDER BY seq DESC LIMIT 1',
  );
  const newest = db.prepare<[], { seq: number }>(
    'SELECT seq FROM picture_checkpoints ORDER BY seq DESC LIMIT 1',
  );
  const states = db.prepare<[], StateRow>(
    `SELECT thing_key AS thingKey, lat, lng, speed, course, accuracy, enroute, street, heartbeat_at, run_id,
       updated_at FROM thing_states ORDER BY thing_key`,
  );
  const insert = db.prepare<[number, number, number | null, Buffer]>(
    'INSERT INTO picture_checkpoints (seq, taken_at, base_seq, states) VALUES (?, ?, ?, ?)',
  );
  const clearAll = db.prepare('DELETE FROM picture_checkpoints');
  const firstKept = db.prepare<[number], StoredCheckpoint>(
    'SELECT seq, taken_at, base_seq, states FROM picture_checkpoints WHERE taken_at >= ? ORDER BY seq LIMIT 1',
  );
  const rewriteWhole = db.prepare<[Buffer, number]>(
    'UPDATE picture_checkpoints SET base_seq = NULL, states = ? WHERE seq = ?',
  );
  const dropBefore = db.prepare<[number]>('DELETE FROM picture_checkpoints WHERE taken_at < ?');
  const { stored, before } = statementsOf(db);

  const currentRows = (): CheckpointRow[] =>
    states.all().map((row) => ({
      thingKey: row.thingKey,
      lat: row.lat,
      lng: row.lng,
      speed: row.speed,
      course: row.course,
      accuracy: row.accuracy,
      enroute: row.enroute !== 0,
      street: row.street,
      heartbeatAt: row.heartbeat_at,
      runId: row.run_id,
      updatedAt: row.updated_at,
    }));

  const takeAt = (seq: number, takenAt: number) => {
    if (stored.get(seq)) return seq;
    const rows = currentRows();
    const baseSeq = before.get(seq)?.seq ?? null;
    const base = baseSeq === null ? null : decodedCheckpointAt(db, baseSeq);
    const deltaBase = base && base.depth + 1 < KEYFRAME_EVERY ? base : null;
    const blob = encodeCheckpoint(rows, takenAt, deltaBase);
    insert.run(seq, takenAt, deltaBase ? baseSeq : null, blob);
    remember(db, `${seq}:${deltaBase ? baseSeq : null}:${blob.length}`, {
      ...pictureOf(rows),
      depth: deltaBase ? deltaBase.depth + 1 : 0,
    });
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
      clearAll.run();
      cacheOf(db).clear();
    },
    dropTakenBefore(cutoffAt) {
      const kept = firstKept.get(cutoffAt);
      if (kept && kept.base_seq !== null) {
        const base = stored.get(kept.base_seq);
        if (base && base.taken_at < cutoffAt) {
          const picture = decodedStored(db, kept);
          rewriteWhole.run(encodeCheckpoint(picture.rows, kept.taken_at, null), kept.seq);
        }
      }
      dropBefore.run(cutoffAt);
      // Depths changed with the rewrite: decode afresh.
      cacheOf(db).clear();
    },
  };
}
