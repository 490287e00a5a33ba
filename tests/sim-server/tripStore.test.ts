// The trip store (issue 16) on a real SQLite file with small limits, so that sealing happens within a few samples:
// blocks of one asset within one hour, reads that join blocks and held samples in time order, and nothing lost or
// doubled by a crash, a rolled-back transaction, a rebuild, retention, or a file from before the blocks.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTelemetryIngestor } from '#sim/ingestion/telemetryIngestor';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import { openDatabase, type SqliteDatabase } from '#sim/store/database';
import { rebuildProjections } from '#sim/store/eventLog';
import { createSimEventLog, type SimEventLog } from '#sim/composition/simProjections';
import { readLog } from '#sim/store/logReader';
import { decodeTelemetryBlock } from '#sim/store/telemetryBlock';
import type { TripPoints } from '#sim/trips/tripBlock';
import { tripJson, tripPointRecords } from '#sim/trips/tripJson';
import { createTripRepository } from '#sim/trips/tripRepository';
import { cutTrip } from '#sim/trips/tripRuns';
import { HOUR_MS, type TripStoreLimits } from '#sim/trips/tripStore';
import { startHarness, temporaryDirectory } from './support/simulatorHarness.ts';
import { telemetrySample, type ReportingDevice } from './support/telemetrySamples.ts';

const LIMITS: TripStoreLimits = { maxBlockSamples: 4, maxHeldEvents: 12 };
const SECOND = 1000;
/** Ten seconds before a full hour, well after the seed's telemetry. */
const T = Date.parse('2026-03-02T17:59:50.000Z');

type Asset = ReportingDevice & { id: string; key: number };

let folder: { dir: string; remove(): void };
let seededFile: string;
let assets: Asset[];

beforeAll(async () => {
  folder = temporaryDirectory();
  seededFile = path.join(folder.dir, 'seeded.sqlite');
  const harness = await startHarness({ databasePath: seededFile, thingCount: 20, retention: false });
  assets = harness.app.eventLog.db
    .prepare<[], Asset>(
      'SELECT id, thing_key AS key, system_identifier, device_type FROM things WHERE is_active = 1 LIMIT 2',
    )
    .all();
  await harness.close();
});
afterAll(() => folder.remove());

/** A copy of the seeded file per test, opened with the small limits. */
let file: string;
let copies = 0;
let db: SqliteDatabase;
let log: SimEventLog;

function open(): void {
  db = openDatabase(file);
  log = createSimEventLog(db, LIMITS);
}

beforeEach(async () => {
  copies += 1;
  file = path.join(folder.dir, `copy-${copies}.sqlite`);
  const source = new Database(seededFile);
  await source.backup(file);
  source.close();
  open();
  // What the seed reported is sealed first, as a simulator that has run a while would have it.
  await log.write(() => log.projections.trips.sealAll());
  return () => db.close();
});

async function ingest(samples: TelemetrySample[]): Promise<void> {
  await createTelemetryIngestor(log, { now: () => T + HOUR_MS }).ingest(samples);
}

const asset = (index: number): Asset => {
  const found = assets[index];
  if (!found) throw new Error(`no asset ${index}`);
  return found;
};

/** [seconds after T, seq, lat, enroute] of what the store answers for the asset around T. */
function read(index = 0, from = T - HOUR_MS, to = T + 2 * HOUR_MS): [number, number, number, number][] {
  const points: TripPoints = log.projections.trips.pointsBetween(asset(index).key, from, to);
  return Array.from({ length: points.length }, (_, i) => [
    ((points.at[i] ?? NaN) - T) / SECOND,
    points.seq[i] ?? NaN,
    points.lat[i] ?? NaN,
    points.enroute[i] ?? NaN,
  ]);
}

const blocks = (index = 0) =>
  db
    .prepare<[number, number], { first_at: number; last_at: number; points: Buffer }>(
      `SELECT first_at, last_at, points FROM trip_blocks WHERE thing_key = ? AND first_at >= ?
       ORDER BY first_at, id`,
    )
    .all(asset(index).key, T - HOUR_MS)
    .map((block) => [
      (block.first_at - T) / SECOND,
      (block.last_at - T) / SECOND,
      decodeTelemetryBlock(block.points).length,
    ]);

/** Samples of asset 0 each second from T, lat 41.0 + second / 100. */
const seconds = (from: number, to: number, overrides: Partial<TelemetrySample> = {}) =>
  Array.from({ length: to - from + 1 }, (_, i) =>
    telemetrySample(asset(0), T + (from + i) * SECOND, { lat: 41 + (from + i) / 100, ...overrides }),
  );

describe('the trip store', () => {
  it('seals blocks of at most the block size within one hour, and reads blocks and held samples in order', async () => {
    await ingest(seconds(0, 13));
    // 14 samples from 17:59:50: the hour ends after 10 of them.
    expect(blocks()).toEqual([
      [0, 3, 4],
      [4, 7, 4],
      [8, 9, 2],
      [10, 11, 2],
    ]);
    expect(log.projections.trips.heldCount()).toBe(2);
    const answer = read();
    expect(answer.map(([second]) => second)).toEqual(Array.from({ length: 14 }, (_, i) => i));
    expect(answer.map(([, , lat]) => lat)).toEqual(Array.from({ length: 14 }, (_, i) => 41 + i / 100));
    expect(log.projections.trips.coverage(asset(0).key)?.last).toBe(T + 13 * SECOND);
  });

  it('keeps samples taken in the same second, ordered by their log position, and late samples in time order', async () => {
    await ingest([...seconds(5, 5, { lat: 41.5 }), ...seconds(5, 5, { lat: 41.6, enroute: false })]);
    await ingest(seconds(1, 2));
    const answer = read();
    expect(answer.map(([second, , lat]) => [second, lat])).toEqual([
      [1, 41.01],
      [2, 41.02],
      [5, 41.5],
      [5, 41.6],
    ]);
    expect(answer[2]?.[1]).toBeLessThan(answer[3]?.[1] ?? NaN);
  });

  it('seals an asset that went quiet once the log has moved on by the held limit', async () => {
    await ingest([telemetrySample(asset(1), T, { lat: 40 })]);
    expect(log.projections.trips.heldCount()).toBe(1);
    await ingest(seconds(0, 2));
    expect(blocks(1)).toEqual([]);
    await ingest(seconds(3, 12));
    expect(blocks(1)).toEqual([[0, 0, 1]]);
    expect(read(1).map(([, , lat]) => lat)).toEqual([40]);
  });

  it('loses nothing held when the process dies, and doubles nothing when it starts again', async () => {
    await ingest(seconds(0, 5));
    expect(log.projections.trips.heldCount()).toBeGreaterThan(0);
    const before = read();
    db.close(); // no sealing: what was held lives only in the log
    open();
    expect(read()).toEqual(before);
    await ingest(seconds(6, 7));
    expect(read().map(([second]) => second)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('holds nothing of a transaction that rolled back', async () => {
    await ingest(seconds(0, 2));
    const before = read();
    const ingestor = createTelemetryIngestor(log, { now: () => T + HOUR_MS });
    await expect(
      log.write(() => {
        ingestor.recordParsed(seconds(3, 9));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(read()).toEqual(before);
    expect(blocks().flatMap(([, , n]) => n)).toEqual([]);
  });

  it('keeps every sample once through a rebuild of the projections', async () => {
    await ingest(seconds(0, 9));
    const before = read();
    rebuildProjections(log);
    expect(read()).toEqual(before);
  });

  // The store holds every field of a sample and seals from memory; a row log retention took first must not come
  // back from the block as a log event.
  it('seals a held sample whose row went first as a trip sample only, not as a log event', async () => {
    await ingest(seconds(0, 3));
    const [gone, ...rest] = read().map(([, seq]) => seq);
    db.prepare('DELETE FROM events WHERE seq = ?').run(gone);
    await log.write(() => log.projections.trips.sealAll());
    expect(blocks()).toEqual([[0, 2, 3]]);
    expect(read().map(([second]) => second)).toEqual([0, 1, 2, 3]);
    const logged = readLog(db, (gone ?? 0) - 1, Number.MAX_SAFE_INTEGER, {
      streamIds: new Set([asset(0).id]),
    });
    expect([...logged].map((row) => row.seq)).toEqual(rest);
  });

  it('drops the samples before a cut-off, rewriting the block the cut-off falls in', async () => {
    await ingest(seconds(0, 9));
    await log.write(() => log.projections.trips.trimBefore(asset(0).key, T + 5 * SECOND));
    expect(read().map(([second]) => second)).toEqual([5, 6, 7, 8, 9]);
    // Samples 8 and 9 are held and after the cut-off: they stay held (and rows).
    expect(blocks()).toEqual([[5, 7, 3]]);
    expect(log.projections.trips.heldCount()).toBe(2);
  });

  it('moves the rows of a file from before the blocks into blocks, once', () => {
    db.close();
    const legacy = new Database(file);
    legacy.exec(`CREATE TABLE trip_points (thing_key INTEGER NOT NULL, at INTEGER NOT NULL, seq INTEGER NOT NULL,
      lat REAL NOT NULL, lng REAL NOT NULL, speed REAL NOT NULL, course REAL NOT NULL, enroute INTEGER NOT NULL,
      PRIMARY KEY (thing_key, at, seq)) WITHOUT ROWID`);
    const insert = legacy.prepare('INSERT INTO trip_points VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    for (let i = 0; i < 6; i += 1) insert.run(asset(0).key, T + i * SECOND, 1_000 + i, 42 + i, -87, 3, 90, 1);
    legacy.close();
    open();
    expect(read().map(([second, seq, lat]) => [second, seq, lat])).toEqual(
      Array.from({ length: 6 }, (_, i) => [i, 1_000 + i, 42 + i]),
    );
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'trip_points'").get()).toBeUndefined();
    db.close();
    open();
    expect(read()).toHaveLength(6);
  });
});

describe('runs over the store', () => {
  const repository = () => createTripRepository(log);
  const cut = (from: number, to: number) =>
    cutTrip(repository(), { id: asset(0).id, key: asset(0).key }, T + from * SECOND, T + to * SECOND);
  const seqAt = (second: number) => read(0, T - 3 * HOUR_MS).find(([at]) => at === second)?.[1];
  /** A stop a minute before T, so that what the seed reported says nothing about the runs from T. */
  const stopped = () => seconds(-60, -60, { enroute: false });

  it('cut runs at the first sample not en route, across blocks and the hour', async () => {
    await ingest([...stopped(), ...seconds(0, 6), ...seconds(7, 7, { enroute: false }), ...seconds(8, 13)]);
    const trip = cut(0, 13);
    expect(trip.runs.map((run) => [run.runId, run.first, run.end])).toEqual([
      [String(seqAt(0)), 0, 7],
      [String(seqAt(8)), 8, 14],
    ]);
  });

  it('name a run that began hours before the range by its first sample', async () => {
    await ingest([...seconds(-7200, -7200, { enroute: false }), ...seconds(-7199, -7195)]);
    await ingest(seconds(-3600, -3598));
    await ingest(seconds(0, 3));
    const trip = cut(1, 3);
    expect(trip.runs.map((run) => [run.runId, run.first, run.end])).toEqual([[String(seqAt(-7199)), 0, 3]]);
  });

  it('start a new run with a sample taken in the same second as the stop before it', async () => {
    await ingest([...stopped(), ...seconds(0, 1), ...seconds(2, 2, { enroute: false }), ...seconds(2, 3)]);
    const seqs = read(0, T).map(([second, seq]) => [second, seq]);
    const trip = cut(0, 3);
    expect(trip.runs.map((run) => [run.runId, run.first, run.end])).toEqual([
      [String(seqs[0]?.[1]), 0, 2],
      [String(seqs[3]?.[1]), 3, 5],
    ]);
    // From just after the stop, the run in progress is the one that began in the stop's second.
    expect(cut(3, 3).runs.map((run) => run.runId)).toEqual([String(seqs[3]?.[1])]);
  });

  it('are written exactly as JSON.stringify writes the trip record', async () => {
    await ingest([
      ...stopped(),
      ...seconds(0, 3, { lng: -87.62979999999999, speed: 0.1 + 0.2, course: 359.5 }),
      ...seconds(4, 4, { enroute: false }),
      ...seconds(5, 9, { lng: -0, speed: 1e-7, course: 0 }),
      // Milliseconds of every width.
      ...[7, 87, 999].map((ms) => telemetrySample(asset(0), T + 9 * SECOND + ms, { lat: -41.123456789 })),
    ]);
    const trip = cut(0, 9);
    const record = {
      thing_id: trip.thingId,
      runs: trip.runs.map((run) => ({
        run_id: run.runId,
        run_start: new Date(trip.points.at[run.first] ?? NaN).toISOString(),
        run_end: new Date(trip.points.at[run.end - 1] ?? NaN).toISOString(),
        run_duration: ((trip.points.at[run.end - 1] ?? NaN) - (trip.points.at[run.first] ?? NaN)) / 1000,
        is_active: run.isActive,
        points: tripPointRecords(trip.points, run.first, run.end),
      })),
    };
    expect(record.runs).toHaveLength(2);
    expect(tripJson(trip).toString('utf8')).toBe(JSON.stringify(record));
  });
});
