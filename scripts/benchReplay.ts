// Time travel's benchmark (issue 28 item 2, docs/time-travel.md): `--minutes` of N assets reporting at 1 Hz are
// appended to a temporary simulator file as fast as it takes them (simulated time, ten seconds per transaction),
// with picture checkpoints taken as the log grows; then a replay client — the live worker's own ReplaySession and
// marker packer, run in this process — opens each chosen minute and plays the last one at `--speed`.
//
//   npm run bench:replay -- [--assets 10000] [--minutes 60] [--open-at 5,30,55] [--play-seconds 20] [--speed 10]
//                           [--checkpoint-every 200000]
//
// Opening is reported stage by stage: the server's scratch database, its starting point (checkpoint and the other
// events before it), the telemetry folded after it and the lists written (from the response's Server-Timing), the
// response's transfer and JSON decoding, and the worker's first loaded picture. The simulator runs in a child
// process, so the figures of this process are the replay client's work alone, as the worker would do it. Numbers
// depend on the machine; the target is an hour of 10,000 assets opening in under 3 s and playing at 10×
// within the live view's script budget.
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
import { ReplaySession } from '../client/live/replaySession.ts';
import { CHECKPOINT_EVERY_POSITIONS, createPictureCheckpoints } from '#sim/store/pictureCheckpoints';

const { values } = parseArgs({
  options: {
    assets: { type: 'string', default: '10000' },
    minutes: { type: 'string', default: '60' },
    'open-at': { type: 'string', default: '5,30,55' },
    'checkpoint-every': { type: 'string', default: String(CHECKPOINT_EVERY_POSITIONS) },
    'play-seconds': { type: 'string', default: '20' },
    speed: { type: 'string', default: '10' },
    serve: { type: 'boolean', default: false },
  },
});
const assets = Number(values.assets);
const minutes = Number(values.minutes);
const checkpointEvery = Number(values['checkpoint-every']);
/** Seconds of telemetry per ingestion transaction. */
const SECONDS_PER_BATCH = 10;

type Served = {
  url: string;
  token: string;
  organizationId: string;
  heard: number;
  hourStart: number;
  positions: number;
  checkpoints: number;
  checkpointMs: number;
  checkpointRows: number;
  /** When each checkpoint was taken (unix ms). */
  checkpointTimes: number[];
};

/** The child: seeds the world and the hour, then serves until its parent goes. */
async function serve(): Promise<void> {
  const { buildApp } = await import('#sim/app');
  const { DEMO_PASSWORD } = await import('#sim/seed/worldPlan');
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-replay-'));
  // The recording ends a minute ago: a replay never reaches past the present.
  const hourStart = Math.floor((Date.now() - minutes * 60_000 - 60_000) / 1000) * 1000;
  let clock = hourStart - 60_000;
  let live = false;
  const app = await buildApp({
    databasePath: path.join(directory, 'bench.sqlite'),
    thingCount: assets,
    replay: false,
    retention: false,
    logger: false,
    clock: { now: () => (live ? Date.now() : clock) },
    pictureCheckpoints: { everyPositions: checkpointEvery },
  });
  await app.ready();
  const devices = app.eventLog.db
    .prepare<[], Device>('SELECT system_identifier, device_type FROM things ORDER BY thing_key')
    .all();
  const seeded = performance.now();
  for (let batchStart = 0; batchStart < minutes * 60; batchStart += SECONDS_PER_BATCH) {
    app.eventLog.transaction(() => {
      for (let second = batchStart; second < batchStart + SECONDS_PER_BATCH; second += 1) {
        clock = hourStart + second * 1000;
        app.telemetry.ingestParsed(secondOfTelemetry(devices, second, clock));
      }
    });
    // The checkpoint plugin takes its checkpoints on the next turn of the event loop, as it would live.
    await new Promise((resolve) => setImmediate(resolve));
    if ((batchStart + SECONDS_PER_BATCH) % 600 === 0) {
      const done = (batchStart + SECONDS_PER_BATCH) / 60;
      console.log(`  ${done} min ingested (${((performance.now() - seeded) / 1000).toFixed(0)} s)`);
    }
  }
  const db = app.eventLog.db;
  const count = (sql: string) => db.prepare<[], { n: number }>(sql).get()?.n ?? 0;
  const checkpointStarted = performance.now();
  // One more, timed: what the live simulator pays every `checkpointEvery` positions.
  app.eventLog.transaction(() => createPictureCheckpoints(db).takeAt(1e15, clock));
  const checkpointMs = performance.now() - checkpointStarted;
  app.eventLog.transaction(() =>
    db.prepare('DELETE FROM picture_checkpoint_states WHERE checkpoint_seq = 1e15').run(),
  );
  app.eventLog.transaction(() => db.prepare('DELETE FROM picture_checkpoints WHERE seq = 1e15').run());
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
    positions: app.eventLog.store.lastSeq(),
    checkpoints: count('SELECT count(*) AS n FROM picture_checkpoints'),
    checkpointMs,
    checkpointRows: count('SELECT count(*) AS n FROM picture_checkpoint_states'),
    checkpointTimes: db
      .prepare<[], { taken_at: number }>('SELECT taken_at FROM picture_checkpoints ORDER BY seq')
      .all()
      .map((row) => row.taken_at),
  };
  process.send?.(served);
  process.on('disconnect', () => {
    void app.close().then(() => {
      fs.rmSync(directory, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

type Device = { system_identifier: string; device_type: TelemetrySample['device_type'] };

/** Every device's sample of one second: moving north, a street name once a minute. */
function secondOfTelemetry(devices: readonly Device[], second: number, at: number): TelemetrySample[] {
  const time = new Date(at).toISOString();
  return devices.map((device, index) => ({
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
  }));
}

/** Counts the past messages the client fetched, by their time, and times its past-picture requests. */
function countingClient(
  client: ApiClient,
  times: number[],
  requests: { picture: number[]; events: number[]; onEvents: () => void },
): ApiClient {
  return {
    async request(method, requestPath, options) {
      const requested = performance.now();
      const result = await client.request(method, requestPath, options);
      const spent = performance.now() - requested;
      if (requestPath === '/organization/history') requests.picture.push(spent);
      if (requestPath === '/organization/history/events') {
        requests.events.push(spent);
        requests.onEvents();
      }
      if (result.ok && requestPath === '/organization/history/events') {
        for (const message of (result.data as { messages: { at: number }[] }).messages)
          times.push(message.at);
      }
      return result as never;
    },
  };
}

type Opening = { totalMs: number; timing: string; transferMs: number; decodeMs: number; bytes: number };

/** One GET /api/organization/history, stage by stage. */
async function openOnce(served: Served, at: number): Promise<Opening> {
  const query = `organization_id=${served.organizationId}&at=${new Date(at).toISOString()}`;
  const requested = performance.now();
  const response = await fetch(`${served.url}/api/organization/history?${query}`, {
    headers: { authorization: `Bearer ${served.token}` },
  });
  const headersAt = performance.now();
  const text = await response.text();
  const receivedAt = performance.now();
  JSON.parse(text);
  const decodedAt = performance.now();
  return {
    totalMs: decodedAt - requested,
    timing: (response.headers.get('server-timing') ?? '').replace(/;dur=/g, ' ').replace(/;desc=/g, ' '),
    transferMs: receivedAt - headersAt,
    decodeMs: decodedAt - receivedAt,
    bytes: text.length,
  };
}

type Opened = {
  session: ReplaySession;
  firstPictureMs: number;
  requestMs: number;
  /** The first page of past messages: its request and decoding, ms. */
  eventsPageMs: number;
  fetchedTimes: number[];
};

/** The worker's replay session opened at `at`, once its first loaded picture is packed into markers. */
async function openSession(
  served: Served,
  at: number,
  speed: number,
  onPicture: () => void,
): Promise<Opened> {
  const api = createApiClient({ baseUrl: `${served.url}/api`, getToken: () => served.token });
  const fetchedTimes: number[] = [];
  let onEvents: () => void = () => undefined;
  const firstEvents = new Promise<void>((resolve) => {
    onEvents = resolve;
  });
  const requests = { picture: [] as number[], events: [] as number[], onEvents: () => onEvents() };
  const markers = new MarkerPacker();
  const opened = performance.now();
  let resolveFirst: (ms: number) => void = () => undefined;
  const first = new Promise<number>((resolve) => {
    resolveFirst = resolve;
  });
  let firstSeen = false;
  const organization = { id: served.organizationId, name: 'bench', isLargeOrg: false, isWzdxOrg: false };
  const session = new ReplaySession(
    {
      client: countingClient(api, fetchedTimes, requests),
      organization: { ...organization, isResponder: true, countryCode: 'US' },
      onPicture: (picture: LivePicture) => {
        markers.note(picture);
        markers.pack(picture);
        onPicture();
        if (!firstSeen && picture.loaded.things && picture.things.size > 0) {
          firstSeen = true;
          resolveFirst(performance.now() - opened);
        }
      },
      onStatus: () => undefined,
    },
    at,
    speed,
  );
  const firstPictureMs = await first;
  await firstEvents;
  const eventsPageMs = requests.events[0] ?? Number.NaN;
  return {
    session,
    firstPictureMs,
    requestMs: requests.picture[0] ?? Number.NaN,
    eventsPageMs,
    fetchedTimes,
  };
}

async function measure(): Promise<void> {
  const openAt = (values['open-at'] ?? '').split(',').map(Number);
  const playSeconds = Number(values['play-seconds']);
  const speed = Number(values.speed);
  console.log(`Seeding a world of ${assets} assets and ${minutes} min of their telemetry at 1 Hz…`);
  const started = performance.now();
  const args = ['--serve', '--assets', String(assets), '--minutes', String(minutes)];
  const child = fork(new URL(import.meta.url), [...args, '--checkpoint-every', String(checkpointEvery)], {
    execArgv: process.execArgv,
  });
  const served = await new Promise<Served>((resolve) => child.once('message', (m) => resolve(m as Served)));
  console.log(
    `Seeded in ${((performance.now() - started) / 1000).toFixed(0)} s: ${served.positions} log positions; ` +
      `the replayed organization hears ${served.heard} assets`,
  );
  console.log(
    `Checkpoints every ${checkpointEvery} positions: ${served.checkpoints} taken, ${served.checkpointRows} rows; ` +
      `one takes ${served.checkpointMs.toFixed(0)} ms`,
  );

  // The listed minutes, then the farthest a moment can be from its checkpoint: a second before the one that
  // follows the middle minute.
  const moments = openAt.map((minute) => ({
    label: `Minute ${minute}`,
    at: served.hourStart + minute * 60_000,
  }));
  const middle = moments[Math.floor(moments.length / 2)]?.at ?? served.hourStart;
  const nextCheckpoint = served.checkpointTimes.find((time) => time > middle + 1_000);
  if (nextCheckpoint !== undefined)
    moments.push({ label: 'A second before a checkpoint', at: nextCheckpoint - 1_000 });
  let opened: Opened | null = null;
  for (const { label, at } of moments) {
    opened?.session.stop();
    const runs: Opening[] = [];
    for (let run = 0; run < 3; run += 1) runs.push(await openOnce(served, at));
    const middleRun = [...runs].sort((a, b) => a.totalMs - b.totalMs)[1] ?? runs[0];
    console.log(
      `${label}: past picture median ${middleRun?.totalMs.toFixed(0)} ms of 3 ` +
        `(${runs.map((run) => run.totalMs.toFixed(0)).join(', ')})`,
    );
    console.log(
      `  median run: server ${middleRun?.timing}; transfer ${middleRun?.transferMs.toFixed(0)} ms, ` +
        `${((middleRun?.bytes ?? 0) / 1e6).toFixed(1)} MB; JSON decode ${middleRun?.decodeMs.toFixed(0)} ms`,
    );
    opened = await openSession(served, at, speed, () => undefined);
    console.log(
      `  time to first picture in the worker: ${opened.firstPictureMs.toFixed(0)} ms ` +
        `(request and decode ${opened.requestMs.toFixed(0)} ms, pipeline and markers ` +
        `${(opened.firstPictureMs - opened.requestMs).toFixed(0)} ms; the first page of past messages ` +
        `${opened.eventsPageMs.toFixed(0)} ms, alongside)`,
    );
  }
  opened?.session.stop();
  if (openAt.length > 0)
    await play(served, served.hourStart + (openAt.at(-1) ?? 0) * 60_000, speed, playSeconds);
  child.disconnect();
}

/** Plays from `at` for `playSeconds` of wall time: messages applied, script per picture, longest block. */
async function play(served: Served, at: number, speed: number, playSeconds: number): Promise<void> {
  let pictures = 0;
  const opened = await openSession(served, at, speed, () => {
    pictures += 1;
  });
  const { session } = opened;
  pictures = 0;
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
  const delivered = opened.fetchedTimes.filter((time) => time > replayStarted && time <= replayedTo).length;
  const cpuMs = (cpu.user + cpu.system) / 1000;
  session.stop();
  console.log(
    `Played ${wallSeconds.toFixed(1)} s at ${speed}×: ${((replayedTo - replayStarted) / 1000).toFixed(0)} s replayed`,
  );
  console.log(`  messages applied: ${delivered} (${(delivered / wallSeconds).toFixed(0)}/s)`);
  console.log(
    `  pictures: ${pictures}; client script per picture: ${(cpuMs / Math.max(pictures, 1)).toFixed(1)} ms ` +
      `(whole process CPU ${cpuMs.toFixed(0)} ms over ${wallSeconds.toFixed(1)} s); longest event-loop block: ` +
      `${(delay.max / 1e6).toFixed(0)} ms`,
  );
}

if (values.serve) await serve();
else await measure();
