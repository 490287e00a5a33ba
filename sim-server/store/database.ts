// Opens the simulator's SQLite file: WAL so readers never wait for the replay's writes, NORMAL sync because a
// lost last second of telemetry after a power cut is acceptable for a simulator (a crash of the process is not:
// committed transactions survive it), and the schema brought up to date. A 64 MiB page cache and checkpoints
// every ~40 MiB of WAL keep a 10,000-device second of telemetry from spilling to disk mid-transaction.
// New files use incremental auto-vacuum so that log retention can hand freed pages back (logRetention.ts).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations.ts';

export type SqliteDatabase = Database.Database;

export function openDatabase(databasePath: string): SqliteDatabase {
  if (databasePath !== ':memory:')
    fs.mkdirSync(path.dirname(path.resolve(databasePath)), { recursive: true });
  const db = new Database(databasePath);
  // Takes effect only on a file without tables yet, and only before WAL mode is set; older files keep theirs.
  db.pragma('auto_vacuum = INCREMENTAL');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -65536');
  db.pragma('wal_autocheckpoint = 10000');
  db.pragma('journal_size_limit = 67108864');
  migrate(db);
  return db;
}

/** Removes the database and its WAL companions, for `--fresh`. */
export function deleteDatabaseFiles(databasePath: string): void {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${databasePath}${suffix}`, { force: true });
}

/** SQLite has no boolean type; the wire has. */
export function toFlag(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}
