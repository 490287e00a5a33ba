// Time travel's benchmark (issue 28 item 2, docs/time-travel.md): an hour of N assets reporting at 1 Hz is
// ingested into a temporary simulator file; then a replay client — the live worker's own ReplaySession and marker
// packer, run in this process — opens a chosen minute (time to first picture: the server's past picture and the
// pipeline's first loaded picture) and plays at 10× (the client's script time per picture, messages per second).
//
//   npm run bench:replay -- [--assets 10000] [--minute 30] [--play-seconds 20] [--speed 10]
//
// The simulator runs in a child process, so the figures of this process are the replay client's work alone, as
// the worker would do it. Numbers depend on the machine; the target is an hour of 10,000 assets opening in
// under 3 s and playing at 10× within the live view's script budget.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import type { LivePicture } from '#domain/live/livePicture';
import { createApiClient, type ApiClient } from '../client/api/httpClient.ts';
import { MarkerPacker } from '../client/live/markerPacker.ts';
import type { ReplayStatus } from '../client/live/liveProtocol.ts';
import { ReplaySession } from '../client/live/replaySession.ts';

const { values } = parseArgs({
  options: {
    assets: { type: 'string', default: '10000' },
    minute: { type: 'string', default: '30' },
    'play-seconds': { type: 'string', default: '20' },
    speed: { type: 'string', default: '10' },
    serve: { type: 'boolean', default: false },
  },
});
const assets = Number(values.assets);
const HOUR_MS = 3_600_000;

type Served = { url: string; token: string; organizationId: string; heard: number; hourStart: number };

/** The child: seeds the world and the hour, then serves until its parent goes. */
async function serve(): Promise<void> {
  const { buildApp } = await import('#sim/app');
  const { DEMO_PASSWORD } = await import('#sim/seed/worldPlan');
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-replay-'));
  // The hour ends a minute ago: a replay never reaches past the present.
  const hourStart = Math.floor((Date.now() - HOUR_MS - 60_000) / 1000) * 1000;
  let clock = hourStart - 60_000;
  let live = false;
  const app = await buildApp({
    databasePath: path.join(directory, 'bench.sqlite'),
    thingCount: assets,
    replay: false,
    retention: false,
    logger: false,
    clock: { now: () => (live ? Date.now() : clock) },
  });
  await app.ready();
  const devices = app.eventLog.db
    .prepare<[], { system_identifier: string; device_type: TelemetrySample['device_type'] }>(
      'SELECT system_identifier, device_type FROM things ORDER BY thing_key',
    )
    .all();
  const seeded = performance.now();
  for (let second = 0; second < 3600; second += 1) {
    clock = hourStart + second * 1000;
    const time = new Date(clock).toISOString();
    app.telemetry.ingest(
      devices.map((device, index) => ({
        device_id: device.system_identifier,
        device_type: device.device_type,
        kind: 'point' as const,
        time,
        lat: 41.75 + (index % 100) * 0.002 + second * 0.00001,
        lng: -87.75 + Math.floor(index / 100) * 0.002,
        speed: 10,
        course: 0,
        accuracy: 4,
        enroute: true,
        street: second % 60 === 0 ? `STREET ${index % 50}` : null,
      })),
    );
    if (second % 600 === 599) {
      const done = (second + 1) / 60;
      console.log(`  ${done} min ingested (${((performance.now() - seeded) / 1000).toFixed(0)} s)`);
    }
  }
  live = true;
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await fetch(`${url}/api/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: 'staff@demo.test', password: DEMO_PASSWORD }),
  });
  const token = ((await signIn.json()) as { access_token: string }).access_token;
  const busiest = app.eventLog.db
    .prepare<[], { organization_id: string; heard: number }>(
      `SELECT organization_id, count(*) AS heard FROM thing_access GROUP BY organization_id
       ORDER BY heard DESC LIMIT 1`,
    )
    .get();
  const served: Served = {
    url,
    token,
    organizationId: busiest?.organization_id ?? '',
    heard: busiest?.heard ?? 0,
    hourStart,
  };
  process.send?.(served);
  process.on('disconnect', () => {
    void app.close().then(() => {
      fs.rmSync(directory, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Counts the past messages the client fetched, by their time. */
function countingClient(client: ApiClient, times: number[]): ApiClient {
  return {
    async request(method, requestPath, options) {
      const result = await client.request(method, requestPath, options);
      if (result.ok && requestPath === '/organization/history/events') {
        for (const message of (result.data as { messages: { at: number }[] }).messages)
          times.push(message.at);
      }
      return result as never;
    },
  };
}

async function measure(): Promise<void> {
  const minute = Number(values.minute);
  const playSeconds = Number(values['play-seconds']);
  const speed = Number(values.speed);
  console.log(`Seeding a world of ${assets} assets and an hour of their telemetry at 1 Hz…`);
  const started = performance.now();
  const child = fork(new URL(import.meta.url), ['--serve', '--assets', String(assets)], {
    execArgv: process.execArgv,
  });
  const served = await new Promise<Served>((resolve) => child.once('message', (m) => resolve(m as Served)));
  console.log(
    `Seeded in ${((performance.now() - started) / 1000).toFixed(0)} s; the replayed organization hears ` +
      `${served.heard} assets`,
  );
  const at = served.hourStart + minute * 60_000;
  const api = createApiClient({ baseUrl: `${served.url}/api`, getToken: () => served.token });
  const query = `organization_id=${served.organizationId}&at=${new Date(at).toISOString()}`;

  const serverTimes: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const requested = performance.now();
    const response = await fetch(`${served.url}/api/organization/history?${query}`, {
      headers: { authorization: `Bearer ${served.token}` },
    });
    await response.json();
    serverTimes.push(performance.now() - requested);
  }
  console.log(
    `Past picture at minute ${minute} (GET /api/organization/history): median ${median(serverTimes).toFixed(0)} ms ` +
      `of 3 (${serverTimes.map((ms) => ms.toFixed(0)).join(', ')})`,
  );

  const fetchedTimes: number[] = [];
  const markers = new MarkerPacker();
  let pictures = 0;
  let firstPictureMs: number | null = null;
  let status: ReplayStatus = { phase: 'off' };
  const opened = performance.now();
  let onFirst: () => void = () => undefined;
  const first = new Promise<void>((resolve) => {
    onFirst = resolve;
  });
  const pictureCosts: number[] = [];
  const session = new ReplaySession(
    {
      client: countingClient(api, fetchedTimes),
      organization: {
        id: served.organizationId,
        name: 'bench',
        isLargeOrg: false,
        isWzdxOrg: false,
        isResponder: true,
        countryCode: 'US',
      },
      onPicture: (picture: LivePicture) => {
        const packStarted = performance.now();
        markers.note(picture);
        markers.pack(picture);
        pictureCosts.push(performance.now() - packStarted);
        pictures += 1;
        if (firstPictureMs === null && picture.loaded.things && picture.things.size > 0) {
          firstPictureMs = performance.now() - opened;
          onFirst();
        }
      },
      onStatus: (next) => {
        status = next;
      },
    },
    at,
    speed,
  );
  await first;
  console.log(
    `Time to first picture (request, decode, pipeline, markers): ${(firstPictureMs ?? Number.NaN).toFixed(0)} ms`,
  );

  pictures = 0;
  pictureCosts.length = 0;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpuStarted = process.cpuUsage();
  const playStarted = performance.now();
  const replayStarted = session.now();
  session.command({ kind: 'play' });
  await new Promise((resolve) => setTimeout(resolve, playSeconds * 1000));
  const wallSeconds = (performance.now() - playStarted) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  delay.disable();
  const replayedTo = session.now();
  const delivered = fetchedTimes.filter((time) => time > replayStarted && time <= replayedTo).length;
  const cpuMs = (cpu.user + cpu.system) / 1000;
  session.stop();
  console.log(
    `Played ${wallSeconds.toFixed(1)} s at ${speed}×: ${((replayedTo - replayStarted) / 1000).toFixed(0)} s replayed`,
  );
  console.log(`  messages applied: ${delivered} (${(delivered / wallSeconds).toFixed(0)}/s)`);
  console.log(
    `  pictures: ${pictures}; client script per picture: ${(cpuMs / Math.max(pictures, 1)).toFixed(1)} ms ` +
      `(whole process CPU ${cpuMs.toFixed(0)} ms over ${wallSeconds.toFixed(1)} s), marker packing median ` +
      `${median(pictureCosts).toFixed(1)} ms`,
  );
  console.log(
    `  longest event-loop block: ${(delay.max / 1e6).toFixed(0)} ms; status at the end: ${status.phase}`,
  );
  child.disconnect();
}

if (values.serve) await serve();
else await measure();
