// Picture checkpoints are compact (issue 36 item 3, store/pictureCheckpoints.ts): in a fleet reporting at 1 Hz a
// checkpoint costs a few bytes per asset (a row per asset cost over a hundred), holds only what changed since the
// one before, and every checkpoint read back on a fresh connection (whole, or a chain of changes) is thing_states as
// it stood when it was taken, keyed by thing id as the past picture and the cable history read it. Retention that
// drops a checkpoint's base rewrites it whole, and the ones after it still read back the same.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import { createCheckpointStates } from '#sim/store/checkpointStates';
import { createPictureCheckpoints, KEYFRAME_EVERY } from '#sim/store/pictureCheckpoints';
import { createPastLogRepository } from '#sim/timeTravel/pastLogRepository';
import { manualClock, startHarness, type Harness } from './support/simulatorHarness.ts';

const THINGS = 120;
const CHECKPOINTS = KEYFRAME_EVERY + 4;
const SECONDS_BETWEEN = 5;
/** Bytes per asset per checkpoint, every page of the table counted; a row per asset took about 150. */
const BUDGET_BYTES_PER_ASSET = 24;

type Copy = { seq: number; takenAt: number; rows: unknown[][] };
const clock = manualClock();
let harness: Harness;
const copies: Copy[] = [];

/** thing_states as the checkpoints before issue 36 item 3 copied them, by thing id. */
function copyOfStates(): unknown[][] {
  return harness.app.eventLog.db
    .prepare<[], unknown[]>(
      `SELECT t.id, s.lat, s.lng, s.speed, s.course, s.accuracy, s.enroute, s.street, s.heartbeat_at, s.run_id,
         s.updated_at FROM thing_states s JOIN things t ON t.thing_key = s.thing_key ORDER BY t.id`,
    )
    .raw()
    .all();
}

const byId = (rows: unknown[][]) => [...rows].sort((a, b) => String(a[0]).localeCompare(String(b[0])));

function readBack(db: Database.Database, seq: number): unknown[][] | null {
  const found = createPastLogRepository(db).checkpointAtOrBefore(seq);
  return found && found.seq === seq ? byId(found.rows) : null;
}

beforeAll(async () => {
  harness = await startHarness({
    clock,
    thingCount: THINGS,
    retention: false,
    pictureCheckpoints: { everyPositions: Number.MAX_SAFE_INTEGER },
  });
  const db = harness.app.eventLog.db;
  const things = db
    .prepare<[], { system_identifier: string; device_type: TelemetrySample['device_type'] }>(
      'SELECT system_identifier, device_type FROM things WHERE is_active = 1 ORDER BY thing_key',
    )
    .all();
  const checkpoints = createPictureCheckpoints(db);
  for (let second = 1; second <= CHECKPOINTS * SECONDS_BETWEEN; second += 1) {
    clock.advance(1_000);
    const batch = things.map((thing, index): TelemetrySample => {
      const parked = index % 3 === 0;
      return {
        device_id: thing.system_identifier,
        device_type: thing.device_type,
        kind: parked ? 'heartbeat' : 'point',
        time: new Date(clock.now() - 400).toISOString(),
        lat: Math.round((41.75 + index * 0.002 + (parked ? 0 : second * 0.00009)) * 1e7) / 1e7,
        lng: Math.round((-87.7 + index * 0.001 + (parked ? 0 : second * 0.00004)) * 1e7) / 1e7,
        speed: parked ? 0 : 8 + ((second + index) % 30) / 10,
        course: parked ? 0 : (90 + second + index) % 360,
        accuracy: 3 + ((second + index) % 4),
        enroute: !parked && (second + index) % 40 < 30,
        street: parked ? null : `STREET ${(index + Math.floor(second / 20)) % 17}`,
      };
    });
    await harness.app.telemetry.ingest(batch);
    if (second % SECONDS_BETWEEN === 0) {
      const seq = await harness.app.eventLog.write(() => checkpoints.take());
      copies.push({ seq, takenAt: clock.now(), rows: copyOfStates() });
    }
  }
});

afterAll(async () => {
  await harness.close();
});

/** A connection of its own: nothing decoded by the writer is reused. */
function freshConnection(): Database.Database {
  return new Database(harness.databasePath, { readonly: true });
}

describe('compact picture checkpoints', () => {
  it('cost a few bytes per asset, and most hold only the changes since the one before', () => {
    const db = harness.app.eventLog.db;
    db.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = db
      .prepare<[], number>("SELECT sum(pgsize) FROM dbstat WHERE name LIKE '%picture_checkpoint%'")
      .pluck()
      .get();
    expect(copies).toHaveLength(CHECKPOINTS);
    expect((bytes ?? 0) / (THINGS * CHECKPOINTS)).toBeLessThan(BUDGET_BYTES_PER_ASSET);
    const bases = db
      .prepare<[], { base_seq: number | null }>('SELECT base_seq FROM picture_checkpoints ORDER BY seq')
      .all()
      .map((row) => row.base_seq);
    expect(bases.filter((base) => base === null)).toHaveLength(Math.ceil(CHECKPOINTS / KEYFRAME_EVERY));
    expect(bases[1]).toBe(copies[0]?.seq);
  });

  it('read back, whole or as a chain of changes, as thing_states stood when each was taken', () => {
    const db = freshConnection();
    try {
      for (const copy of [...copies].reverse()) expect(readBack(db, copy.seq)).toEqual(copy.rows);
      // One thing at a time, as the cable history seeds its pages.
      const states = createCheckpointStates(db);
      const last = copies[copies.length - 1] as Copy;
      for (const row of last.rows.slice(0, 10)) {
        const [id, , , , , , enroute, street, heartbeatAt, runId] = row;
        expect(states.stateOf(last.seq, String(id))).toEqual({
          heartbeatAt,
          enroute: enroute === 1,
          runId,
          street,
        });
      }
    } finally {
      db.close();
    }
  });

  it('survive retention dropping a base: the first kept is rewritten whole and all read back the same', async () => {
    const db = harness.app.eventLog.db;
    const firstKept = copies[3] as Copy;
    const takenAt = db
      .prepare<[number], number>('SELECT taken_at FROM picture_checkpoints WHERE seq = ?')
      .pluck()
      .get(firstKept.seq);
    await harness.app.eventLog.write(() => createPictureCheckpoints(db).dropTakenBefore(takenAt ?? 0));
    const kept = db
      .prepare<[], { seq: number; base_seq: number | null }>(
        'SELECT seq, base_seq FROM picture_checkpoints ORDER BY seq',
      )
      .all();
    expect(kept[0]).toEqual({ seq: firstKept.seq, base_seq: null });
    expect(kept).toHaveLength(CHECKPOINTS - 3);
    const fresh = freshConnection();
    try {
      for (const copy of copies.slice(3)) expect(readBack(fresh, copy.seq)).toEqual(copy.rows);
    } finally {
      fresh.close();
    }
  });
});
