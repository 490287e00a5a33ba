// bench:replay's simulator (scripts/benchReplay.ts forks this file): a world of `--assets` assets and `--minutes`
// of their telemetry at 1 Hz appended to a simulator file as fast as the store takes it (simulated time, ten
// seconds per transaction, through the ingestion path, so the projections and the checkpoint plugin run as they
// would live). It then serves the file and sends its parent a `Served` description; it stops when the parent goes.
// With `--database <file>` the file is kept, and a later run given the same file serves it without appending again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { buildApp } from '#sim/app';
import { readLogPage } from '#sim/store/logReader';
import { createPictureCheckpoints } from '#sim/store/pictureCheckpoints';
import type { Served } from './benchReplayClient.ts';
import { secondOfGridTelemetry, type GridDevice } from './gridTelemetry.ts';

/** Seconds of telemetry per ingestion transaction. */
const SECONDS_PER_BATCH = 10;

type BuiltApp = Awaited<ReturnType<typeof buildApp>>;

const { values } = parseArgs({
  options: {
    assets: { type: 'string', default: '10000' },
    minutes: { type: 'string', default: '60' },
    'checkpoint-every': { type: 'string' },
    database: { type: 'string' },
  },
});
const assets = Number(values.assets);
const minutes = Number(values.minutes);

async function serve(): Promise<void> {
  const { buildApp: build } = await import('#sim/app');
  const { DEMO_PASSWORD } = await import('#sim/seed/worldPlan');
  const kept = values.database !== undefined;
  const directory = kept ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-replay-'));
  const databasePath = values.database ?? path.join(directory ?? '', 'bench.sqlite');
  const reused = kept && fs.existsSync(databasePath);
  // The recording ends a minute ago: a replay never reaches past the present.
  let hourStart = Math.floor((Date.now() - minutes * 60_000 - 60_000) / 1000) * 1000;
  let clock = hourStart - 60_000;
  let live = reused;
  const app = await build({
    databasePath,
    thingCount: assets,
    replay: false,
    retention: false,
    logger: false,
    clock: { now: () => (live ? Date.now() : clock) },
    pictureCheckpoints: { everyPositions: Number(values['checkpoint-every']) },
  });
  await app.ready();
  const db = app.eventLog.db;
  let appendSeconds: number | null = null;
  if (reused) {
    // The log's first point, sealed or a row (a sealed file's first points are in blocks).
    hourStart =
      readLogPage(db, 0, Number.MAX_SAFE_INTEGER, 1, { types: ['PointRecorded'] })[0]?.recorded_at ??
      hourStart;
  } else {
    appendSeconds = await appendTelemetry(app, hourStart, (at) => {
      clock = at;
    });
  }
  const count = (sql: string) => db.prepare<[], { n: number }>(sql).get()?.n ?? 0;
  const checkpointStarted = performance.now();
  // One more, timed: what the live simulator pays every so many positions; then removed again.
  await app.eventLog.write(() => createPictureCheckpoints(db).takeAt(1e15, clock));
  const checkpointMs = performance.now() - checkpointStarted;
  await app.eventLog.write(() => {
    db.prepare('DELETE FROM picture_checkpoints WHERE seq = 1e15').run();
  });
  live = true;
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await fetch(`${url}/api/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: 'staff@demo.test', password: DEMO_PASSWORD }),
  });
  const token = ((await signIn.json()) as { access_token: string }).access_token;
  const busiest = db
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
    appendSeconds,
    checkpoints: count('SELECT count(*) AS n FROM picture_checkpoints'),
    checkpointMs,
    checkpointBytes: count('SELECT coalesce(sum(length(states)), 0) AS n FROM picture_checkpoints'),
    checkpointThings: count('SELECT count(*) AS n FROM thing_states'),
    checkpointTimes: db
      .prepare<[], { taken_at: number }>('SELECT taken_at FROM picture_checkpoints ORDER BY seq')
      .all()
      .map((row) => row.taken_at),
  };
  // The parent asks for this process's CPU time around its requests: the server's own share on a loaded machine.
  process.on('message', (message) => {
    if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  });
  process.send?.(served);
  process.on('disconnect', () => {
    void app.close().then(() => {
      if (directory !== null) fs.rmSync(directory, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

/** Appends the minutes of telemetry, moving the simulated clock; returns the seconds it took. */
async function appendTelemetry(app: BuiltApp, hourStart: number, setClock: (at: number) => void) {
  const devices = app.eventLog.db
    .prepare<[], GridDevice>('SELECT system_identifier, device_type FROM things ORDER BY thing_key')
    .all();
  const started = performance.now();
  for (let batchStart = 0; batchStart < minutes * 60; batchStart += SECONDS_PER_BATCH) {
    await app.eventLog.write(() => {
      for (let second = batchStart; second < batchStart + SECONDS_PER_BATCH; second += 1) {
        const at = hourStart + second * 1000;
        setClock(at);
        app.telemetry.recordParsed(secondOfGridTelemetry(devices, second, at));
      }
    });
    // The checkpoint plugin takes its checkpoints on the next turn of the event loop, as it would live.
    await new Promise((resolve) => setImmediate(resolve));
    if ((batchStart + SECONDS_PER_BATCH) % 600 === 0) {
      const done = (batchStart + SECONDS_PER_BATCH) / 60;
      console.log(`  ${done} min ingested (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
  }
  return (performance.now() - started) / 1000;
}

await serve();
