// Log retention: telemetry (`PointRecorded`, `HeartbeatRecorded`) recorded before the cut-off leaves the event log,
// every other event stays. The live state that telemetry produced is kept by a projection snapshot taken in the
// same transaction as the first removal (projectionSnapshot.ts), so a rebuild from the log and the snapshot still
// equals the live tables. Removal goes in short transactions over seq ranges so that the replay and the routes
// keep writing in between (each is an awaited write of the log's); the freed pages are reused by new telemetry, and handed back to the file system only
// when a large share of the file is free (docs/simulator.md, "Log retention").
import type { EventLog } from './eventLog.ts';
import type { TrimmableProjections } from './projectionSet.ts';
import { firstSeqRecordedFrom, readLogPage } from './logReader.ts';
import { createPictureCheckpoints } from './pictureCheckpoints.ts';
import { createProjectionSnapshot } from './projectionSnapshot.ts';

export type LogRetentionOptions = {
  /** Milliseconds since the epoch, from the simulator's clock. */
  now: number;
  /** Telemetry recorded more than this long before `now` is removed. */
  maxAgeMs: number;
  /** Awaited between transactions, so that other work runs; the plugin yields to the event loop. */
  pause?: () => Promise<void>;
  /** Checked between transactions; true ends the run early (the app is closing). What is done stays done. */
  stopped?: () => boolean;
};

export type LogRetentionReport = {
  cutoffAt: number;
  removedEvents: number;
  /** The log position of the snapshot that now stands for removed telemetry, or null when none was needed. */
  snapshotSeq: number | null;
  pagesBefore: number;
  pagesAfter: number;
  freePagesBefore: number;
  freePagesAfter: number;
  pageSize: number;
};

export const TELEMETRY_EVENT_TYPES = ['PointRecorded', 'HeartbeatRecorded'] as const;
/** How many seqs one removal transaction covers. */
const BATCH_SEQS = 50_000;
/** Free pages are handed back when they are more than this share of the file (incremental auto-vacuum files). */
const RELEASE_FREE_SHARE = 0.25;
/** Pages one incremental-vacuum step moves (40 MiB at 4 KiB pages); each step is its own short write. */
const VACUUM_STEP_PAGES = 10_000;
const INCREMENTAL_AUTO_VACUUM = 2;

const TELEMETRY_TYPES_SQL = TELEMETRY_EVENT_TYPES.map((type) => `'${type}'`).join(', ');

export async function runLogRetention(
  log: EventLog<TrimmableProjections>,
  options: LogRetentionOptions,
): Promise<LogRetentionReport> {
  const { db } = log;
  const pause = options.pause ?? (() => Promise.resolve());
  const stopped = options.stopped ?? (() => false);
  const cutoffAt = options.now - options.maxAgeMs;
  const snapshot = createProjectionSnapshot(db);
  const pageCount = () => Number(db.pragma('page_count', { simple: true }));
  const freePages = () => Number(db.pragma('freelist_count', { simple: true }));
  const pagesBefore = pageCount();
  const freePagesBefore = freePages();

  const retainedAfter = db.prepare<[], { seq: number }>(
    'SELECT retained_after_seq AS seq FROM log_retention',
  );
  // The log is in time order: the first telemetry at or after the cut-off ends what this run removes (rows and
  // sealed telemetry alike: the first event recorded from then on, found by bisection, and telemetry from there).
  const firstKeptTelemetry = {
    get(after: number, at: number) {
      const from = firstSeqRecordedFrom(db, after, at)?.seq;
      return from === undefined
        ? undefined
        : readLogPage(db, from - 1, Number.MAX_SAFE_INTEGER, 1, { types: TELEMETRY_EVENT_TYPES })[0];
    },
  };
  const removeRange = db.prepare<[number, number, number]>(
    `DELETE FROM events WHERE seq > ? AND seq <= ? AND type IN (${TELEMETRY_TYPES_SQL}) AND recorded_at < ?`,
  );
  const recordRun = db.prepare<{
    snapshot_seq: number | null;
    retained_after_seq: number;
    cutoff_at: number;
    ran_at: number;
  }>(`
    INSERT INTO log_retention (id, snapshot_seq, retained_after_seq, cutoff_at, ran_at)
    VALUES (1, @snapshot_seq, @retained_after_seq, @cutoff_at, @ran_at)
    ON CONFLICT (id) DO UPDATE SET snapshot_seq = coalesce(excluded.snapshot_seq, snapshot_seq),
      retained_after_seq = excluded.retained_after_seq, cutoff_at = excluded.cutoff_at, ran_at = excluded.ran_at`);

  const startAfter = retainedAfter.get()?.seq ?? 0;
  // The newest event always stays: SQLite hands out max(seq) + 1 next, and seqs must never be handed out twice
  // (point ids and run ids are made from them).
  const endBefore = firstKeptTelemetry.get(startAfter, cutoffAt)?.seq ?? log.store.lastSeq();
  let removedEvents = 0;
  let snapshotSeq: number | null = null;
  /** Inside the transaction that removed `removed` events; `to`: the position up to which the log is cut. */
  const removedInTransaction = (removed: number, to: number) => {
    // The first removal of the run takes the snapshot: it stands at the log's end, past everything removed.
    if (removed > 0 && snapshotSeq === null) {
      snapshotSeq = log.store.lastSeq();
      snapshot.take();
    }
    removedEvents += removed;
    recordRun.run({
      snapshot_seq: snapshotSeq,
      retained_after_seq: to,
      cutoff_at: cutoffAt,
      ran_at: options.now,
    });
  };
  for (let from = startAfter; from < endBefore - 1 && !stopped(); from += BATCH_SEQS) {
    const to = Math.min(from + BATCH_SEQS, endBefore - 1);
    await log.write(() => removedInTransaction(removeRange.run(from, to, cutoffAt).changes, to));
    await pause();
  }

  // Telemetry after a checkpoint taken before the cut-off may be gone: it no longer stands for its moment.
  await log.write(() => createPictureCheckpoints(db).dropTakenBefore(cutoffAt));
  const retainedAfterSeq = Math.max(startAfter, endBefore - 1);
  if (!stopped())
    await trimTripPoints(log, cutoffAt, pause, stopped, (removed) =>
      removedInTransaction(removed, retainedAfterSeq),
    );
  await releaseFreePages(log, RELEASE_FREE_SHARE, pause, stopped);
  return {
    cutoffAt,
    removedEvents,
    snapshotSeq,
    pagesBefore,
    pagesAfter: pageCount(),
    freePagesBefore,
    freePagesAfter: freePages(),
    pageSize: Number(db.pragma('page_size', { simple: true })),
  };
}

/** Things whose trip points one trimming transaction covers. */
const TRIM_THINGS = 500;

/**
 * Trip samples (issue 16) taken before the cut-off go with the telemetry: per thing, the blocks before it (and
 * the one it falls in, rewritten), a few hundred things per short transaction (trips/tripStore.ts).
 */
async function trimTripPoints(
  log: EventLog<TrimmableProjections>,
  cutoffAt: number,
  pause: () => Promise<void>,
  stopped: () => boolean,
  removedInTransaction: (removed: number) => void,
): Promise<void> {
  const { db } = log;
  const thingKeys = db
    .prepare<[], { thing_key: number }>('SELECT thing_key FROM things ORDER BY thing_key')
    .all()
    .map((row) => row.thing_key);
  const trips = log.projections.trips;
  for (let from = 0; from < thingKeys.length && !stopped(); from += TRIM_THINGS) {
    await log.write(() => {
      let removed = 0;
      for (const thingKey of thingKeys.slice(from, from + TRIM_THINGS))
        removed += trips.trimBefore(thingKey, cutoffAt);
      removedInTransaction(removed);
    });
    await pause();
  }
}

/**
 * Hands free pages back to the file system when they are more than `share` of the file. New telemetry reuses
 * free pages first, so after a routine run (an interval's worth freed) nothing is done: the file stops growing at
 * about the retention age's worth of telemetry. A first run on an old file, or a shorter age, frees much more;
 * that is moved out in steps. Files created before incremental auto-vacuum keep their free pages for reuse:
 * switching them over takes a full VACUUM, which rewrites the whole file, needs as much free disk again and
 * blocks every writer meanwhile, so it is left to the operator (docs/simulator.md).
 */
async function releaseFreePages(
  log: EventLog,
  share: number,
  pause: () => Promise<void>,
  stopped: () => boolean,
): Promise<void> {
  const { db } = log;
  if (Number(db.pragma('auto_vacuum', { simple: true })) !== INCREMENTAL_AUTO_VACUUM) return;
  const free = () => Number(db.pragma('freelist_count', { simple: true }));
  if (free() <= share * Number(db.pragma('page_count', { simple: true }))) return;
  while (free() > 0 && !stopped()) {
    db.pragma(`incremental_vacuum(${VACUUM_STEP_PAGES})`);
    await pause();
  }
  // In WAL mode the file only shrinks when a checkpoint copies the truncating commit back into it.
  db.pragma('wal_checkpoint(TRUNCATE)');
}
