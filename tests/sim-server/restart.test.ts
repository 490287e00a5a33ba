// The data survives a restart; `fresh` starts over; `startSimulator` serves the API and the dashboard shell.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#sim/app';
import { startSimulator, type RunningSimulator } from '#sim/server';
import { DEMO_PASSWORD } from '#sim/seed/worldPlan';
import { rebuildProjections } from '#sim/store/eventLog';
import { readLog } from '#sim/store/logReader';
import { PROJECTION_TABLES } from '#sim/composition/simProjections';
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
    await app.telemetry.ingest([
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

type Device = { system_identifier: string; device_type: 'ha5' | 'ha7' | 'api'; lat: number; lng: number };

/** One second of telemetry from every device: points for half of them, heartbeats for the others. */
function batchOf(devices: readonly Device[], batch: number, at: number) {
  const time = new Date(at).toISOString();
  return devices.map((device, index) => ({
    device_id: device.system_identifier,
    device_type: device.device_type,
    kind: index % 2 === 0 ? 'point' : 'heartbeat',
    time,
    lat: device.lat + batch * 1e-6,
    lng: device.lng,
    speed: 9,
    course: 45,
    accuracy: 4,
    enroute: index % 2 === 0,
  }));
}

describe('a simulator process killed in the middle of ingesting', () => {
  it('restarts with every acknowledged batch, whole batches only, and every projection table equal to a rebuild', async () => {
    const crashPath = path.join(temporary.dir, 'crash.sqlite');
    const seeded = await open();
    const devices = seeded.eventLog.db
      .prepare<[], Device>(
        'SELECT system_identifier, device_type, lat, lng FROM things_with_state ORDER BY id',
      )
      .all();
    const seqBefore = seeded.eventLog.store.lastSeq();
    await seeded.close();
    fs.copyFileSync(databasePath, crashPath);

    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'support', 'serveUntilKilled.ts'), crashPath],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let url = '';
    for await (const line of createInterface({ input: child.stdout })) {
      url = /^listening (\S+)$/.exec(line)?.[1] ?? '';
      if (url) break;
    }
    const post = (route: string, body: unknown, token?: string) =>
      fetch(`${url}${route}`, {
        method: route === '/api/reset_password' ? 'PUT' : 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const staff = (await (
      await post('/api/user_token', {
        grant_type: 'password',
        username: 'staff@demo.test',
        password: DEMO_PASSWORD,
      })
    ).json()) as { access_token: string };
    // Writes beside telemetry, so the account tables have rows to compare: a reset (password history), a lockout.
    await post('/api/forgot_password', { email: 'media@demo.test' });
    const outbox = (await (await fetch(`${url}/api/sim/outbox?email=media%40demo.test`)).json()) as {
      mails: { link: string }[];
    };
    const resetToken = decodeURIComponent(outbox.mails.at(-1)?.link.split('/').at(-1) ?? '');
    expect((await post('/api/reset_password', { token: resetToken, password: 'Crash!2026a' })).status).toBe(
      200,
    );
    for (let attempt = 0; attempt < 5; attempt += 1)
      await post('/api/user_token', {
        grant_type: 'password',
        username: 'user@demo.test',
        password: 'wrong',
      });

    // Batches one after the other; each 202 is an acknowledgement. The last one is in flight when the kill lands.
    let acknowledged = 0;
    const start = Date.now();
    for (let batch = 1; acknowledged < 8; batch += 1) {
      const response = await post(
        '/api/sim/telemetry',
        { samples: batchOf(devices, batch, start + batch * 1000) },
        staff.access_token,
      );
      expect(response.status).toBe(202);
      acknowledged += 1;
    }
    const inFlight = post(
      '/api/sim/telemetry',
      { samples: batchOf(devices, 9, start + 9_000) },
      staff.access_token,
    ).catch(() => null);
    await new Promise((resolve) => setImmediate(resolve));
    child.kill('SIGKILL');
    await exited;
    await inFlight;

    const app = await buildApp({ databasePath: crashPath, clock, replay: false });
    await app.ready();
    try {
      expect(app.seeded).toBeNull();
      // Rows and sealed blocks alike: the child seals every few samples.
      const telemetry = [
        ...readLog(app.eventLog.db, seqBefore, Number.MAX_SAFE_INTEGER, {
          types: ['PointRecorded', 'HeartbeatRecorded'],
        }),
      ].length;
      const sealed = app.eventLog.db
        .prepare<[number], { n: number }>('SELECT count(*) AS n FROM trip_blocks WHERE first_seq > ?')
        .get(seqBefore)?.n;
      expect(sealed).toBeGreaterThan(0);
      // Every acknowledged batch, and the one in flight whole or not at all.
      expect(telemetry % devices.length).toBe(0);
      expect(telemetry / devices.length).toBeGreaterThanOrEqual(acknowledged);
      expect(countRows(app, 'password_history')).toBeGreaterThan(0);
      const live = projectionDump(app);
      expect(Object.keys(live)).toEqual([...PROJECTION_TABLES].sort());
      rebuildProjections(app.eventLog);
      expect(projectionDump(app)).toEqual(live);
    } finally {
      await app.close();
    }
  }, 60_000);
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
