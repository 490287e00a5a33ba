// Benchmark of the export worker (issue 15): rows per second written for a Point export over 1 Hz telemetry of
// every asset, and the API's latency (p50/p99/max of GET /api/organization/export and GET /api/version over real
// HTTP, one after another) while the export runs, against the same calls with no export running. Also the process's
// peak resident memory, to show the range is not loaded at once, and the event loop's delay while the export ran.
//
//   npm run bench:exports -- [--assets 300] [--hours 2] [--slice-ms 8]
//
// The figure is a week (--hours 168: 181 million points, tens of GB of log and about half an hour of
// ingestion on one machine); rows/s is a rate, so shorter runs measure the same path. The log is written with a
// clock that moves one second per batch, as 1 Hz devices would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { ExportRecord } from '#domain/exports/exportRecord';
import { buildApp } from '#sim/app';
import type { TokenResult } from '#sim/auth/tokens';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import { DEMO_PASSWORD } from '#sim/seed/worldPlan';

const { values } = parseArgs({
  options: {
    assets: { type: 'string', default: '300' },
    hours: { type: 'string', default: '2' },
    'slice-ms': { type: 'string', default: '8' },
  },
});
const assetCount = Number(values.assets);
const seconds = Math.round(Number(values.hours) * 3600);
const sliceMs = Number(values['slice-ms']);

function percentile(samples: readonly number[], share: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

const describe = (samples: readonly number[]) =>
  `n=${samples.length} p50 ${percentile(samples, 0.5).toFixed(1)} ms, p99 ${percentile(samples, 0.99).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms`;

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-exports-'));
const start = Date.parse('2026-03-02T00:00:00.000Z');
let clock = start - 60_000;
const app = await buildApp({
  databasePath: path.join(directory, 'bench.sqlite'),
  thingCount: assetCount,
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
  const things = app.eventLog.db
    .prepare<[], { id: string; system_identifier: string; device_type: TelemetrySample['device_type'] }>(
      'SELECT id, system_identifier, device_type FROM things WHERE is_active = 1',
    )
    .all();
  const ingestStarted = performance.now();
  for (let second = 0; second < seconds; second += 1) {
    clock = start + second * 1000;
    const time = new Date(clock).toISOString();
    app.telemetry.ingestParsed(
      things.map((thing, index) => ({
        device_id: thing.system_identifier,
        device_type: thing.device_type,
        kind: 'point',
        time,
        lat: 41.8 + (index % 50) * 0.002 + second * 0.00001,
        lng: -87.7 + Math.floor(index / 50) * 0.002,
        speed: 11,
        course: 0,
        accuracy: 4,
        enroute: index % 3 === 0,
        street: 'S STATE ST',
      })),
    );
  }
  const ingestMs = performance.now() - ingestStarted;
  const points = seconds * things.length;
  const fileBytes = fs.statSync(path.join(directory, 'bench.sqlite')).size;
  console.log(
    `Log: ${points.toLocaleString('en-US')} points of ${things.length} assets over ${values.hours} h, ` +
      `ingested in ${(ingestMs / 1000).toFixed(1)} s; file ${(fileBytes / 1e6).toFixed(0)} MB`,
  );
  clock = start + seconds * 1000 + 60_000;

  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/user_token',
    payload: {
      grant_type: 'password',
      application: 'dashboard',
      username: 'user@demo.test',
      password: DEMO_PASSWORD,
    },
  });
  const token = signIn.json<TokenResult>().access_token;
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const organizationId = (
    (await (await fetch(`${base}/api/profile`, { headers })).json()) as { user_org: { id: string } }
  ).user_org.id;
  const visible = app.eventLog.db
    .prepare<[string], { thing_id: string }>('SELECT thing_id FROM thing_access WHERE organization_id = ?')
    .all(organizationId)
    .map((row) => row.thing_id);

  /** Times API calls one after another until `done()`; returns each call's latency. */
  async function timeCalls(done: () => boolean, atLeast: number): Promise<number[]> {
    const latencies: number[] = [];
    const urls = [`${base}/api/organization/export?org_ids[]=${organizationId}`, `${base}/api/version`];
    while (!done() || latencies.length < atLeast) {
      const url = urls[latencies.length % urls.length] ?? '';
      const sent = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      latencies.push(performance.now() - sent);
      if (done() && latencies.length >= atLeast) break;
    }
    return latencies;
  }

  const idle = await timeCalls(() => true, 400);
  console.log(`API with no export running: ${describe(idle)}`);

  const requested = performance.now();
  const created = await fetch(`${base}/api/organization/export`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      export_type: 'point',
      title: 'Bench points',
      export_start_time: new Date(start).toISOString(),
      export_end_time: new Date(start + seconds * 1000).toISOString(),
      use_utc: true,
      organization_id: organizationId,
      thing_uuids: visible,
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
  let finished = false;
  let finishedAt = 0;
  void app.exportWorker.idle().then(() => {
    finished = true;
    finishedAt = performance.now();
  });
  const busy = await timeCalls(() => finished, 50);
  const stored = (await (
    await fetch(`${base}/api/organization/export?org_ids[]=${organizationId}`, { headers })
  ).json()) as ExportRecord[];
  const done = stored.find((item) => item.id === record.id);
  const elapsed = (finishedAt - requested) / 1000;
  const fileSize = done?.file_id ? fs.statSync(app.files.pathOf('exports', done.file_id)).size : 0;
  console.log(
    `Point export of ${visible.length} assets: ${done?.status}, ${(done?.rows_written ?? 0).toLocaleString('en-US')} rows ` +
      `in ${elapsed.toFixed(1)} s = ${Math.round((done?.rows_written ?? 0) / elapsed).toLocaleString('en-US')} rows/s; ` +
      `file ${done?.file_id} ${(fileSize / 1e6).toFixed(1)} MB (slice ${sliceMs} ms)`,
  );
  loopDelay.disable();
  console.log(`API while it ran: ${describe(busy)}`);
  console.log(
    `Event-loop delay while it ran: p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, ` +
      `max ${(loopDelay.max / 1e6).toFixed(1)} ms (a machine busy with other work adds its own); ` +
      `longest garbage collection ${longestGcMs.toFixed(1)} ms`,
  );
  gcObserver.disconnect();
  console.log(`Peak resident memory: ${(peakRss / 1e6).toFixed(0)} MB`);
} finally {
  clearInterval(sampler);
  await app.close();
  fs.rmSync(directory, { recursive: true, force: true });
}
