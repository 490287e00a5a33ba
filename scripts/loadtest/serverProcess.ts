// The load test's server, in its own process (so it can be pinned to its own cores): either the simulator
// ("cable": a fresh world on a temporary file, ingestion over HTTP, ActionCable at /cable) or the floor ("bare":
// a plain `ws` server that turns each posted sample into the same point frame, stringifies it once and sends
// it to every socket, with no storage and no protocol). It measures its own CPU, memory and event-loop lag
// between `stats:start` and `stats:stop`.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { WebSocketServer } from 'ws';
import { buildApp } from '#sim/app';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import { DEMO_PASSWORD } from '#sim/seed/worldPlan';
import type { FromServer, LoadDevice, ServerKind, ServerStats, ToServer } from './messages.ts';

const LOAD_USER = 'staff@demo.test';
const WATCHED_ORGANIZATION = 'Cook County Coordination Center';
/** Share of a seeded world's things that the coordination center sees (212 of 300), with a margin. */
const WATCHED_SHARE = 0.65;
const BARE_IDENTIFIER = JSON.stringify({ channel: 'EventsChannel', organization_id: 'bare' });

function send(message: FromServer): void {
  process.send?.(message);
}

type Running = { stop(): Promise<void>; cableCounters?: () => { dropped: number; slow: number } };

async function startCable(devices: number): Promise<Running> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loadtest-'));
  const app = await buildApp({
    databasePath: path.join(dir, 'sim.sqlite'),
    fresh: true,
    replay: false,
    clientDir: null,
    thingCount: Math.max(300, Math.ceil(devices / WATCHED_SHARE)),
    // The swarm is one user on one token playing many dashboards: the caps meant for one person's tabs (16 per
    // token, issue 34) refused the default 20 clients.
    cableConnectionCaps: { perUser: 10_000, perToken: 10_000 },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/user_token',
    payload: {
      grant_type: 'password',
      application: 'dashboard',
      username: LOAD_USER,
      password: DEMO_PASSWORD,
    },
  });
  const token = signIn.json<{ access_token: string }>().access_token;
  const db = app.eventLog.db;
  const organization = db
    .prepare<[string], { id: string }>('SELECT id FROM organizations WHERE name = ?')
    .get(WATCHED_ORGANIZATION);
  if (!organization) throw new Error(`no ${WATCHED_ORGANIZATION} in the seeded world`);
  const watched = db
    .prepare<[string, number], LoadDevice>(
      `SELECT t.system_identifier AS id, t.device_type AS type FROM things t
       JOIN thing_access a ON a.thing_id = t.id
       WHERE a.organization_id = ? AND t.is_active = 1 ORDER BY t.thing_key LIMIT ?`,
    )
    .all(organization.id, devices);
  if (watched.length < devices) throw new Error(`the world has only ${watched.length} devices to drive`);
  send({
    type: 'ready',
    kind: 'cable',
    url,
    ingestPath: '/api/sim/telemetry',
    token,
    socketUrl: `${url.replace(/^http/, 'ws')}/cable`,
    subprotocols: ['actioncable-v1-json', token],
    identifier: JSON.stringify({ channel: 'EventsChannel', organization_id: organization.id }),
    devices: watched,
    databasePath: path.join(dir, 'sim.sqlite'),
  });
  return {
    stop: async () => {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    cableCounters: () => {
      const stats = app.broadcaster.stats();
      return { dropped: stats.droppedFrames, slow: stats.disconnects.slowConsumer };
    },
  };
}

async function startBare(): Promise<Running> {
  const server = http.createServer();
  const sockets = new WebSocketServer({ server });
  let seq = 0;
  server.on('request', (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { samples } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        samples: TelemetrySample[];
      };
      for (const sample of samples) {
        seq += 1;
        const frame = JSON.stringify({
          identifier: BARE_IDENTIFIER,
          message: {
            type: 'point',
            data: {
              id: String(seq),
              thing_id: sample.device_id,
              lat: sample.lat,
              lng: sample.lng,
              speed: sample.speed,
              course: sample.course,
              accuracy: sample.accuracy,
              street: sample.street ?? null,
              enroute: sample.enroute,
              run_id: null,
              timestamp: sample.time,
            },
          },
        });
        for (const socket of sockets.clients) socket.send(frame);
      }
      response.writeHead(202, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ accepted: samples.length, unknown: 0 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  send({
    type: 'ready',
    kind: 'bare',
    url,
    ingestPath: '/telemetry',
    token: '',
    socketUrl: url.replace(/^http/, 'ws'),
    subprotocols: [],
    identifier: null,
    devices: [],
    databasePath: null,
  });
  return {
    stop: async () => {
      for (const socket of sockets.clients) socket.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function measure(running: Running) {
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  const countersBefore = running.cableCounters?.() ?? { dropped: 0, slow: 0 };
  let rssPeak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 250);
  return (): ServerStats => {
    clearInterval(sampler);
    lag.disable();
    const cpu = process.cpuUsage(cpuBefore);
    const elapsedMs = performance.now() - startedAt;
    const memory = process.memoryUsage();
    const counters = running.cableCounters?.() ?? { dropped: 0, slow: 0 };
    const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
    const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e5) / 10;
    return {
      cpu: Math.round(((cpu.user + cpu.system) / 1000 / elapsedMs) * 100) / 100,
      rssPeakMb: mb(Math.max(rssPeak, memory.rss)),
      rssEndMb: mb(memory.rss),
      heapUsedEndMb: mb(memory.heapUsed),
      eventLoopLagP50Ms: ms(lag.percentile(50)),
      eventLoopLagP99Ms: ms(lag.percentile(99)),
      eventLoopLagMaxMs: ms(lag.max),
      droppedFrames: counters.dropped - countersBefore.dropped,
      slowConsumerDisconnects: counters.slow - countersBefore.slow,
    };
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { kind: { type: 'string' }, devices: { type: 'string' } } });
  const kind = values.kind as ServerKind;
  const running = kind === 'cable' ? await startCable(Number(values.devices)) : await startBare();
  let finish: (() => ServerStats) | null = null;
  process.on('message', (message: ToServer) => {
    if (message.type === 'stats:start') finish = measure(running);
    else if (message.type === 'stats:stop' && finish) {
      send({ type: 'stats', stats: finish() });
      finish = null;
    } else if (message.type === 'stop') {
      void running.stop().finally(() => process.exit(0));
    }
  });
  // Stop with the parent, whatever happens to it.
  process.on('disconnect', () => {
    void running.stop().finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
