// Time travel's benchmark (issue 28 item 2, docs/time-travel.md): `--minutes` of N assets reporting at 1 Hz are
// appended to a temporary simulator file as fast as it takes them (benchReplayWorld.ts, in a child process); then
// a replay client — the live worker's own ReplaySession and marker packer, run in this process
// (benchReplayClient.ts) — opens each chosen minute, reads pages of past messages, and plays the last minute at
// `--speed`.
//
//   npm run bench:replay -- [--assets 10000] [--minutes 60] [--open-at 5,30,55] [--play-seconds 20] [--speed 10]
//                           [--checkpoint-every 100000] [--pages 5] [--page-positions 20000] [--database <file>]
//
// Opening is reported stage by stage: the server's scratch database, its starting point (checkpoint and the other
// events before it), the telemetry folded after it and the lists written (from the response's Server-Timing), the
// response's transfer and JSON decoding, and the worker's first loaded picture. Pages of past messages are read
// as the replay feed reads them (each from where the previous ended) and timed: the server's part, the transfer
// and the decoding. `--database` keeps the simulator file (a later run with the same file measures it again
// without appending). Numbers depend on the machine; the target is an hour of 10,000 assets opening in
// under 3 s and playing at 10× within the live view's script budget.
import { fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import { CHECKPOINT_EVERY_POSITIONS } from '#sim/store/pictureCheckpoints';
import {
  openOnce,
  openSession,
  play,
  timePages,
  type Opened,
  type Opening,
  type PageTiming,
  type Served,
} from './benchReplayClient.ts';

const { values } = parseArgs({
  options: {
    assets: { type: 'string', default: '10000' },
    minutes: { type: 'string', default: '60' },
    'open-at': { type: 'string', default: '5,30,55' },
    'checkpoint-every': { type: 'string', default: String(CHECKPOINT_EVERY_POSITIONS) },
    'play-seconds': { type: 'string', default: '20' },
    speed: { type: 'string', default: '10' },
    pages: { type: 'string', default: '5' },
    'page-positions': { type: 'string', default: '20000' },
    database: { type: 'string' },
  },
});

const ms = (value: number) => value.toFixed(0);

async function startSimulator(): Promise<{
  served: Served;
  serverCpuMs: () => Promise<number>;
  stop: () => void;
}> {
  const args = ['--assets', values.assets, '--minutes', values.minutes];
  args.push('--checkpoint-every', values['checkpoint-every']);
  if (values.database !== undefined) args.push('--database', values.database);
  const child = fork(new URL('./benchReplayWorld.ts', import.meta.url), args, { execArgv: process.execArgv });
  const served = await new Promise<Served>((resolve) => child.once('message', (m) => resolve(m as Served)));
  const serverCpuMs = () =>
    new Promise<number>((resolve) => {
      child.once('message', (m) => {
        const { cpu } = m as { cpu: NodeJS.CpuUsage };
        resolve((cpu.user + cpu.system) / 1000);
      });
      child.send('cpu');
    });
  return { served, serverCpuMs, stop: () => child.disconnect() };
}

async function measure(): Promise<void> {
  const openAt = (values['open-at'] ?? '').split(',').map(Number);
  const speed = Number(values.speed);
  console.log(
    `Seeding a world of ${values.assets} assets and ${values.minutes} min of their telemetry at 1 Hz…`,
  );
  const started = performance.now();
  const { served, serverCpuMs, stop } = await startSimulator();
  const appended =
    served.appendSeconds === null
      ? 'kept file, nothing appended'
      : `appended in ${ms(served.appendSeconds)} s`;
  console.log(
    `Ready in ${ms((performance.now() - started) / 1000)} s (${appended}): ${served.positions} log positions; ` +
      `the replayed organization hears ${served.heard} assets`,
  );
  const perCheckpoint = served.checkpointBytes / Math.max(1, served.checkpoints);
  console.log(
    `Checkpoints every ${values['checkpoint-every']} positions: ${served.checkpoints} taken, ` +
      `${(served.checkpointBytes / 1_048_576).toFixed(2)} MB (${(perCheckpoint / Math.max(1, served.checkpointThings)).toFixed(1)} ` +
      `B per asset each, ${(perCheckpoint / Number(values['checkpoint-every'])).toFixed(2)} B per position summarised); ` +
      `one takes ${ms(served.checkpointMs)} ms`,
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
    printOpening(label, runs);
    const pages = await timePages(
      served,
      runs[0]?.offset ?? 0,
      Math.min(at + 10 * 60_000, served.hourStart + Number(values.minutes) * 60_000),
      Number(values['page-positions']),
      Number(values.pages),
      serverCpuMs,
    );
    printPages(pages, served.heard * speed);
    opened = await openSession(served, at, speed, () => undefined);
    console.log(
      `  time to first picture in the worker: ${ms(opened.firstPictureMs)} ms ` +
        `(request and decode ${ms(opened.requestMs)} ms, pipeline and markers ` +
        `${ms(opened.firstPictureMs - opened.requestMs)} ms; the first page of past messages ` +
        `${ms(opened.eventsPageMs)} ms, alongside)`,
    );
  }
  opened?.session.stop();
  if (openAt.length > 0) {
    const at = served.hourStart + (openAt.at(-1) ?? 0) * 60_000;
    const played = await play(served, at, speed, Number(values['play-seconds']));
    console.log(
      `Played ${played.wallSeconds.toFixed(1)} s at ${speed}×: ${ms(played.replayedSeconds)} s replayed`,
    );
    console.log(
      `  messages applied: ${played.applied} (${ms(played.applied / played.wallSeconds)}/s; keeping up takes ` +
        `${served.heard} × ${speed} = ${served.heard * speed}/s)`,
    );
    console.log(
      `  pictures: ${played.pictures}; client script per picture: ` +
        `${(played.cpuMs / Math.max(played.pictures, 1)).toFixed(1)} ms (whole process CPU ${ms(played.cpuMs)} ms ` +
        `over ${played.wallSeconds.toFixed(1)} s); longest event-loop block: ${ms(played.longestBlockMs)} ms`,
    );
  }
  stop();
}

function printOpening(label: string, runs: Opening[]): void {
  const middleRun = [...runs].sort((a, b) => a.totalMs - b.totalMs)[1] ?? runs[0];
  console.log(
    `${label}: past picture median ${ms(middleRun?.totalMs ?? 0)} ms of 3 ` +
      `(${runs.map((run) => ms(run.totalMs)).join(', ')})`,
  );
  console.log(
    `  median run: server ${middleRun?.timing}; transfer ${ms(middleRun?.transferMs ?? 0)} ms, ` +
      `${((middleRun?.bytes ?? 0) / 1e6).toFixed(1)} MB; JSON decode ${ms(middleRun?.decodeMs ?? 0)} ms`,
  );
}

/** Each page, and what the server's part would deliver per second against what keeping up takes. */
function printPages(pages: PageTiming[], neededPerSecond: number): void {
  const sum = (pick: (page: PageTiming) => number) => pages.reduce((total, page) => total + pick(page), 0);
  const each = pages.map(
    (page) =>
      `${ms(page.serverMs)}+${ms(page.transferMs)}+${ms(page.decodeMs)} ms, server CPU ${ms(page.serverCpuMs)} ms ` +
      `(${page.messages} messages, ${(page.bytes / 1e6).toFixed(1)} MB)`,
  );
  console.log(
    `  ${pages.length} pages of past messages, server + transfer + decode (wall): ${each.join('; ')}`,
  );
  const messages = sum((page) => page.messages);
  const servedPerSecond = messages / (sum((page) => page.serverMs) / 1000);
  const wholePerSecond = messages / (sum((page) => page.serverMs + page.transferMs + page.decodeMs) / 1000);
  const perCpuSecond = messages / (sum((page) => page.serverCpuMs) / 1000);
  console.log(
    `  pages deliver ${ms(servedPerSecond)} messages/s of server time, ${ms(wholePerSecond)}/s with transfer ` +
      `and decoding, ${ms(perCpuSecond)} per second of server CPU (keeping up takes ${neededPerSecond}/s)`,
  );
}

await measure();
