// One node on the embedded engines (SQLite, in-process bus) against one node on PostgreSQL + Redis Streams (issue 35
// item 9, docs/scale-out.md "Figures"), side by side in one run and alternated (A, B, A, B), so the machine's load
// moves both alike. For each: telemetry ingestion through the HTTP endpoint (points/s, batches of a fleet's
// second) and REST latency (p50/p99 of a page of the organization's things, as a dashboard loads them). Deliveries to dashboards are the
// load test's (`npm run loadtest`); this is the store's and the bus's share of a write and a read.
//
//   npm run bench:engines -- [--devices 2000] [--seconds 30] [--rounds 2] [--requests 300]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '#sim/app';
import { startRedisServer } from '#sim/bus/localRedisServer';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import { startLocalPostgres } from '#sim/postgres/localPostgresServer';
import { DEMO_PASSWORD } from '#sim/seed/worldPlan';
import { percentile } from './percentile.ts';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '30' },
    rounds: { type: 'string', default: '2' },
    requests: { type: 'string', default: '300' },
  },
});
const DEVICES = Number(values.devices);
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const REQUESTS = Number(values.requests);
/** Requests in flight, for ingestion as for REST: a few dashboards or device gateways at once. */
const IN_FLIGHT = 4;

type Engines = { name: string; store?: { url: string }; bus?: { url: string } };
type Figures = { pointsPerSecond: number; restP50: number; restP99: number };

async function inFlight<T>(count: number, limit: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

async function startNode(engines: Engines, dir: string): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp({
    databasePath: path.join(dir, `${engines.name.replace(/\W+/g, '-')}-${Date.now()}.sqlite`),
    fresh: true,
    replay: false,
    clientDir: null,
    retention: false,
    files: { warmReports: false },
    closureSchedule: false,
    offlineWatch: false,
    thingCount: Math.max(300, Math.ceil(DEVICES / 0.65)),
    ...(engines.store ? { store: engines.store } : {}),
    ...(engines.bus ? { bus: engines.bus } : {}),
  });
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

async function measure(engines: Engines, dir: string): Promise<Figures> {
  const { app, url } = await startNode(engines, dir);
  try {
    const signIn = await fetch(`${url}/api/user_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        application: 'dashboard',
        username: 'staff@demo.test',
        password: DEMO_PASSWORD,
      }),
    });
    const token = ((await signIn.json()) as { access_token: string }).access_token;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const devices = app.eventLog.db
      .prepare<[number], { id: string; type: TelemetrySample['device_type'] }>(
        'SELECT system_identifier AS id, device_type AS type FROM things WHERE is_active = 1 ORDER BY thing_key LIMIT ?',
      )
      .all(DEVICES);
    const start = app.clock.now();
    // One request per simulated second of the whole fleet, as a gateway batching its devices would post.
    const startedAt = performance.now();
    await inFlight(SECONDS, IN_FLIGHT, async (second) => {
      const time = new Date(start + second * 1_000).toISOString();
      const samples = devices.map((device, index): TelemetrySample => ({
        device_id: device.id,
        device_type: device.type,
        kind: 'point',
        time,
        lat: 41.88 + ((index * 31 + second) % 200) * 1e-4,
        lng: -87.63 - ((index * 17 + second) % 200) * 1e-4,
        speed: (index + second) % 30,
        course: (index * 7 + second) % 360,
        accuracy: 5,
        enroute: true,
        street: null,
      }));
      const response = await fetch(`${url}/api/sim/telemetry`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ samples }),
      });
      if (response.status !== 202)
        throw new Error(`ingestion answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    });
    const pointsPerSecond = (SECONDS * devices.length) / ((performance.now() - startedAt) / 1_000);
    const orgQuery = app.eventLog.db
      .prepare<[], string>('SELECT id FROM organizations ORDER BY id')
      .pluck()
      .all()
      .map((id) => `org_ids[]=${id}`)
      .join('&');
    const times = await inFlight(REQUESTS, IN_FLIGHT, async () => {
      const begun = performance.now();
      const response = await fetch(`${url}/api/organization/things?${orgQuery}&page=1&per_page=100`, {
        headers,
      });
      if (response.status !== 200)
        throw new Error(`GET /api/organization/things answered ${response.status}`);
      await response.arrayBuffer();
      return performance.now() - begun;
    });
    times.sort((a, b) => a - b);
    return { pointsPerSecond, restP50: percentile(times, 0.5), restP99: percentile(times, 0.99) };
  } finally {
    await app.close();
  }
}

/** A new, empty database on the server, and its URL. */
async function newDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-engines-'));
const [postgres, redis] = await Promise.all([startLocalPostgres({ fsync: true }), startRedisServer()]);
try {
  const configurations: Engines[] = [
    { name: 'SQLite + in-process bus' },
    { name: 'PostgreSQL + Redis Streams', store: { url: postgres.url }, bus: { url: redis.url } },
  ];
  console.log(
    `one node, ${DEVICES} devices x ${SECONDS} s of points, ${REQUESTS} REST requests, ${IN_FLIGHT} in flight; ` +
      `${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  console.log('round | engines                    | points/s | REST p50 ms | REST p99 ms');
  const totals = configurations.map(() => ({ points: 0, p99: 0 }));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [index, engines] of configurations.entries()) {
      // A new database each round: the PostgreSQL node seeds its world as the embedded one does.
      const store = engines.store ? { url: await newDatabase(postgres.url, `bench_${round}`) } : undefined;
      const figures = await measure({ ...engines, ...(store ? { store } : {}) }, dir);
      const total = totals[index];
      if (total) {
        total.points += figures.pointsPerSecond;
        total.p99 += figures.restP99;
      }
      console.log(
        `${String(round).padStart(5)} | ${engines.name.padEnd(26)} | ${Math.round(figures.pointsPerSecond)
          .toLocaleString('en-US')
          .padStart(
            8,
          )} | ${figures.restP50.toFixed(1).padStart(11)} | ${figures.restP99.toFixed(1).padStart(11)}`,
      );
    }
  }
  const [embedded, engines] = totals;
  if (embedded && engines)
    console.log(
      `engines / embedded: ingestion ${(engines.points / embedded.points).toFixed(2)}x, ` +
        `REST p99 ${(engines.p99 / embedded.p99).toFixed(2)}x (budget: ingestion at least 0.5x)`,
    );
} finally {
  await Promise.allSettled([postgres.stop(), redis.stop()]);
  fs.rmSync(dir, { recursive: true, force: true });
}
