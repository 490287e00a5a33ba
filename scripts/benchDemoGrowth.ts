// How fast the demo's files grow (issue 36 "Done when": an hour of the demo grows its files, WAL included, by under
// 100 MB), faster than real time: the demo world (`npm start -- --fresh`: the seeded fleet, the street replay,
// retention, picture checkpoints, the offline watch) built with a clock and schedulers this script moves by hand,
// one replay tick per simulated second, as fast as the machine takes them. Prints the file, WAL and both every few
// simulated minutes, and the growth per hour after the seeding.
//
//   npm run bench:growth -- [--minutes 60] [--every 5] [--database /tmp/growth.sqlite]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '#sim/app';
import type { Scheduler } from '#sim/kernel/clock';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '60' },
    every: { type: 'string', default: '5' },
    database: { type: 'string' },
  },
});
const minutes = Number(values.minutes);
const sampleEveryMinutes = Number(values.every);
const BUDGET_MB_PER_HOUR = 100;

/** A scheduler whose tasks run when `advance` says their time has come. */
function handScheduler(): Scheduler & { advance(toMs: number): Promise<void> } {
  const tasks: { intervalMs: number; next: number; task: () => void | Promise<void> }[] = [];
  let now = 0;
  return {
    every(intervalMs, task) {
      const entry = { intervalMs, next: now + intervalMs, task };
      tasks.push(entry);
      return () => tasks.splice(tasks.indexOf(entry), 1);
    },
    async advance(toMs) {
      now = toMs;
      for (const entry of [...tasks]) {
        while (entry.next <= now) {
          entry.next += entry.intervalMs;
          await entry.task();
        }
      }
    },
  };
}

const directory = values.database ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-growth-'));
const databasePath = values.database ?? path.join(directory ?? '', 'sim.sqlite');
const sizeOf = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);
const sizes = () => {
  const main = sizeOf(databasePath);
  const wal = sizeOf(`${databasePath}-wal`) + sizeOf(`${databasePath}-shm`);
  return { main, wal, total: main + wal };
};
const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

const start = Date.now();
let clock = start;
const scheduler = handScheduler();
const app = await buildApp({
  databasePath,
  fresh: true,
  clock: { now: () => clock },
  replay: { scheduler },
  retention: { scheduler },
  offlineWatch: { scheduler },
});
try {
  await app.ready();
  const seeded = sizes();
  console.log(
    `Demo world seeded: ${app.replay.vehicleCount} devices reporting; files ${mb(seeded.total)} MB ` +
      `(${mb(seeded.main)} file, ${mb(seeded.wal)} WAL and index)`,
  );
  const seqAtStart = app.eventLog.store.lastSeq();
  const began = performance.now();
  for (let second = 1; second <= minutes * 60; second += 1) {
    clock = start + second * 1000;
    await scheduler.advance(second * 1000);
    // The checkpoint plugin takes its checkpoint on the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    if (second % (sampleEveryMinutes * 60) === 0) {
      const now = sizes();
      console.log(
        `  ${String(second / 60).padStart(4)} min: ${mb(now.total)} MB (${mb(now.main)} file, ${mb(now.wal)} WAL); ` +
          `${(app.eventLog.store.lastSeq() - seqAtStart).toLocaleString('en-US')} events`,
      );
    }
  }
  const end = sizes();
  const perHour = ((end.total - seeded.total) / minutes) * 60;
  console.log(
    `Grew ${mb(end.total - seeded.total)} MB in ${minutes} simulated minutes (${mb(perHour)} MB per hour; ` +
      `budget ${BUDGET_MB_PER_HOUR}) in ${((performance.now() - began) / 1000).toFixed(0)} s of wall time`,
  );
  if (perHour > BUDGET_MB_PER_HOUR * 1_048_576) process.exitCode = 1;
} finally {
  await app.close();
  if (directory) fs.rmSync(directory, { recursive: true, force: true });
}
