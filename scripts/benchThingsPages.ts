// Benchmarks of the simulator's REST path and ingestion (DESIGN.md §7):
//   - all pages of GET /api/organization/things for 10,000 assets, over real HTTP (budget: under 250 ms in all);
//   - telemetry ingestion, persisted to SQLite and handed to the broadcaster (budget: at least 100,000 points/s, DESIGN.md §7),
//     in-process and through POST /api/sim/telemetry.
//
//   npm run bench:rest -- [--things 10000] [--runs 10] [--batches 20]
//
// It builds a world of the given size in a temporary SQLite file (WAL, as `npm start` runs it) and prints
// median and worst figures. Numbers depend on the machine; the budgets are for one 2-core machine.
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
    things: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '10' },
    batches: { type: 'string', default: '20' },
  },
});
const thingCount = Number(values.things);
const runs = Number(values.runs);
const batches = Number(values.batches);

const PAGES_BUDGET_MS = 250;
const INGEST_BUDGET_PER_SECOND = 100_000;

function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function verdict(ok: boolean): string {
  return ok ? 'within budget' : 'OVER BUDGET';
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-rest-'));
let clock = Date.now();
const seedStarted = performance.now();
const app = await buildApp({
  databasePath: path.join(directory, 'bench.sqlite'),
  thingCount,
  replay: false,
  clock: { now: () => clock },
});

try {
  await app.ready();
  console.log(`World of ${thingCount} assets seeded in ${(performance.now() - seedStarted).toFixed(0)} ms`);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });

  const signIn = await fetch(`${url}/api/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: 'staff@demo.test', password: DEMO_PASSWORD }),
  });
  const token = ((await signIn.json()) as TokenResult).access_token;
  const headers = { authorization: `Bearer ${token}` };
  const organizationIds = app.eventLog.db
    .prepare<[], { id: string }>('SELECT id FROM organizations ORDER BY id')
    .all()
    .map((row) => row.id);
  const orgQuery = organizationIds.map((id) => `org_ids[]=${id}`).join('&');

  // ---- All pages, as the dashboard loads them: in sequence until the last page.
  async function loadAllPages(
    perPage: number,
  ): Promise<{ ms: number; cpuMs: number; things: number; pages: number; bytes: number }> {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    let things = 0;
    let pages = 0;
    let bytes = 0;
    for (let page = 1; ; page += 1) {
      const response = await fetch(
        `${url}/api/organization/things?${orgQuery}&page=${page}&per_page=${perPage}`,
        {
          headers,
        },
      );
      const text = await response.text();
      if (response.status !== 200) throw new Error(`page ${page}: ${response.status} ${text}`);
      const body = JSON.parse(text) as { data: unknown[]; meta: { total: number } };
      pages += 1;
      bytes += text.length;
      things += body.data.length;
      if (things >= body.meta.total || body.data.length === 0) break;
    }
    return { ms: performance.now() - started, cpuMs: cpuMsSince(cpuStarted), things, pages, bytes };
  }

  for (const perPage of [500, 1000]) {
    await loadAllPages(perPage);
    const timings: number[] = [];
    const cpuTimings: number[] = [];
    let last = { things: 0, pages: 0, bytes: 0 };
    for (let run = 0; run < runs; run += 1) {
      const result = await loadAllPages(perPage);
      timings.push(result.ms);
      cpuTimings.push(result.cpuMs);
      last = result;
    }
    const worst = Math.max(...timings);
    // Server and client share this process: the CPU time covers serving, sending, receiving and parsing.
    console.log(
      `GET /api/organization/things, per_page=${perPage}: ${last.things} assets in ${last.pages} pages ` +
        `(${(last.bytes / 1e6).toFixed(1)} MB, parsed by the client): median ${median(timings).toFixed(1)} ms, ` +
        `worst ${worst.toFixed(1)} ms, CPU median ${median(cpuTimings).toFixed(1)} ms over ${runs} runs — ` +
        `budget ${PAGES_BUDGET_MS} ms, ${verdict(median(timings) < PAGES_BUDGET_MS)}`,
    );
  }

  // ---- Ingestion: one batch is one second of every device reporting a point.
  const devices = app.eventLog.db
    .prepare<
      [],
      { system_identifier: string; device_type: TelemetrySample['device_type']; lat: number; lng: number }
    >('SELECT system_identifier, device_type, lat, lng FROM things_with_state ORDER BY id')
    .all();
  function batchAt(time: number): TelemetrySample[] {
    const iso = new Date(time).toISOString();
    return devices.map((device, index) => ({
      device_id: device.system_identifier,
      device_type: device.device_type,
      kind: index % 6 === 0 ? 'heartbeat' : 'point',
      time: iso,
      lat: device.lat + ((time / 1000) % 100) * 1e-5,
      lng: device.lng,
      speed: 11.2,
      course: 90,
      accuracy: 5,
      enroute: index % 6 !== 0,
      street: 'W MADISON ST',
    }));
  }

  async function measureInProcess(): Promise<{ rates: number[]; cpuRates: number[] }> {
    const rates: number[] = [];
    const cpuRates: number[] = [];
    for (let batch = 0; batch < batches; batch += 1) {
      clock += 1_000;
      const samples = batchAt(clock);
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const result = await app.telemetry.ingest(samples);
      const seconds = (performance.now() - started) / 1000;
      cpuRates.push(samples.length / (cpuMsSince(cpuStarted) / 1000));
      if (result.accepted !== samples.length) {
        throw new Error(`only ${result.accepted} of ${samples.length} accepted`);
      }
      rates.push(samples.length / seconds);
    }
    return { rates, cpuRates };
  }

  const format = (value: number) => Math.round(value).toLocaleString('en-US');
  await measureInProcess();
  const inProcess = await measureInProcess();
  console.log(
    `Ingestion in process (persist + broadcast), batches of ${devices.length}: median ` +
      `${format(median(inProcess.rates))} points/s, slowest batch ${format(Math.min(...inProcess.rates))} points/s, ` +
      `per CPU second ${format(median(inProcess.cpuRates))} — budget ${format(INGEST_BUDGET_PER_SECOND)}/s, ` +
      `${verdict(median(inProcess.rates) >= INGEST_BUDGET_PER_SECOND)}`,
  );

  const httpRates: number[] = [];
  for (let batch = 0; batch < batches; batch += 1) {
    clock += 1_000;
    const body = JSON.stringify({ samples: batchAt(clock) });
    const started = performance.now();
    const response = await fetch(`${url}/api/sim/telemetry`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    });
    await response.text();
    if (response.status !== 202) throw new Error(`POST /api/sim/telemetry: ${response.status}`);
    httpRates.push(devices.length / ((performance.now() - started) / 1000));
  }
  console.log(
    `Ingestion through POST /api/sim/telemetry (JSON parse and schema check included): median ` +
      `${format(median(httpRates.slice(1)))} points/s`,
  );
  const events = app.eventLog.store.lastSeq();
  const fileBytes = fs.statSync(path.join(directory, 'bench.sqlite')).size;
  console.log(
    `Event log: ${events.toLocaleString('en-US')} events, database file ${(fileBytes / 1e6).toFixed(0)} MB`,
  );
} finally {
  await app.close();
  fs.rmSync(directory, { recursive: true, force: true });
}
