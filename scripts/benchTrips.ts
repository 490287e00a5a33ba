// Benchmark of trips (issue 16): a day of 1 Hz telemetry for 5 assets, then the dashboard's search for that day,
// one `GET /api/things/{id}/trips` per asset in parallel over real HTTP, answers parsed as the client does.
// The issue asks for "well under a second" on one 2-core machine.
//
//   npm run bench:trips -- [--assets 5] [--hours 24] [--runs 5]
//
// Each hour an asset drives for 50 minutes (en route) and parks for 10, so a day holds 24 runs per asset.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '#sim/app';
import type { TokenResult } from '#sim/auth/tokens';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import { DEMO_PASSWORD } from '#sim/seed/worldPlan';

const { values } = parseArgs({
  options: {
    assets: { type: 'string', default: '5' },
    hours: { type: 'string', default: '24' },
    runs: { type: 'string', default: '5' },
  },
});
const assetCount = Number(values.assets);
const hours = Number(values.hours);
const runs = Number(values.runs);
const BUDGET_MS = 1000;
const BATCH = 10_000;

function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-trips-'));
const dayStart = Date.parse('2026-03-01T00:00:00.000Z');
const dayEnd = dayStart + hours * 3_600_000;
let clock = dayEnd + 3_600_000;
const app = await buildApp({
  databasePath: path.join(directory, 'bench.sqlite'),
  thingCount: 200,
  replay: false,
  retention: false,
  clock: { now: () => clock },
});

try {
  await app.ready();
  const things = app.eventLog.db
    .prepare<[number], { id: string; system_identifier: string; device_type: string }>(
      'SELECT id, system_identifier, device_type FROM things WHERE is_active = 1 ORDER BY thing_key LIMIT ?',
    )
    .all(assetCount);

  const ingestStarted = performance.now();
  let samples: TelemetrySample[] = [];
  let total = 0;
  for (let second = 0; second < hours * 3600; second += 1) {
    const enroute = second % 3600 < 3000;
    for (const [index, thing] of things.entries()) {
      samples.push({
        device_id: thing.system_identifier,
        device_type: thing.device_type as TelemetrySample['device_type'],
        kind: 'point',
        time: new Date(dayStart + second * 1000).toISOString(),
        lat: 41.85 + index * 0.01 + (second % 3000) * 0.00001,
        lng: -87.65 + (second % 3000) * 0.00001,
        speed: enroute ? 11 : 0,
        course: 45,
        accuracy: 4,
        enroute,
        street: null,
      });
      if (samples.length === BATCH) {
        total += (await app.telemetry.ingest(samples)).accepted;
        samples = [];
      }
    }
  }
  if (samples.length > 0) total += (await app.telemetry.ingest(samples)).accepted;
  console.log(
    `Stored ${total.toLocaleString('en-US')} points (${assetCount} assets × ${hours} h at 1 Hz) in ` +
      `${(performance.now() - ingestStarted).toFixed(0)} ms`,
  );

  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await fetch(`${url}/api/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: 'user@demo.test', password: DEMO_PASSWORD }),
  });
  const token = ((await signIn.json()) as TokenResult).access_token;
  const headers = { authorization: `Bearer ${token}` };
  const query = `start_time=${new Date(dayStart).toISOString()}&end_time=${new Date(dayEnd).toISOString()}`;

  const timings: number[] = [];
  const answeredTimings: number[] = [];
  let points = 0;
  let tripRuns = 0;
  let bytes = 0;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const texts = await Promise.all(
      things.map(async (thing) => {
        const response = await fetch(`${url}/api/things/${thing.id}/trips?${query}`, { headers });
        const text = await response.text();
        if (!response.ok) throw new Error(`trips: HTTP ${response.status} ${text}`);
        return text;
      }),
    );
    answeredTimings.push(performance.now() - started);
    const answers = texts.map((text) => JSON.parse(text) as { runs: { points: unknown[] }[] });
    timings.push(performance.now() - started);
    if (run === 0) for (const text of texts) bytes += text.length;
    if (run === 0)
      for (const answer of answers) {
        tripRuns += answer.runs.length;
        for (const each of answer.runs) points += each.points.length;
      }
  }
  const middle = median(timings);
  console.log(
    `GET /api/things/{id}/trips × ${assetCount} in parallel for ${hours} h: ${tripRuns} runs, ` +
      `${points.toLocaleString('en-US')} points, ${(bytes / 1e6).toFixed(1)} MB: all answered in median ` +
      `${median(answeredTimings).toFixed(0)} ms; answered and parsed median ${middle.toFixed(0)} ms, ` +
      `worst ${Math.max(...timings).toFixed(0)} ms over ${runs} runs — budget ${BUDGET_MS} ms, ` +
      `${middle < BUDGET_MS ? 'within budget' : 'OVER BUDGET'}`,
  );

  // The simulator's own work for the same search, without the HTTP transport and the client in this process.
  const serverTimings: number[] = [];
  const serverCpu: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    for (const thing of things) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/things/${thing.id}/trips?${query}`,
        headers,
      });
      if (response.statusCode !== 200) throw new Error(`trips: HTTP ${response.statusCode}`);
    }
    serverTimings.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuStarted);
    serverCpu.push((cpu.user + cpu.system) / 1000);
  }
  console.log(
    `  of which the simulator's work (app.inject, ${assetCount} answers one after another): median ` +
      `${median(serverTimings).toFixed(0)} ms (CPU ${median(serverCpu).toFixed(0)} ms; the machine's load average ` +
      `${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores)`,
  );

  const coverageStarted = performance.now();
  const coverage = await fetch(
    `${url}/api/things/coverage/?${things.map((thing) => `thing_ids[]=${thing.id}`).join('&')}`,
    { headers },
  );
  await coverage.json();
  console.log(
    `GET /api/things/coverage/ for ${assetCount} assets: ${(performance.now() - coverageStarted).toFixed(1)} ms`,
  );
  clock += 1;
} finally {
  await app.close();
  fs.rmSync(directory, { recursive: true, force: true });
}
