// Finding one position of the log (store/logReader.ts `firstLogEventFrom`, what the bisections for a moment's
// position and the log's first event call) without the merge: on a log of interleaved sealed blocks, rows not
// sealed yet, other events between them and a stretch retention removed, the first event at or after every position
// is the one the merged reader gives, before and after a restart (nothing decoded kept).
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import { lastSeqRecordedBy } from '#sim/store/logMoments';
import { firstLogEventFrom, readLog, readLogPage } from '#sim/store/logReader';
import { runLogRetention } from '#sim/store/logRetention';
import { manualClock, startHarness, type Harness } from './support/simulatorHarness.ts';

const clock = manualClock();
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    clock,
    thingCount: 30,
    retention: false,
    tripLimits: { maxBlockSamples: 7, maxHeldEvents: 90 },
  });
  const things = harness.app.eventLog.db
    .prepare<[], { system_identifier: string; device_type: TelemetrySample['device_type'] }>(
      'SELECT system_identifier, device_type FROM things WHERE is_active = 1 ORDER BY thing_key LIMIT 9',
    )
    .all();
  for (let second = 1; second <= 60; second += 1) {
    clock.advance(1_000);
    // Some report every second, some every third, one only now and then: blocks of unlike spans, interleaved.
    const reporting = things.filter((_, index) => index < 5 || second % (index - 3) === 0);
    await harness.app.telemetry.ingest(
      reporting.map((thing, index) => ({
        device_id: thing.system_identifier,
        device_type: thing.device_type,
        kind: (second + index) % 5 === 0 ? 'heartbeat' : 'point',
        time: new Date(clock.now() - 200).toISOString(),
        lat: 41.8 + index * 0.01 + second * 0.0001,
        lng: -87.6 - index * 0.01,
        speed: 10,
        course: 90,
        accuracy: 4,
        enroute: true,
        street: null,
      })),
    );
  }
  // The first quarter of the telemetry leaves the log.
  await runLogRetention(harness.app.eventLog, { now: clock.now(), maxAgeMs: 45_000 });
});

afterAll(async () => {
  await harness.close();
});

function expectSameAsTheMerge(db: Database.Database) {
  const last = harness.app.eventLog.store.lastSeq();
  for (let seq = 0; seq <= last + 2; seq += 1)
    expect(firstLogEventFrom(db, seq), `at ${seq}`).toEqual(
      readLogPage(db, seq - 1, Number.MAX_SAFE_INTEGER, 1)[0],
    );
}

describe('the first event at or after a position', () => {
  it('is the merged reader’s, on a log of interleaved blocks, rows and a retention gap', () => {
    const db = harness.app.eventLog.db;
    const blocks = db
      .prepare<[], number>('SELECT count(*) FROM trip_blocks WHERE first_seq IS NOT NULL')
      .pluck()
      .get();
    expect(blocks).toBeGreaterThan(20);
    expectSameAsTheMerge(db);
  });

  it('is the same read on a fresh connection, with no block decoded yet', () => {
    const db = new Database(harness.databasePath, { readonly: true });
    try {
      expectSameAsTheMerge(db);
    } finally {
      db.close();
    }
  });
});

// A moment's position (store/logMoments.ts, what time travel asks for every picture and page): the last event
// recorded at or before it, as reading the whole merged log finds it, at every recording time the log holds and
// between them, before the first and after the last, also up to a position short of the log's end.
function expectMomentsAsTheMerge(db: Database.Database) {
  const events = [...readLog(db, 0, Number.MAX_SAFE_INTEGER)];
  const last = harness.app.eventLog.store.lastSeq();
  const times = [...new Set(events.map((event) => event.recorded_at))];
  const moments = [
    ...times,
    ...times.map((time) => time - 1),
    Math.min(...times) - 1,
    Math.max(...times) + 1,
  ];
  for (const end of [last, Math.floor(last / 2)])
    for (const at of moments) {
      const want = events.filter((event) => event.seq <= end && event.recorded_at <= at).at(-1)?.seq ?? 0;
      expect(lastSeqRecordedBy(db, at, end), `at ${at}, up to ${end}`).toBe(want);
    }
}

describe('the position of a moment', () => {
  it('is the last event recorded by then, on interleaved blocks, rows and a retention gap', () => {
    expectMomentsAsTheMerge(harness.app.eventLog.db);
  });

  it('is the same on a fresh connection, with no block decoded yet', () => {
    const db = new Database(harness.databasePath, { readonly: true });
    try {
      expectMomentsAsTheMerge(db);
    } finally {
      db.close();
    }
  });
});
