// Benchmark of the export worker (issue 15), with fixed inputs: a week of 1 Hz telemetry for 300 assets of one
// organization (181,440,000 points) in a fresh simulator SQLite file, then a Point export of that week for those
// assets. Prints the rows per second the export writes, the file's size, the process's peak resident memory (the
// week must never sit in memory) and the API's latency (p50/p99/max) seen by a client polling a cheap
// authenticated call (the export list) every 10 ms, with no export running and while the export runs.
//
//   npm run bench:exports -- [--assets 300] [--hours 168] [--slice-ms 8] [--dir /tmp] [--keep]
//   npm run bench:exports -- --database /tmp/bench-exports-XXXX/bench.sqlite   (a log kept by --keep: no seeding)
//
// Seeding the week takes about half an hour here and 47 GB: --keep leaves the seeded file (and prints where) so that
// export runs can be repeated on it with --database, same assets and hours.
// The week is seeded straight through the event store (`eventLog.store.append`) an hour per transaction, not through
// HTTP or the ingestor: the export reads the log only, and the ingestion path has its own benchmarks
// (bench:rest, loadtest). recorded_at is each point's time, as it would be for devices reporting live, so the log
// stays in time order (the export finds its range by seq). Shorter runs (--hours 2) measure the same path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { ExportRecord } from '#domain/exports/exportRecord';
import { buildApp } from '#sim/app';
import { createExportRepository } from '#sim/exports/exportRepository';
import type { TokenResult } from '#sim/auth/tokens';
import type { TelemetryRecord } from '#sim/store/events';
import { DEMO_PASSWORD } from '#sim/seed/worldPlan';

const { values } = parseArgs({
  options: {
    assets: { type: 'string', default: '300' },
    hours: { type: 'string', default: '168' },
    'slice-ms': { type: 'string', default: '8' },
    dir: { type: 'string', default: os.tmpdir() },
    database: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const assetCount = Number(values.assets);
const seconds = Math.round(Number(values.hours) * 3600);
const sliceMs = Number(values['slice-ms']);
/** What one point costs on disk in the log (row, JSON, b-tree) and in the export's CSV, as measured on shorter runs;
 * the run checks the disk has room first. */
const BYTES_PER_POINT = 262 + 50;
/** The polling client's pause between two calls. */
const POLL_PAUSE_MS = 10;
const HOUR_SECONDS = 3600;

function percentile(samples: readonly number[], share: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

const describe = (samples: readonly number[]) =>
  `n=${samples.length} p50 ${percentile(samples, 0.5).toFixed(1)} ms, p99 ${percentile(samples, 0.99).toFixed(1)} ms, ` +
  `max ${Math.max(...samples).toFixed(1)} ms`;
const megabytes = (bytes: number) =>
  `${(bytes / 1e6).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
const count = (value: number) => value.toLocaleString('en-US');

// The polling client runs on its own thread (its own event loop), so what it measures is what a separate client
// sees: the simulator's answer time, not the export slices delaying the client's own timers and parsing.
const POLLING_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
let latencies = [];
let running = true;
parentPort.on('message', (message) => {
  if (message === 'reset') latencies = [];
  if (message === 'take') parentPort.postMessage(latencies.splice(0));
  if (message === 'stop') running = false;
});
(async () => {
  while (running) {
    const sent = performance.now();
    const response = await fetch(workerData.url, { headers: workerData.headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error('the export list answered ' + response.status);
    latencies.push(performance.now() - sent);
    await new Promise((resolve) => setTimeout(resolve, workerData.pauseMs));
  }
  parentPort.close();
})();
`;

function startPollingClient(url: string, headers: Record<string, string>) {
  const worker = new Worker(POLLING_CLIENT, {
    eval: true,
    workerData: { url, headers, pauseMs: POLL_PAUSE_MS },
  });
  // A client that failed (a refused call) ends the run with its error rather than leaving it waiting.
  let failure: unknown = null;
  worker.on('error', (error) => {
    failure = error;
  });
  const take = () =>
    new Promise<number[]>((resolve, reject) => {
      if (failure) return reject(failure);
      const answered = (latencies: number[]) => {
        worker.off('error', failed);
        resolve(latencies);
      };
      const failed = (error: unknown) => {
        worker.off('message', answered);
        reject(error);
      };
      worker.once('message', answered);
      worker.once('error', failed);
      worker.postMessage('take');
    });
  return {
    reset: () => worker.postMessage('reset'),
    /** Every latency since the last reset or collect, once there are at least `atLeast`. */
    async collect(atLeast: number): Promise<number[]> {
      const latencies: number[] = [];
      for (;;) {
        latencies.push(...(await take()));
        if (latencies.length >= atLeast) return latencies;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: () => {
      worker.postMessage('stop');
      return new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}

const points = seconds * assetCount;
const reused = values.database !== undefined;
const needed = points * BYTES_PER_POINT * 1.1 - (reused ? points * 262 : 0);
const free = fs.statfsSync(values.dir).bavail * fs.statfsSync(values.dir).bsize;
if (free < needed) {
  console.error(
    `Not enough disk in ${values.dir}: ${megabytes(free)} free, about ${megabytes(needed)} needed.`,
  );
  process.exit(1);
}

const directory = values.database
  ? path.dirname(values.database)
  : fs.mkdtempSync(path.join(values.dir, 'bench-exports-'));
const databasePath = values.database ?? path.join(directory, 'bench.sqlite');
const start = Date.parse('2026-03-02T00:00:00.000Z');
let clock = start - 60_000;
// A world big enough that the demo user's organization sees `assetCount` assets (it sees about 7 in 10).
const app = await buildApp({
  databasePath,
  thingCount: Math.ceil(assetCount * 1.5),
  replay: false,
  retention: false,
  clock: { now: () => clock },
  files: { exportSliceMs: sliceMs },
});
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

try {
  await app.ready();
  /** The demo user's session at the simulator's time (tokens expire, and the clock moves by the week). */
  async function signIn() {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/user_token',
      payload: {
        grant_type: 'password',
        application: 'dashboard',
        username: 'user@demo.test',
        password: DEMO_PASSWORD,
      },
    });
    const token = answer.json<TokenResult>().access_token;
    return { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  }
  const profile = await app.inject({ method: 'GET', url: '/api/profile', headers: await signIn() });
  const organizationId = profile.json<{ user_org: { id: string } }>().user_org.id;
  const things = app.eventLog.db
    .prepare<[string, number], { id: string; organization_id: string }>(
      `SELECT t.id, t.organization_id FROM thing_access a JOIN things t ON t.id = a.thing_id
       WHERE a.organization_id = ? AND t.is_active = 1 ORDER BY t.id LIMIT ?`,
    )
    .all(organizationId, assetCount);
  if (things.length < assetCount)
    throw new Error(`the organization sees ${things.length} assets, not ${assetCount}`);

  // Seeding: an hour of every asset's points per transaction.
  if (reused) console.log(`Log: reusing ${databasePath} (${megabytes(fs.statSync(databasePath).size)})`);
  else {
    const seedStarted = performance.now();
    let peakRssSeeding = 0;
    for (let hour = 0; hour * HOUR_SECONDS < seconds; hour += 1) {
      await app.eventLog.write(() => {
        for (
          let second = hour * HOUR_SECONDS;
          second < Math.min(seconds, (hour + 1) * HOUR_SECONDS);
          second += 1
        ) {
          const recordedAt = start + second * 1000;
          const time = new Date(recordedAt).toISOString();
          things.forEach((thing, index) => {
            const data: TelemetryRecord = {
              time,
              lat: 41.8 + (index % 50) * 0.002 + (second % 3600) * 0.00001,
              lng: -87.7 + Math.floor(index / 50) * 0.002,
              speed: 11,
              course: 0,
              accuracy: 4,
              enroute: index % 3 === 0,
              street: 'S STATE ST',
            };
            app.eventLog.store.append(
              { type: 'PointRecorded', data },
              { streamId: thing.id, organizationId: thing.organization_id, recordedAt },
            );
          });
        }
      });
      peakRssSeeding = Math.max(peakRssSeeding, process.memoryUsage().rss);
      if (hour % 24 === 23)
        console.log(
          `  seeded day ${(hour + 1) / 24}: ${count((hour + 1) * HOUR_SECONDS * assetCount)} points`,
        );
    }
    const seedMs = performance.now() - seedStarted;
    app.eventLog.db.pragma('wal_checkpoint(TRUNCATE)');
    const logBytes = fs.statSync(databasePath).size;
    console.log(
      `Log: ${count(points)} points of ${assetCount} assets over ${values.hours} h, seeded in ${(seedMs / 1000).toFixed(1)} s ` +
        `(${count(Math.round(points / (seedMs / 1000)))} points/s); file ${megabytes(logBytes)} ` +
        `(${Math.round(logBytes / points)} B/point); peak RSS while seeding ${megabytes(peakRssSeeding)}`,
    );
  }
  clock = start + seconds * 1000 + 60_000;
  peakRss = 0;
  const headers = await signIn();

  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const listUrl = `${base}/api/organization/export?org_ids[]=${organizationId}`;

  const client = startPollingClient(listUrl, headers);
  const idle = await client.collect(300);
  console.log(`API with no export running: ${describe(idle)}`);

  const exports = createExportRepository(app.eventLog.db);
  const requested = performance.now();
  const created = await fetch(`${base}/api/organization/export`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      export_type: 'point',
      title: 'Bench points',
      export_start_time: new Date(start).toISOString(),
      export_end_time: new Date(start + seconds * 1000 - 1000).toISOString(),
      use_utc: true,
      organization_id: organizationId,
      thing_uuids: things.map((thing) => thing.id),
    }),
  });
  const record = (await created.json()) as ExportRecord;
  if (created.status !== 201) throw new Error(`export refused: ${JSON.stringify(record)}`);
  let longestGcMs = 0;
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestGcMs = Math.max(longestGcMs, entry.duration);
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  // Every minute: rows so far, and the API's latency over that minute (a long run may be stopped with figures).
  client.reset();
  const busy: number[] = [];
  const progress = setInterval(() => {
    void client.collect(0).then((minute) => {
      busy.push(...minute);
      const rows = exports.byId(record.id)?.rows_written ?? 0;
      const elapsed = (performance.now() - requested) / 1000;
      console.log(
        `  ${elapsed.toFixed(0)} s: ${count(rows)} rows (${count(Math.round(rows / elapsed))} rows/s), ` +
          `RSS ${megabytes(process.memoryUsage().rss)}; API this minute: ${describe(minute)}`,
      );
    });
  }, 60_000);
  await app.exportWorker.idle();
  const finishedAt = performance.now();
  clearInterval(progress);
  busy.push(...(await client.collect(0)));
  await client.stop();
  clearInterval(progress);
  loopDelay.disable();
  gcObserver.disconnect();
  const done = exports.byId(record.id);
  const elapsed = (finishedAt - requested) / 1000;
  const fileSize = done?.file_id ? fs.statSync(app.files.pathOf('exports', done.file_id)).size : 0;
  const rows = done?.rows_written ?? 0;
  console.log(
    `Point export of ${assetCount} assets: ${done?.status ?? 'gone'}${done?.error_reason ? ` (${done.error_reason})` : ''}, ` +
      `${count(rows)} rows in ${elapsed.toFixed(1)} s = ${count(Math.round(rows / elapsed))} rows/s; ` +
      `file ${done?.file_id ?? '-'} ${megabytes(fileSize)} (slice ${sliceMs} ms)`,
  );
  console.log(`API while it ran: ${describe(busy)}`);
  console.log(
    `Event-loop delay while it ran: p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, ` +
      `max ${(loopDelay.max / 1e6).toFixed(1)} ms (a machine busy with other work adds its own); ` +
      `longest garbage collection ${longestGcMs.toFixed(1)} ms`,
  );
  console.log(`Peak resident memory while serving and exporting: ${megabytes(peakRss)}`);
  console.log(
    `Machine load average (1, 5, 15 min): ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(', ')}`,
  );
} finally {
  clearInterval(sampler);
  await app.close();
  if (values.keep) console.log(`Kept the log: --database ${databasePath}`);
  else fs.rmSync(directory, { recursive: true, force: true });
}
