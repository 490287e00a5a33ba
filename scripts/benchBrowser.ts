// Browser benchmark (DESIGN.md §7): the built dashboard in headless Chromium against an in-process simulator whose
// viewed organization holds about 10,000 assets, every one of them reporting a position once a second through the
// device-ingestion path (REST → SQLite → cable → the domain pipeline's 1 s batch → list and map).
//
//   npm run bench:browser -- [--things 14150] [--warmup 10] [--seconds 30] [--profile out.cpuprofile]
//
// `--things` seeds the world; the demo users' coordination center sees about 0.707 of it (its own, managed and a
// quarter of the accessed fleet), so the default puts about 10,000 assets on the screen. It prints, for the measured
// seconds: main-thread script time per batch (Chromium's ScriptDuration, sampled every second), long tasks
// (PerformanceObserver 'longtask'), and message-to-screen latency (the sample's time, carried in its street name,
// against the animation frame in which a list row shows it; and the selected marker's position in the map source).
// Budget: script under 50 ms per batch, no long task over 100 ms, message-to-screen p99 under 1.5 s.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type CDPSession } from 'playwright-core';
import { buildApp } from '#sim/app';
import { DEMO_PASSWORD, listThings, ownOrganizationId, signInForToken } from '#tests/e2e/simulatorApi';
import type { ListedThing } from '#tests/e2e/simulatorApi';
import { CHROMIUM_ARGS } from '#tests/helpers/chromium';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const BUDGET = { scriptMsPerBatch: 50, longTaskMs: 100, latencyP99Ms: 1500 };
const STREET_PREFIX = 'Bench St t=';

const { values } = parseArgs({
  options: {
    things: { type: 'string', default: '14150' },
    warmup: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '30' },
    // Writes a Chrome DevTools CPU profile of the page's main thread over the measured seconds, and prints the
    // functions with the most self time.
    profile: { type: 'string' },
    // Writes a Chromium trace of the measured seconds and prints where the page's main thread spent them.
    trace: { type: 'string' },
    // Saves a picture of the page at the end of the measured seconds (to see that the map still draws its markers).
    screenshot: { type: 'string' },
  },
});
const thingCount = Number(values.things);
const warmupSeconds = Number(values.warmup);
const measuredSeconds = Number(values.seconds);
const profilePath = values.profile;
const tracePath = values.trace;

async function buildClient(outDir: string): Promise<void> {
  // React's production build: a NODE_ENV left at "development" or "test" would measure React's checks instead.
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  await build({
    configFile: join(repositoryRoot, 'vite.config.ts'),
    root: join(repositoryRoot, 'client'),
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

/** Installed before the page's own scripts: long tasks and the moments the screen shows each sample. */
function installProbes(streetPrefix: string): void {
  type Probes = {
    longTasks: number[];
    listLatencies: number[];
    mapPositions: [string, number][];
    measuring: boolean;
  };
  const probes: Probes = { longTasks: [], listLatencies: [], mapPositions: [], measuring: false };
  (window as unknown as { __benchProbes: Probes }).__benchProbes = probes;
  new PerformanceObserver((list) => {
    if (!probes.measuring) return;
    for (const entry of list.getEntries()) probes.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: false });

  const seen = new Set<string>();
  let frameRequested = false;
  const readScreen = () => {
    frameRequested = false;
    const now = Date.now();
    for (const street of document.querySelectorAll('.thing-row__street')) {
      const text = street.textContent ?? '';
      if (!text.startsWith(streetPrefix)) continue;
      const id = street.closest('[data-thing-id]')?.getAttribute('data-thing-id') ?? '';
      const key = `${id}:${text}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (probes.measuring) probes.listLatencies.push(now - Number(text.slice(streetPrefix.length)));
    }
    const position = document
      .querySelector('[data-testid="live-map"]')
      ?.getAttribute('data-selected-position');
    const last = probes.mapPositions.at(-1);
    if (position && probes.measuring && last?.[0] !== position) probes.mapPositions.push([position, now]);
  };
  new MutationObserver(() => {
    if (frameRequested) return;
    frameRequested = true;
    requestAnimationFrame(readScreen);
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

type Sample = Record<string, unknown>;

/** One second of telemetry: every asset a few metres further round its own small circle, stamped with `now`. */
function samplesAt(things: readonly ListedThing[], tick: number, now: number): Sample[] {
  const time = new Date(now).toISOString();
  return things.map((thing, index) => {
    const angle = (tick + index) / 10;
    return {
      device_id: thing.system_identifier,
      device_type: thing.device_type,
      kind: 'point',
      time,
      lat: Number((thing.lat + 0.0005 * Math.sin(angle)).toFixed(6)),
      lng: Number((thing.lng + 0.0005 * Math.cos(angle)).toFixed(6)),
      speed: 10,
      course: 90,
      accuracy: 4,
      enroute: true,
      street: `${STREET_PREFIX}${now}`,
    };
  });
}

async function sendSamples(baseUrl: string, token: string, samples: Sample[]): Promise<void> {
  const response = await fetch(`${baseUrl}/api/sim/telemetry`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ samples }),
  });
  if (!response.ok) throw new Error(`telemetry: HTTP ${response.status} ${await response.text()}`);
}

async function scriptSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  return metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? 0;
}

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** Self time per function (name, file and line), most first. */
function selfTimes(profile: CpuProfile): { name: string; ms: number }[] {
  const nameOf = new Map<number, string>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const file = url.slice(url.lastIndexOf('/') + 1);
    nameOf.set(node.id, `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`);
  }
  const totals = new Map<string, number>();
  profile.samples.forEach((nodeId, index) => {
    const name = nameOf.get(nodeId) ?? '?';
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...totals].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
}

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: unknown;
};

/** Self time per trace event name on the renderer main thread (the thread running the page's scripts). */
function mainThreadSelfTimes(events: readonly TraceEvent[]): { name: string; ms: number }[] {
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name')
      .filter((event) => (event.args as { name?: string } | undefined)?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const complete = events
    .filter(
      (event) => event.ph === 'X' && event.dur !== undefined && mainThreads.has(`${event.pid}:${event.tid}`),
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const totals = new Map<string, number>();
  const stack: { name: string; end: number }[] = [];
  const charge = (name: string, micros: number) => totals.set(name, (totals.get(name) ?? 0) + micros / 1000);
  for (const event of complete) {
    const duration = event.dur ?? 0;
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= event.ts) stack.pop();
    const parent = stack.at(-1);
    // The parent's self time is its duration minus its children's.
    if (parent) charge(parent.name, -duration);
    charge(event.name, duration);
    stack.push({ name: event.name, end: event.ts + duration });
  }
  return [...totals].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function main(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'fleet-bench-browser-'));
  const clientDir = join(workDir, 'client');
  console.log('building the client (production)…');
  await buildClient(clientDir);
  console.log(`seeding ${thingCount} assets…`);
  // buildApp rather than startSimulator: only buildApp takes the world's size.
  const app = await buildApp({
    databasePath: join(workDir, 'simulator.sqlite'),
    fresh: true,
    replay: false,
    clientDir,
    thingCount,
    logger: false,
  });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const userToken = await signInForToken(baseUrl, 'user@demo.test');
    const things = (await listThings(baseUrl, userToken, await ownOrganizationId(baseUrl, userToken))).filter(
      (thing) => thing.lat !== null && thing.lng !== null,
    );
    const staffToken = await signInForToken(baseUrl, 'staff@demo.test');
    const [selected] = things;
    if (!selected) throw new Error('no assets');
    console.log(`the dashboard's organization holds ${things.length} positioned assets`);

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // tsx keeps function names by wrapping them in a `__name` helper that the page lacks; give it a no-op one.
    await page.addInitScript({ content: 'window.__name = (target) => target;' });
    await page.addInitScript(installProbes, STREET_PREFIX);
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') console.error(`page console: ${message.text()}`);
    });
    await page.goto(`${baseUrl}/dashboard/things/${selected.id}`);
    await page.waitForURL('**/welcome/signin');
    await page.getByLabel('Email').fill('user@demo.test');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const support = page.getByTestId('support-dialog');
    await support.getByRole('button', { name: 'Close' }).click();
    await page
      .getByTestId('asset-count')
      .filter({ hasText: `/ ${things.length}` })
      .waitFor({ timeout: 120_000 });
    await page.waitForFunction(
      (id) => document.querySelector('[data-testid="live-map"]')?.getAttribute('data-selected-id') === id,
      selected.id,
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');

    console.log(`moving every asset at 1 Hz: ${warmupSeconds} s warm-up, ${measuredSeconds} s measured…`);
    const selectedSent = new Map<string, number>();
    const scriptPerSecond: number[] = [];
    const ingestMs: number[] = [];
    const start = Date.now();
    let previousScript = 0;
    for (let tick = 0; tick < warmupSeconds + measuredSeconds; tick += 1) {
      const measuring = tick >= warmupSeconds;
      if (tick === warmupSeconds) {
        await page.evaluate(() => {
          (window as unknown as { __benchProbes: { measuring: boolean } }).__benchProbes.measuring = true;
        });
        previousScript = await scriptSeconds(cdp);
        if (tracePath) {
          await browser.startTracing(page, {
            path: tracePath,
            categories: [
              'devtools.timeline',
              'disabled-by-default-devtools.timeline',
              'v8.execute',
              'blink',
              'gpu',
            ],
          });
        }
        if (profilePath) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
      }
      const now = Date.now();
      const samples = samplesAt(things, tick, now);
      const first = samples[0];
      if (measuring && first) selectedSent.set(`${String(first.lat)},${String(first.lng)}`, now);
      await sendSamples(baseUrl, staffToken, samples);
      if (measuring) ingestMs.push(Date.now() - now);
      await sleep(start + (tick + 1) * 1000 - Date.now());
      if (measuring) {
        const script = await scriptSeconds(cdp);
        scriptPerSecond.push((script - previousScript) * 1000);
        previousScript = script;
      }
    }
    if (profilePath) {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
      await writeFile(profilePath, JSON.stringify(profile));
      console.log(
        `\nCPU profile of the measured seconds written to ${profilePath}; most self time (ms per batch):`,
      );
      for (const { name, ms } of selfTimes(profile).slice(0, 30)) {
        console.log(`  ${(ms / measuredSeconds).toFixed(2).padStart(8)}  ${name}`);
      }
    }
    if (tracePath) {
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
        traceEvents: TraceEvent[];
      };
      console.log(
        `\ntrace of the measured seconds written to ${tracePath}; main-thread self time (ms per batch):`,
      );
      for (const { name, ms } of mainThreadSelfTimes(trace.traceEvents).slice(0, 25)) {
        console.log(`  ${(ms / measuredSeconds).toFixed(2).padStart(8)}  ${name}`);
      }
    }
    await sleep(2000);
    if (values.screenshot) await page.screenshot({ path: values.screenshot });

    const probes = await page.evaluate(
      () =>
        (
          window as unknown as {
            __benchProbes: { longTasks: number[]; listLatencies: number[]; mapPositions: [string, number][] };
          }
        ).__benchProbes,
    );
    const mapLatencies = probes.mapPositions
      .map(([position, at]) => {
        const sent = selectedSent.get(position);
        return sent === undefined ? null : at - sent;
      })
      .filter((latency): latency is number => latency !== null);
    const latencies = [...probes.listLatencies, ...mapLatencies].sort((a, b) => a - b);
    const script = [...scriptPerSecond].sort((a, b) => a - b);
    const longTasks = [...probes.longTasks].sort((a, b) => a - b);
    const ingest = [...ingestMs].sort((a, b) => a - b);

    const round = (value: number) => Math.round(value * 10) / 10;
    const worstLongTask = longTasks.at(-1) ?? 0;
    const latencyP99 = percentile(latencies, 0.99);
    console.log('');
    console.log(`assets on screen                  ${things.length}, each moving once a second`);
    console.log(`batches measured                  ${script.length}`);
    console.log(
      `main-thread script per batch (ms)  median ${round(percentile(script, 0.5))}, p90 ${round(percentile(script, 0.9))}, max ${round(script.at(-1) ?? NaN)}   budget < ${BUDGET.scriptMsPerBatch}`,
    );
    console.log(
      `long tasks                        ${longTasks.length} (over 100 ms: ${longTasks.filter((duration) => duration > BUDGET.longTaskMs).length}), longest ${round(worstLongTask)} ms   budget none > ${BUDGET.longTaskMs}`,
    );
    console.log(
      `message-to-screen (ms)            p50 ${percentile(latencies, 0.5)}, p90 ${percentile(latencies, 0.9)}, p99 ${latencyP99}, max ${latencies.at(-1)} over ${latencies.length} samples (list ${probes.listLatencies.length}, map ${mapLatencies.length})   budget p99 < ${BUDGET.latencyP99Ms}`,
    );
    console.log(
      `ingestion of one second (ms)      median ${percentile(ingest, 0.5)}, max ${ingest.at(-1)} (10k samples → SQLite → cable, same cores)`,
    );
    const withinBudget =
      (script.at(-1) ?? Infinity) < BUDGET.scriptMsPerBatch &&
      worstLongTask <= BUDGET.longTaskMs &&
      latencyP99 < BUDGET.latencyP99Ms;
    console.log(withinBudget ? 'within budget' : 'OVER BUDGET');
    await context.close();
  } finally {
    await browser.close();
    await app.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
