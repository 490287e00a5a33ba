// bench:timetravel's simulator (scripts/benchTimeTravel.ts forks this file): the demo world with `--assets` assets
// and `--seconds` of their telemetry at 1 Hz appended as fast as the store takes it (simulated time, through the
// ingestion path, so the checkpoint plugin runs as it would live), then served on 127.0.0.1 with the time-travel
// limits at their defaults or, with `--limits off`, as good as none (the code as the review found it). It samples
// its own RSS every 100 ms and answers the parent's `stats` message; it stops when the parent goes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '#sim/app';
import { secondOfGridTelemetry, type GridDevice } from '../gridTelemetry.ts';

const { values } = parseArgs({
  options: {
    assets: { type: 'string', default: '300' },
    seconds: { type: 'string', default: '180' },
    limits: { type: 'string', default: 'on' },
  },
});
const assets = Number(values.assets);
const seconds = Number(values.seconds);
const NO_LIMITS = { concurrent: 1e6, queued: 1e6, perUser: 1e6, perOrganization: 1e6 };

export type ServedWorld = { url: string; organizationId: string; positions: number; heard: number };
/** RSS now and its peak, the event loop's longest delay (ms) and the CPU time (ms) since the last reset. */
export type ServerStats = { rss: number; peakRss: number; loopMaxMs: number; cpuMs: number };

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-timetravel-'));
// The recording ends a minute ago: every picture and page is of the past.
const recordingStart = Math.floor((Date.now() - seconds * 1000 - 60_000) / 1000) * 1000;
let clock = recordingStart - 60_000;
let live = false;
const options = {
  databasePath: path.join(directory, 'bench.sqlite'),
  thingCount: assets,
  replay: false,
  retention: false,
  logger: false,
  clock: { now: () => (live ? Date.now() : clock) },
  ...(values.limits === 'off' ? { timeTravelLimits: NO_LIMITS } : {}),
} as const;
/** The app on the file; on a crowded machine seeding the world can outlast Fastify's plugin timeout, and the
 * second start opens the file the first seeded. */
async function started() {
  try {
    const first = await buildApp(options);
    await first.ready();
    return first;
  } catch (error) {
    console.log(`  the first start failed (${String(error)}), starting again on the seeded file`);
    const second = await buildApp(options);
    await second.ready();
    return second;
  }
}
const app = await started();
const db = app.eventLog.db;
const devices = db
  .prepare<[], GridDevice>('SELECT system_identifier, device_type FROM things ORDER BY thing_key')
  .all();
for (let second = 0; second < seconds; second += 1) {
  const at = recordingStart + second * 1000;
  clock = at;
  await app.telemetry.ingestParsed(secondOfGridTelemetry(devices, second, at));
  // The checkpoint plugin takes its checkpoints on the next turn of the event loop, as it would live.
  await new Promise((resolve) => setImmediate(resolve));
}
live = true;
const url = await app.listen({ port: 0, host: '127.0.0.1' });
const coordination = db
  .prepare<[], { id: string; heard: number }>(
    `SELECT o.id, (SELECT count(*) FROM thing_access a WHERE a.organization_id = o.id) AS heard
     FROM organizations o WHERE o.name = 'Cook County Coordination Center'`,
  )
  .get();

let peakRss = process.memoryUsage().rss;
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let cpuAtReset = process.cpuUsage();
setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100).unref();
process.on('message', (message) => {
  if (message === 'reset') {
    peakRss = process.memoryUsage().rss;
    loop.reset();
    cpuAtReset = process.cpuUsage();
  }
  if (message === 'stats' || message === 'reset') {
    const cpu = process.cpuUsage(cpuAtReset);
    process.send?.({
      rss: process.memoryUsage().rss,
      peakRss,
      loopMaxMs: loop.max / 1e6,
      cpuMs: (cpu.user + cpu.system) / 1000,
    } satisfies ServerStats);
  }
});
process.send?.({
  url,
  organizationId: coordination?.id ?? '',
  heard: coordination?.heard ?? 0,
  positions: app.eventLog.store.lastSeq(),
} satisfies ServedWorld);
process.on('disconnect', () => {
  void app.close().then(() => {
    fs.rmSync(directory, { recursive: true, force: true });
    process.exit(0);
  });
});
