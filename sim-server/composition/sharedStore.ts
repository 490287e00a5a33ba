// A cluster node's store (`SIM_STORE=postgres://…`, docs/scale-out.md "The write path"): the shared log in
// PostgreSQL, and the node's SQLite file opened as its replica (migrations as for any file), checked and caught up
// before the node serves. The first node of an empty cluster seeds: inside the cluster's one turn to write, when the
// shared end and the replica are both empty, it seeds its file in one local transaction held open, publishes every
// event the seed wrote and only then commits; a node that waited for the turn finds the log seeded and copies it.
import { createPostgresLog } from '../postgres/postgresLog.ts';
import { deleteDatabaseFiles, openDatabase, type SqliteDatabase } from '../store/database.ts';
import { startReplica } from '../store/replicaStart.ts';
import type { SharedLog } from '../store/sharedLog.ts';
import type { SeedSummary } from '../seed/seedWorld.ts';
import type { TripStoreLimits } from '../trips/tripStore.ts';
import { createSimEventLog, type SimEventLog } from './simProjections.ts';

export type SharedStoreOptions = {
  url: string;
  /** Labels this node's PostgreSQL connections (pg_stat_activity). */
  name: string;
  databasePath: string;
  /** Start the replica anew from the shared log (the shared log stays). */
  fresh: boolean;
  tripLimits?: TripStoreLimits;
  /** Writes the demo world through an embedded log over the replica (seed/seedWorld.ts). */
  seed: (log: SimEventLog) => Promise<SeedSummary>;
  onReplicationError: (error: unknown) => void;
};

export type SharedStore = { eventLog: SimEventLog; seeded: SeedSummary | null; close(): Promise<void> };

/** The URL as said in an error line: without its password. */
function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

async function connect(options: SharedStoreOptions): Promise<SharedLog> {
  try {
    return await createPostgresLog(options.url, { name: options.name });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`SIM_STORE: cannot reach PostgreSQL at ${shownUrl(options.url)} (${reason})`, {
      cause: error,
    });
  }
}

/** Seeds the replica and the shared log when both are empty, within the cluster's turn; null when it did not. */
async function seedIfFirst(
  shared: SharedLog,
  db: SqliteDatabase,
  options: SharedStoreOptions,
): Promise<SeedSummary | null> {
  const end = await shared.enter();
  try {
    const local = db.prepare<[], number | null>('SELECT max(seq) FROM events').pluck().get() ?? 0;
    if (end > 0 || local > 0) return null;
    // The seed's own transactions nest inside this one (savepoints), so nothing is committed before the publish.
    db.exec('BEGIN IMMEDIATE');
    try {
      const seedLog = createSimEventLog(db, options.tripLimits);
      const summary = await options.seed(seedLog);
      await shared.publish(seedLog.store.readAfter(0, Number.MAX_SAFE_INTEGER));
      db.exec('COMMIT');
      return summary;
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw error;
    }
  } finally {
    shared.leave();
  }
}

export async function openSharedStore(options: SharedStoreOptions): Promise<SharedStore> {
  const shared = await connect(options);
  if (options.fresh) deleteDatabaseFiles(options.databasePath);
  let db: SqliteDatabase | null = null;
  try {
    db = openDatabase(options.databasePath);
    const seeded = await seedIfFirst(shared, db, options);
    // Made after the seed, so its projections remember nothing the seed's log wrote behind their back.
    const eventLog = createSimEventLog(db, options.tripLimits, {
      shared,
      onReplicationError: options.onReplicationError,
    });
    await startReplica(eventLog, shared);
    const opened = db;
    return {
      eventLog,
      seeded,
      async close() {
        await eventLog.close();
        await shared.close();
        opened.close();
      },
    };
  } catch (error) {
    db?.close();
    await shared.close();
    throw error;
  }
}
