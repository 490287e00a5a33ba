// The scratch databases past pictures start from (pastPicture.ts), kept between requests. A past picture needs the
// projections of every event that is not telemetry up to its starting point; those events are few (registrations,
// edits, documents), the log only grows, and retention removes only telemetry, so the scratch database after the
// ones up to position P is the same for every starting point from P to the next such event. It is built once,
// kept serialised (a few MB), and each request gets its own copy: opening a moment then costs a copy instead of
// projecting thousands of registrations again.
import Database from 'better-sqlite3';
import { openDatabase, type SqliteDatabase } from '../store/database.ts';
import { createSimEventLog } from '../composition/simProjections.ts';
import { storedEventOf } from '../store/eventStore.ts';
import type { PastEventRow, PastLogRepository } from './pastLogRepository.ts';

export type ScratchBases = {
  /** A fresh scratch database holding the projections of every event that is not telemetry up to `seq`. */
  open(seq: number): Promise<SqliteDatabase>;
  /** Builds the base `open(seq)` will copy, in the background, unless it is kept already. */
  warm(seq: number): void;
};

/** Serialised bases kept; two cover a replay that steps across one edit. */
const KEPT = 2;
/** Log rows projected per step; the event loop runs between steps. */
const STEP = 20_000;

export function createScratchBases(log: PastLogRepository): ScratchBases {
  const kept = new Map<number, Promise<Buffer>>();

  async function build(lastOtherSeq: number): Promise<Buffer> {
    const db = openDatabase(':memory:');
    try {
      const scratch = createSimEventLog(db);
      let afterSeq = 0;
      for (;;) {
        const rows: PastEventRow[] = log.otherEvents(afterSeq, lastOtherSeq, STEP);
        const last = rows[rows.length - 1];
        if (!last) return db.serialize();
        // A scratch log has no shared log behind it, so its write runs at once; `write` all the same, as everywhere.
        await scratch.write(() => rows.forEach((row) => scratch.projections.apply(storedEventOf(row))));
        afterSeq = last.seq;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      db.close();
    }
  }

  function baseFor(seq: number): Promise<Buffer> {
    const lastOtherSeq = log.lastOtherSeqAt(seq);
    let base = kept.get(lastOtherSeq);
    if (!base) {
      base = build(lastOtherSeq);
      kept.set(lastOtherSeq, base);
      base.catch(() => kept.delete(lastOtherSeq));
      for (const key of kept.keys()) if (kept.size > KEPT) kept.delete(key);
    }
    return base;
  }

  return {
    async open(seq) {
      const db = new Database(await baseFor(seq));
      db.pragma('foreign_keys = ON');
      return db;
    },
    warm(seq) {
      // A failure here (the app closing mid-build) is met again, and reported, by the request that needs the base.
      baseFor(seq).catch(() => undefined);
    },
  };
}
