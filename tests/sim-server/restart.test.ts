// The data survives a restart; `fresh` starts over; `startSimulator` serves the API and the dashboard shell.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#sim/app';
import { startSimulator, type RunningSimulator } from '#sim/server';
import { rebuildProjections } from '#sim/store/eventLog';
import {
  countRows,
  manualClock,
  projectionDump,
  signIn,
  temporaryDirectory,
} from './support/simulatorHarness.ts';

const temporary = temporaryDirectory();
afterAll(() => temporary.remove());

const databasePath = path.join(temporary.dir, 'data', 'sim.sqlite');
const clock = manualClock();

async function open(fresh = false) {
  const app = await buildApp({ databasePath, clock, replay: false, fresh });
  await app.ready();
  return app;
}

function positionOf(app: Awaited<ReturnType<typeof open>>, deviceId: string) {
  return app.eventLog.db
    .prepare<[string], { lat: number; lng: number }>(
      'SELECT lat, lng FROM things_with_state WHERE system_identifier = ?',
    )
    .get(deviceId);
}

describe('restart', () => {
  let deviceId = '';
  let eventsAfterIngest = 0;
  let seedEvents = 0;

  it('creates the folder and the file on first start, and seeds once', async () => {
    const app = await open();
    expect(fs.existsSync(databasePath)).toBe(true);
    expect(app.seeded?.things).toBe(300);
    seedEvents = countRows(app, 'events');
    const device = app.eventLog.db
      .prepare<[], { system_identifier: string; device_type: 'ha5' | 'ha7' | 'api' }>(
        'SELECT system_identifier, device_type FROM things ORDER BY id LIMIT 1',
      )
      .get();
    if (!device) throw new Error('no things');
    deviceId = device.system_identifier;
    clock.advance(5_000);
    app.telemetry.ingest([
      {
        device_id: deviceId,
        device_type: device.device_type,
        kind: 'point',
        time: new Date(clock.now()).toISOString(),
        lat: 41.9,
        lng: -87.65,
        speed: 10,
        course: 0,
        accuracy: 3,
        enroute: true,
      },
    ]);
    eventsAfterIngest = countRows(app, 'events');
    await app.close();
  });

  it('keeps every committed event and the projections on restart, without seeding again', async () => {
    const app = await open();
    try {
      expect(app.seeded).toBeNull();
      expect(countRows(app, 'events')).toBe(eventsAfterIngest);
      expect(positionOf(app, deviceId)).toEqual({ lat: 41.9, lng: -87.65 });
      expect((await signIn(app, 'user@demo.test')).access_token).toBeTruthy();
    } finally {
      await app.close();
    }
  });

  it('starts over with fresh: the same seeded world, the ingested point gone', async () => {
    const app = await open(true);
    try {
      expect(app.seeded?.things).toBe(300);
      expect(countRows(app, 'events')).toBe(seedEvents);
      expect(positionOf(app, deviceId)).not.toEqual({ lat: 41.9, lng: -87.65 });
    } finally {
      await app.close();
    }
  });
});

// The child's clock (support/ingestUntilKilled.ts) starts an hour after this file's, so its events are told apart.
const CHILD_CLOCK_START = Date.parse('2026-03-02T16:00:00.000Z');

describe('a simulator killed in the middle of ingesting', () => {
  it('restarts with every committed batch and projections that match the log', async () => {
    const crashPath = path.join(temporary.dir, 'crash.sqlite');
    const seeded = await open();
    await seeded.close();
    fs.copyFileSync(databasePath, crashPath);

    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'support', 'ingestUntilKilled.ts'), crashPath],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let committed = 0;
    for await (const line of createInterface({ input: child.stdout })) {
      committed = Number(/^committed (\d+)$/.exec(line)?.[1] ?? committed);
      if (committed >= 8) break;
    }
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const app = await buildApp({ databasePath: crashPath, clock, replay: false });
    await app.ready();
    try {
      expect(app.seeded).toBeNull();
      const perBatch = 300;
      const telemetry =
        app.eventLog.db
          .prepare<[number], { n: number }>('SELECT count(*) AS n FROM events WHERE recorded_at >= ?')
          .get(CHILD_CLOCK_START)?.n ?? 0;
      // Whole batches only: every batch the child reported, perhaps one more it committed but had not yet reported.
      expect(telemetry % perBatch).toBe(0);
      expect(telemetry / perBatch).toBeGreaterThanOrEqual(committed);
      const live = projectionDump(app);
      rebuildProjections(app.eventLog);
      expect(projectionDump(app)).toEqual(live);
    } finally {
      await app.close();
    }
  }, 30_000);
});

describe('startSimulator', () => {
  let simulator: RunningSimulator;
  const clientDir = path.join(temporary.dir, 'client');

  beforeAll(async () => {
    fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Fleet dashboard</title>');
    fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log("dashboard")');
    simulator = await startSimulator({
      port: 0,
      databasePath: path.join(temporary.dir, 'served.sqlite'),
      replay: false,
      clientDir,
    });
  });
  afterAll(async () => {
    await simulator.close();
  });

  it('listens on the given host and a free port', () => {
    expect(simulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves the dashboard at / and its files', async () => {
    const index = await fetch(`${simulator.url}/`);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('Fleet dashboard');
    const script = await fetch(`${simulator.url}/assets/app.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('dashboard');
  });

  it('answers page paths with index.html so the client router takes over, but not API paths or missing files', async () => {
    const page = await fetch(`${simulator.url}/dashboard/things/123?x=1`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Fleet dashboard');

    const api = await fetch(`${simulator.url}/api/no-such-thing`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'not_found' });
    expect((await fetch(`${simulator.url}/assets/missing.js`)).status).toBe(404);
  });

  it('serves the version without a token', async () => {
    const response = await fetch(`${simulator.url}/api/version`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });
});
