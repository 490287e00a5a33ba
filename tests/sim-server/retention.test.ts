// Log retention: telemetry older than the retention age leaves the log, everything newer and every other event
// stays, the live tables do not move, and a rebuild from the log (and the snapshot retention leaves) still equals
// them — also after more writes and a second run. A large removal hands the space back to the file system.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceType } from '#domain/things/thing';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import type { Scheduler } from '#sim/kernel/clock';
import { rebuildProjections } from '#sim/store/eventLog';
import { readLog } from '#sim/store/logReader';
import { TELEMETRY_EVENT_TYPES } from '#sim/store/logRetention';
import { PROJECTION_TABLES } from '#sim/composition/simProjections';
import { DAY_MS } from '#sim/plugins/retentionPlugin';
import { bearer, organizationIds, signIn, startHarness, type Harness } from './support/simulatorHarness.ts';
import { telemetrySample } from './support/telemetrySamples.ts';

type Device = { id: string; system_identifier: string; device_type: DeviceType };
type EventRow = { seq: number; type: string; recorded_at: number };

const MAX_AGE_MS = 30 * DAY_MS;
const TELEMETRY: readonly string[] = TELEMETRY_EVENT_TYPES;

/** A scheduler whose tasks run when the test says so. */
function handScheduler(): Scheduler & { runAll(): void } {
  const tasks = new Set<() => void | Promise<void>>();
  return {
    every(_intervalMs, task) {
      tasks.add(task);
      return () => tasks.delete(task);
    },
    runAll: () => tasks.forEach((task) => void task()),
  };
}

function dump(harness: Harness): Record<string, unknown[]> {
  const db = harness.app.eventLog.db;
  return Object.fromEntries(
    PROJECTION_TABLES.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all()]),
  );
}

/** The log as its readers see it: rows and sealed telemetry blocks alike (store/logReader.ts). */
function events(harness: Harness): EventRow[] {
  return Array.from(readLog(harness.app.eventLog.db, 0, Number.MAX_SAFE_INTEGER), (row) => ({
    seq: row.seq,
    type: row.type,
    recorded_at: row.recorded_at,
  }));
}

function roamingResponders(harness: Harness, count: number): Device[] {
  return harness.app.eventLog.db
    .prepare<[string, number], Device>(
      `SELECT id, system_identifier, device_type FROM things
       WHERE organization_id = ? AND sim_behaviour = 'roaming' ORDER BY id LIMIT ?`,
    )
    .all(organizationIds(harness.app).responders, count);
}

function sample(harness: Harness, device: Device, overrides: Partial<TelemetrySample> = {}): TelemetrySample {
  return telemetrySample(device, harness.clock.now(), overrides);
}

function stateOf(harness: Harness, device: Device): { lat: number; lng: number; heartbeat_at: number } {
  const row = harness.app.eventLog.db
    .prepare<[string], { lat: number; lng: number; heartbeat_at: number }>(
      'SELECT lat, lng, heartbeat_at FROM things_with_state WHERE id = ?',
    )
    .get(device.id);
  if (!row) throw new Error(`no state for ${device.id}`);
  return row;
}

describe('log retention', () => {
  let harness: Harness;
  const scheduler = handScheduler();

  beforeAll(async () => {
    harness = await startHarness({ retention: { maxAgeMs: MAX_AGE_MS, scheduler } });
    // The run at start finds nothing that old.
    await harness.app.logRetention.idle();
    expect(harness.app.logRetention.lastReport()?.removedEvents).toBe(0);
  });
  afterAll(async () => {
    await harness.close();
  });

  async function saveZone(hotspotId: string): Promise<void> {
    // A month apart, each save signs in afresh (tokens live two hours).
    const adminToken = (await signIn(harness.app, 'admin@demo.test')).access_token;
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/organization/alerting_zones',
      headers: bearer(adminToken),
      payload: {
        type: 'wrong_way_driver',
        hotspot_id: hotspotId,
        geom_type: 'polyline',
        geometry: [
          { lat: 41.88, lon: -87.63 },
          { lat: 41.881, lon: -87.629 },
        ],
      },
    });
    expect(response.statusCode).toBeLessThan(300);
  }

  it('removes only telemetry older than the age, keeps the live tables, and rebuilds to them', async () => {
    const [moving, parked, resting, quiet] = roamingResponders(harness, 4) as [
      Device,
      Device,
      Device,
      Device,
    ];
    // A month and more ago: every device reports, the quiet one for the last time; a zone and a sign-in too.
    harness.clock.advance(1_000);
    await harness.app.telemetry.ingest(
      [moving, parked, resting, quiet].map((device) => sample(harness, device)),
    );
    await harness.app.telemetry.ingest([
      sample(harness, quiet, { lat: 41.9123, lng: -87.6543, street: null }),
    ]);
    await saveZone('HS-OLD');
    const quietState = stateOf(harness, quiet);

    // Today: some devices report again; other events.
    harness.clock.advance(31 * DAY_MS);
    await harness.app.telemetry.ingest([sample(harness, moving, { lat: 41.8801 })]);
    await harness.app.telemetry.ingest([
      sample(harness, parked, { kind: 'heartbeat', enroute: false, speed: 0 }),
    ]);
    await saveZone('HS-NEW');
    await signIn(harness.app, 'user@demo.test');

    const cutoff = harness.clock.now() - MAX_AGE_MS;
    const before = events(harness);
    const live = dump(harness);
    const isOldTelemetry = (event: EventRow) => TELEMETRY.includes(event.type) && event.recorded_at < cutoff;
    const oldTelemetry = before.filter(isOldTelemetry);
    expect(oldTelemetry.length).toBeGreaterThan(300); // the seed's last reports and the posts above

    const report = await harness.app.logRetention.runNow();

    expect(report.removedEvents).toBe(oldTelemetry.length);
    const after = events(harness);
    expect(after).toEqual(before.filter((event) => !isOldTelemetry(event)));
    expect(after.filter((event) => event.recorded_at >= cutoff)).toEqual(
      before.filter((event) => event.recorded_at >= cutoff),
    );
    expect(after.filter((event) => !TELEMETRY.includes(event.type))).toEqual(
      before.filter((event) => !TELEMETRY.includes(event.type)),
    );
    expect(dump(harness)).toEqual(live);

    // Writes after the run, one of them on a device whose earlier telemetry is gone; then rebuild.
    harness.clock.advance(1_000);
    await harness.app.telemetry.ingest([
      sample(harness, resting, { lat: 41.8666, enroute: false, speed: 0 }),
    ]);
    await saveZone('HS-AFTER');
    const liveAfterWrites = dump(harness);
    const applied = rebuildProjections(harness.app.eventLog);
    expect(applied).toBe(events(harness).length);
    expect(dump(harness)).toEqual(liveAfterWrites);
    // The quiet device has no telemetry left in the log; it is still where it last reported.
    expect(stateOf(harness, quiet)).toEqual(quietState);
  });

  it('runs again from the scheduler, resuming where it stopped, and the rebuild still holds', async () => {
    const [moving] = roamingResponders(harness, 1) as [Device];
    harness.clock.advance(31 * DAY_MS);
    await harness.app.telemetry.ingest([sample(harness, moving, { lat: 41.8555 })]);
    const cutoff = harness.clock.now() - MAX_AGE_MS;
    const before = events(harness);
    const keptTelemetry = before.filter(
      (event) => TELEMETRY.includes(event.type) && event.recorded_at >= cutoff,
    );
    expect(keptTelemetry).toHaveLength(1);

    scheduler.runAll();
    await harness.app.logRetention.idle();
    const report = harness.app.logRetention.lastReport();
    if (!report) throw new Error('the scheduled run left no report');

    const after = events(harness);
    expect(after.filter((event) => TELEMETRY.includes(event.type))).toEqual(keptTelemetry);
    expect(report.removedEvents).toBeGreaterThan(0);
    expect(report.removedEvents).toBe(before.length - after.length);
    expect(report.snapshotSeq).toBe(before.at(-1)?.seq);
    const live = dump(harness);
    rebuildProjections(harness.app.eventLog);
    expect(dump(harness)).toEqual(live);
  });

  it('keeps the newest event even when it is old telemetry, so no seq is handed out twice', async () => {
    const [device] = roamingResponders(harness, 1) as [Device];
    harness.clock.advance(1_000);
    await harness.app.telemetry.ingest([sample(harness, device, { lat: 41.8444 })]);
    const newest = events(harness).at(-1);
    if (!newest) throw new Error('the log is empty');
    expect(TELEMETRY).toContain(newest.type);
    harness.clock.advance(31 * DAY_MS);

    const report = await harness.app.logRetention.runNow();

    expect(report.removedEvents).toBeGreaterThan(0);
    expect(events(harness).filter((event) => TELEMETRY.includes(event.type))).toEqual([newest]);
    await harness.app.telemetry.ingest([sample(harness, device, { lat: 41.8333 })]);
    expect(events(harness).at(-1)?.seq).toBe(newest.seq + 1);
    const live = dump(harness);
    rebuildProjections(harness.app.eventLog);
    expect(dump(harness)).toEqual(live);
  });
});

describe('space after a large removal', () => {
  it('is handed back to the file system when most of the file is free', async () => {
    const harness = await startHarness({ retention: { maxAgeMs: MAX_AGE_MS, scheduler: handScheduler() } });
    try {
      await harness.app.logRetention.idle();
      const devices = roamingResponders(harness, 50);
      for (let second = 0; second < 1_000; second += 1) {
        harness.clock.advance(1_000);
        await harness.app.telemetry.ingest(
          devices.map((device) => sample(harness, device, { lat: 41.8 + second / 1e5 })),
        );
      }
      harness.clock.advance(31 * DAY_MS);
      await harness.app.telemetry.ingest(devices.slice(0, 1).map((device) => sample(harness, device)));
      const db = harness.app.eventLog.db;
      db.pragma('wal_checkpoint(TRUNCATE)');
      const bytesBefore = fs.statSync(harness.databasePath).size;

      const report = await harness.app.logRetention.runNow();

      expect(report.removedEvents).toBeGreaterThanOrEqual(50_000);
      expect(report.freePagesAfter).toBe(0);
      expect(report.pagesAfter).toBeLessThan(report.pagesBefore / 2);
      expect(fs.statSync(harness.databasePath).size).toBeLessThan(bytesBefore / 2);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      await harness.close();
    }
  });
});
