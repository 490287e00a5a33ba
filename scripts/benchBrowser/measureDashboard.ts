// The dashboard's side of a run: sign in (the page's CPU throttled from the start with `--cpu-slowdown`), wait for
// the asset list and the map (with `--replay`, start replaying the recent past), read its WebGL renderer, then
// measure.
import { openLiveScreen, waitForLiveMap } from './openLiveScreen.ts';
import { writeFile } from 'node:fs/promises';
import type { Browser, CDPSession, Page } from 'playwright-core';
import type { Server } from './benchServer.ts';
import { measureSeconds, type PageFigures } from './measureSeconds.ts';
import { sleep } from './scriptReadings.ts';
import { STREET_PREFIX, type BenchOptions } from './options.ts';
import { installProbes } from './pageProbes.ts';
import { replayLookbackMs, startReplay } from './startReplay.ts';
import {
  compositorSwaps,
  mainThreadSelfTimes,
  profiledSeconds,
  selfTimes,
  tracedSeconds,
  type CpuProfile,
  type TraceEvent,
} from './profileSummaries.ts';
import { attachWorkerProfiler } from './workerProfiler.ts';
import { throttleCpu, webglRenderer } from './slowMachine.ts';

export async function measureDashboard(
  browser: Browser,
  server: Server,
  options: BenchOptions,
  drivenSince: number,
): Promise<PageFigures & { renderer: string }> {
  // The cable's counters before the page opens: a cut during its first load counts against it too.
  const countersAtOpen = server.counters();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await throttleCpu(await context.newCDPSession(page), options.cpuSlowdown);
    // tsx keeps function names by wrapping them in a `__name` helper that the page lacks; give it a no-op one.
    await page.addInitScript({ content: 'window.__name = (target) => target;' });
    await page.addInitScript(installProbes, STREET_PREFIX);
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    // The asset list beside the map: the screen a dispatcher keeps open (an asset's route shows its detail instead).
    await openLiveScreen(page, server.url, server.things.length);
    // The map reports its markers, unless it fell back to the WebGL notice (the software GPU lost its context).
    await waitForLiveMap(page);
    const renderer = await webglRenderer(page);
    if (options.replaySpeed !== null) {
      const lookbackMs = replayLookbackMs(
        options.replaySpeed,
        options.warmupSeconds + options.measuredSeconds,
      );
      console.log(`  replaying from ${lookbackMs / 1000} s ago at ${options.replaySpeed}×…`);
      await startReplay(page, options.replaySpeed, lookbackMs, Date.now() - drivenSince);
    }
    if (options.hideMap) {
      await page.addStyleTag({ content: '[data-testid="live-map"] { display: none !important; }' });
    }
    const cdp = await context.newCDPSession(page);
    const browserCdp = await browser.newBrowserCDPSession();
    await cdp.send('Performance.enable');
    const worker = await attachWorkerProfiler(
      cdp,
      (target) => target.type === 'worker' && target.title === 'live',
    );
    let workerMsPerSecond = 0;
    let rendersAtStart = 0;
    let replayAtStart: ReplayReading | null = null;
    let mapRenders = 0;
    const profiling = {
      async start() {
        await worker.start();
        await startPageProfiles(browser, page, cdp, options);
      },
      async stop() {
        mapRenders = (await page.evaluate(() => window.__fleetMap?.renderCount() ?? 0)) - rendersAtStart;
        const workerProfile = await worker.stop();
        workerMsPerSecond = workerProfile.busyMsPerSecond;
        if (options.workerProfilePath) {
          await writeFile(options.workerProfilePath, JSON.stringify(workerProfile.profile));
          printSelfTimes(`Worker CPU profile written to ${options.workerProfilePath}`, workerProfile.profile);
        }
        await stopPageProfiles(browser, cdp, options);
      },
    };
    const measured = await measureSeconds(
      browserCdp,
      cdp,
      server,
      countersAtOpen,
      {
        async startMeasuring() {
          rendersAtStart = await page.evaluate(() => window.__fleetMap?.renderCount() ?? 0);
          if (options.replaySpeed !== null) replayAtStart = await readReplay(page);
          await page.evaluate(() => {
            (window as unknown as { __benchProbes: { measuring: boolean } }).__benchProbes.measuring = true;
          });
        },
        framesDrawn: () => page.evaluate(() => window.__fleetLive?.framesReceived() ?? 0),
      },
      profiling,
      options,
    );
    const { framesDrawn } = measured;
    if (replayAtStart !== null) console.log(`  ${replayPace(replayAtStart, await readReplay(page))}`);
    // The samples sent in the last measured second still reach the screen.
    await sleep(2000);
    if (options.screenshotPath) await page.screenshot({ path: options.screenshotPath });
    console.log(
      `  the map drew ${mapRenders} times for ${framesDrawn} frames (${(mapRenders / Math.max(1, framesDrawn)).toFixed(1)} per frame)`,
    );
    const probes = await page.evaluate(
      () =>
        (
          window as unknown as {
            __benchProbes: {
              longTasks: number[];
              listShown: [number, number][];
              mapPositions: [string, number][];
            };
          }
        ).__benchProbes,
    );
    const mapShown = probes.mapPositions
      .map(([position, at]): [number, number] | null => {
        const sentAt = server.sent.get(position);
        return sentAt === undefined ? null : [sentAt, at];
      })
      .filter((shown): shown is [number, number] => shown !== null);
    return {
      ...measured,
      renderer,
      workerMs: workerMsPerSecond,
      longTasks: probes.longTasks,
      // A replay shows past samples: how late they are says nothing of the path.
      shown: options.replaySpeed === null ? [...probes.listShown, ...mapShown] : [],
    };
  } finally {
    await context.close();
  }
}

/** The replayed moment, how far the replay's messages trail it, and the wall time it was read at. */
type ReplayReading = { at: number; behindMs: number; wall: number };

async function readReplay(page: Page): Promise<ReplayReading> {
  const status = await page.evaluate(() => window.__fleetLive?.replayStatus());
  if (status?.phase !== 'ready')
    throw new Error(`the replay is not playing (${status?.phase ?? 'no status'})`);
  return { at: status.at, behindMs: status.behindMs, wall: Date.now() };
}

/** Whether the replay kept its pace over the measured seconds: the moment's progress and the messages' lag. */
function replayPace(start: ReplayReading, end: ReplayReading): string {
  const replayed = (end.at - start.at) / 1000;
  const wall = (end.wall - start.wall) / 1000;
  const behind = (reading: ReplayReading) => `${(reading.behindMs / 1000).toFixed(1)} s`;
  return (
    `the replay moved ${replayed.toFixed(0)} s in ${wall.toFixed(0)} s (${(replayed / wall).toFixed(1)}×); ` +
    `its messages trailed the moment by ${behind(start)} at the start and ${behind(end)} at the end`
  );
}

/** The main thread's CPU profile (`--profile`) and Chromium's trace (`--trace`), when asked for. */
async function startPageProfiles(browser: Browser, page: Page, cdp: CDPSession, options: BenchOptions) {
  if (options.tracePath) {
    await browser.startTracing(page, {
      path: options.tracePath,
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'blink',
        'gpu',
        'viz',
        'cc',
      ],
    });
  }
  if (options.profilePath) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
}

/** Writes the profiles started by startPageProfiles and prints where their time went. */
async function stopPageProfiles(browser: Browser, cdp: CDPSession, options: BenchOptions) {
  if (options.profilePath) {
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    await writeFile(options.profilePath, JSON.stringify(profile));
    printSelfTimes(`CPU profile written to ${options.profilePath}`, profile);
  }
  if (options.tracePath) {
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
      traceEvents: TraceEvent[];
    };
    console.log(`\ntrace written to ${options.tracePath}; main-thread self time (ms per batch):`);
    const seconds = tracedSeconds(trace.traceEvents);
    for (const { name, ms } of mainThreadSelfTimes(trace.traceEvents).slice(0, 25)) {
      console.log(`  ${(ms / seconds).toFixed(2).padStart(8)}  ${name}`);
    }
    const swaps = compositorSwaps(trace.traceEvents);
    console.log(
      `compositor frames (the GPU process's SwapBuffers): ${(swaps.count / seconds).toFixed(2)} per batch, ${(swaps.ms / Math.max(1, swaps.count)).toFixed(1)} ms each`,
    );
  }
}

/** A CPU profile's 30 functions with the most self time, per batch (one batch a second). */
function printSelfTimes(heading: string, profile: CpuProfile) {
  console.log(`\n${heading}; most self time (ms per batch):`);
  const seconds = profiledSeconds(profile);
  for (const { name, ms } of selfTimes(profile).slice(0, 30)) {
    console.log(`  ${(ms / seconds).toFixed(2).padStart(8)}  ${name}`);
  }
}
