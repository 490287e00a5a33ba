// Issue 36: telemetry sealed into blocks is the log. The same file read before and after sealing gives the same
// events (rows and blocks alike, in log order, byte for byte), from the start, from a position inside a block or
// at its edge, backwards, after a restart; a rebuild of the projections from the sealed file equals the live
// tables; and the readers of the log (time travel, cable history seeds, exports) answer the same.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistorySeeds } from '#sim/cable/cableHistorySeeds';
import { createExportRepository } from '#sim/exports/exportRepository';
import { createTelemetryIngestor } from '#sim/ingestion/telemetryIngestor';
import { openDatabase, type SqliteDatabase } from '#sim/store/database';
import { rebuildProjections } from '#sim/store/eventLog';
import { createSimEventLog, type SimEventLog } from '#sim/composition/simProjections';
import type { EventRow } from '#sim/store/eventRow';
import { readLog, readLogPage } from '#sim/store/logReader';
import { PROJECTION_TABLES } from '#sim/composition/simProjections';
import { createPastLogRepository } from '#sim/timeTravel/pastLogRepository';
import { startHarness, temporaryDirectory } from './support/simulatorHarness.ts';
import { telemetrySample, type OrganizationDevice } from './support/telemetrySamples.ts';

const T = Date.parse('2026-03-02T17:59:30.000Z');
/** Never sealed by themselves: the test seals when it says so. */
const HOLD_ALL = { maxBlockSamples: 1_000_000, maxHeldEvents: 1_000_000_000 };

let folder: { dir: string; remove(): void };
let unsealedFile: string;
let devices: OrganizationDevice[];

beforeAll(async () => {
  folder = temporaryDirectory();
  const seeded = path.join(folder.dir, 'seeded.sqlite');
  const harness = await startHarness({ databasePath: seeded, thingCount: 20, retention: false });
  devices = harness.app.eventLog.db
    .prepare<[], OrganizationDevice>(
      'SELECT id, system_identifier, device_type FROM things WHERE is_active = 1 ORDER BY id LIMIT 4',
    )
    .all();
  await harness.close();
  unsealedFile = path.join(folder.dir, 'unsealed.sqlite');
  const db = openDatabase(seeded);
  const log = createSimEventLog(db, HOLD_ALL);
  const ingestor = createTelemetryIngestor(log, { now: () => T + 90_000 });
  // A minute across the hour, every field moving: points and heartbeats, streets named and not, odd decimals.
  for (let second = 0; second < 60; second += 1)
    await ingestor.ingest(
      devices.map((device, index) =>
        telemetrySample(device, T + second * 1000 + index, {
          kind: (second + index) % 5 === 0 ? 'heartbeat' : 'point',
          lat: 41.8781 + second * 1.3e-5 + index / 7,
          lng: -87.6298 - second * 2.1e-5,
          speed: (second * 0.37) % 20,
          course: (second * 11 + index * 90) % 360,
          accuracy: 3 + (second % 4) / 3,
          enroute: (second + index) % 17 !== 0,
          street: second % 9 === 0 ? null : `STREET ${index} ${second % 3}`,
        }),
      ),
    );
  db.close();
  await new Promise<void>((resolve, reject) => {
    const source = new Database(seeded);
    source
      .backup(unsealedFile)
      .then(() => resolve(), reject)
      .finally(() => source.close());
  });
});
afterAll(() => folder.remove());

let copies = 0;
/** A copy of the unsealed file, opened; sealed first with `limits` when given. */
async function openCopy(sealWith?: { maxBlockSamples: number; maxHeldEvents: number }): Promise<{
  db: SqliteDatabase;
  log: SimEventLog;
  file: string;
}> {
  copies += 1;
  const file = path.join(folder.dir, `copy-${copies}.sqlite`);
  const source = new Database(unsealedFile);
  source.exec(`VACUUM INTO '${file}'`);
  source.close();
  const db = openDatabase(file);
  const log = createSimEventLog(db, sealWith ?? HOLD_ALL);
  if (sealWith) await log.write(() => log.projections.trips.sealAll());
  return { db, log, file };
}

const everything = (db: SqliteDatabase): EventRow[] => [...readLog(db, 0, Number.MAX_SAFE_INTEGER)];
const telemetryRows = (db: SqliteDatabase) =>
  db.prepare<[], { n: number }>("SELECT count(*) AS n FROM events WHERE type LIKE '%Recorded'").get()?.n ?? 0;
const dump = (db: SqliteDatabase) =>
  Object.fromEntries(
    PROJECTION_TABLES.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all()]),
  );

describe('a log whose telemetry is sealed into blocks', () => {
  it('reads the same events as the unsealed log, from the start, mid-block, at a block edge and backwards', async () => {
    const unsealed = await openCopy();
    const sealed = await openCopy({ maxBlockSamples: 7, maxHeldEvents: 40 });
    try {
      const expected = everything(unsealed.db);
      expect(telemetryRows(sealed.db)).toBeLessThan(telemetryRows(unsealed.db) / 10);
      expect(everything(sealed.db)).toEqual(expected);
      const blocks = sealed.db
        .prepare<[], { first_seq: number; last_seq: number }>(
          'SELECT first_seq, last_seq FROM trip_blocks WHERE first_seq IS NOT NULL ORDER BY first_seq',
        )
        .all();
      expect(blocks.length).toBeGreaterThan(10);
      const block = blocks[Math.floor(blocks.length / 2)] ?? { first_seq: 0, last_seq: 0 };
      const middle = Math.floor((block.first_seq + block.last_seq) / 2);
      for (const after of [block.first_seq - 1, block.first_seq, middle, block.last_seq]) {
        const until = after + 97;
        const want = expected.filter((row) => row.seq > after && row.seq <= until);
        expect(readLogPage(sealed.db, after, until, 1_000)).toEqual(want);
        // Paged: each page carries on where the last stopped.
        const paged = [
          ...readLogPage(sealed.db, after, until, 10),
          ...readLogPage(sealed.db, after + 0, until, 1_000),
        ];
        expect(paged.slice(0, 10)).toEqual(want.slice(0, 10));
        const telemetry = ['PointRecorded', 'HeartbeatRecorded'] as const;
        expect([...readLog(sealed.db, after, until, { descending: true, types: telemetry })]).toEqual(
          want.filter((row) => row.type.endsWith('Recorded')).reverse(),
        );
      }
    } finally {
      unsealed.db.close();
      sealed.db.close();
    }
  });

  it('keeps every event through a restart, and rebuilds the projections to the live tables', async () => {
    const unsealed = await openCopy();
    const expected = everything(unsealed.db);
    const live = dump(unsealed.db);
    unsealed.db.close();
    const sealed = await openCopy({ maxBlockSamples: 5, maxHeldEvents: 30 });
    sealed.db.close();
    const reopened = openDatabase(sealed.file);
    try {
      const log = createSimEventLog(reopened);
      expect(everything(reopened)).toEqual(expected);
      rebuildProjections(log);
      expect(dump(reopened)).toEqual(live);
      expect(everything(reopened)).toEqual(expected);
    } finally {
      reopened.close();
    }
  });

  it('gives time travel, the cable history seeds and exports the same answers', async () => {
    const unsealed = await openCopy();
    const sealed = await openCopy({ maxBlockSamples: 6, maxHeldEvents: 50 });
    try {
      const answers = (db: SqliteDatabase) => {
        const past = createPastLogRepository(db);
        const window = past.window();
        const lastSeq = window?.lastSeq ?? 0;
        const middle = past.lastSeqAt(T + 30_000, lastSeq);
        const exports = createExportRepository(db);
        const seqWindow = exports.seqWindow(T + 80_000, T + 100_000);
        return {
          window,
          middle,
          events: past.events(middle - 50, middle + 50, 1_000),
          times: past.times(middle - 50, middle + 50),
          seeds: [
            ...createHistorySeeds(db, 10_000, null).seedsBefore(middle, new Set(devices.map((d) => d.id))),
          ],
          seqWindow,
          exported: exports.telemetryPage(
            seqWindow,
            seqWindow.afterSeq,
            JSON.stringify(devices.slice(1, 3).map((d) => d.id)),
            ['PointRecorded'],
            1_000,
          ),
        };
      };
      const expected = answers(unsealed.db);
      expect(expected.events.length).toBeGreaterThan(50);
      expect(expected.exported.length).toBeGreaterThan(20);
      expect(answers(sealed.db)).toEqual(expected);
    } finally {
      unsealed.db.close();
      sealed.db.close();
    }
  });
});
