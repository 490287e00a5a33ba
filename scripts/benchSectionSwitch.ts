// Section-switch benchmark (DESIGN.md §7, issue 25 item 5): how long after a click on another live section's nav
// link the asset markers are on that section's map again — from the click until the map shown in the new section's
// place has drawn a frame with asset markers inside its canvas — with the organization's
// assets reporting once a second (as the browser benchmark's feed does; `--still` for none). The built dashboard in
// headless Chromium against the browser benchmark's server process (scripts/benchBrowser/serverProcess.ts), pinned to
// its own core when taskset works. Each round visits Incidents/Events, Areas, Closures, Zones and Live; the first
// round (each section's chunk loads then) is reported apart from the rest. Budget: under 500 ms at 2,000 assets.
//
//   npm run bench:sections -- [--assets 2000] [--rounds 10] [--still] [--client-from /path/to/checkout]
//
// `--client-from` builds the dashboard of another checkout (its vite.config.ts and client/) against this
// checkout's simulator, to compare before and after.

import { openLiveScreen } from './benchBrowser/openLiveScreen.ts';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '#tests/helpers/chromium';
import type { BenchServerCommand, BenchServerMessage } from './benchBrowser/messages.ts';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_MS = 500;
/** Share of the seeded world the demo user's coordination center sees (as in the browser benchmark). */
const VISIBLE_SHARE = 0.707;
const SECTIONS: readonly { link: RegExp; path: string }[] = [
  { link: /^(Events|Incidents)$/, path: '/dashboard/events' },
  { link: /^Areas$/, path: '/dashboard/areas' },
  { link: /^Closures$/, path: '/dashboard/closures' },
  { link: /^Zones$/, path: '/dashboard/zones' },
  { link: /^Live$/, path: '/dashboard/things' },
];

const { values } = parseArgs({
  options: {
    assets: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '10' },
    still: { type: 'boolean', default: false },
    'client-from': { type: 'string' },
  },
});
const assets = Number(values.assets);
const rounds = Number(values.rounds);
const tasksetWorks = spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0;

async function buildClient(outDir: string): Promise<void> {
  // React's production build, as a dispatcher's browser runs it.
  process.env.NODE_ENV = 'production';
  const root = resolve(values['client-from'] ?? repositoryRoot);
  const { build } = await import('vite');
  await build({
    configFile: join(root, 'vite.config.ts'),
    root: join(root, 'client'),
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

async function startServer(thingCount: number, clientDir: string) {
  const args = [
    '--import',
    'tsx',
    join(repositoryRoot, 'scripts/benchBrowser/serverProcess.ts'),
    '--things',
    String(thingCount),
    '--client',
    clientDir,
  ];
  const options = { cwd: repositoryRoot, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] as const };
  const child: ChildProcess = tasksetWorks
    ? spawn('taskset', ['-c', '0', process.execPath, ...args], { ...options, stdio: [...options.stdio] })
    : spawn(process.execPath, args, { ...options, stdio: [...options.stdio] });
  const ready = await new Promise<Extract<BenchServerMessage, { type: 'ready' }>>((done, fail) => {
    child.once('exit', (code) => fail(new Error(`the bench server exited (${String(code)})`)));
    child.on('message', (message: BenchServerMessage) => {
      if (message.type === 'ready') done(message);
    });
  });
  const command = (message: BenchServerCommand) => child.send(message);
  return {
    ...ready,
    drive: () => command({ type: 'drive', slices: 10 }),
    stop: () =>
      new Promise<void>((done) => {
        child.removeAllListeners('exit');
        child.once('exit', () => done());
        command({ type: 'stop' });
      }),
  };
}

/**
 * Clicks the section's nav link in the page and answers the milliseconds until the map in the new section's
 * place has drawn asset markers: a map slot other than the one before the click, holding the map, which has drawn
 * a frame since with at least one marker inside its canvas. Timed in the page, frame by frame.
 */
type SwitchTimes = { shownMs: number; markersMs: number };

async function switchTo(page: Page, section: { link: RegExp; path: string }): Promise<SwitchTimes> {
  const link = page.getByRole('navigation').getByRole('link', { name: section.link }).first();
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`no nav link for ${String(section.link)}`);
  return page.evaluate(
    ([target, path]) =>
      new Promise<SwitchTimes>((done) => {
        const anchor = document.querySelector<HTMLAnchorElement>(`nav a[href="${target}"]`);
        if (!anchor) throw new Error(`no link to ${target}`);
        const slotBefore = document.querySelector('[data-testid="map-slot"]');
        const mapBefore = document.querySelector('[data-testid="live-map"]');
        const start = performance.now();
        let shownMs = Number.NaN;
        anchor.click();
        let rendersWhenShown = Number.NaN;
        const check = () => {
          const slot = document.querySelector('[data-testid="map-slot"]');
          const map = document.querySelector('[data-testid="live-map"]');
          // A checkout without map slots builds a new map per section: the new one is what counts there.
          const moved = slot ? slot !== slotBefore && slot.contains(map) : map !== mapBefore;
          const hook = window.__fleetMap;
          const shown = window.location.pathname === path && map !== null && moved && hook !== undefined;
          if (shown && Number.isNaN(shownMs)) {
            shownMs = performance.now() - start;
            rendersWhenShown = hook.renderCount();
          }
          // A frame drawn in the new section's place, holding asset markers inside the canvas. (Not "drawn since
          // the last change": with every asset reporting each second the next change is never far.)
          if (shown && hook.renderCount() > rendersWhenShown && hook.markersOnScreen().length > 0) {
            done({ shownMs, markersMs: performance.now() - start });
            return;
          }
          requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    [href, section.path] as const,
  );
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

function describe(label: string, samples: readonly number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const format = (ms: number) => `${ms.toFixed(0)} ms`;
  console.log(
    `${label.padEnd(28)} n=${String(sorted.length).padStart(3)}  median ${format(percentile(sorted, 0.5)).padStart(8)}` +
      `  p95 ${format(percentile(sorted, 0.95)).padStart(8)}  max ${format(sorted.at(-1) ?? Number.NaN).padStart(8)}`,
  );
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'fleet-bench-sections-'));
  const clientDir = join(workDir, 'client');
  console.log(
    `building the client (production)${values['client-from'] ? ` of ${values['client-from']}` : ''}…`,
  );
  await buildClient(clientDir);
  console.log(`seeding a world for ${assets} assets…`);
  const server = await startServer(Math.ceil(assets / VISIBLE_SHARE), clientDir);
  if (tasksetWorks) spawnSync('taskset', ['-a', '-cp', '1', String(process.pid)], { stdio: 'ignore' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // The browser composites on its (software) GPU, as a dispatcher's does (see the browser benchmark).
    args: CHROMIUM_ARGS.filter((arg) => arg !== '--disable-gpu'),
  });
  try {
    if (!values.still) server.drive();
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // tsx wraps named functions in a `__name` helper the page lacks; give it a no-op one.
    await page.addInitScript({ content: 'window.__name = (target) => target;' });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await openLiveScreen(page, server.url, server.things.length);
    await page.waitForFunction(() => (window.__fleetMap?.markersOnScreen().length ?? 0) > 0, undefined, {
      timeout: 120_000,
    });
    console.log(
      `${server.things.length} positioned assets${values.still ? '' : ' reporting at 1 Hz'}; ${rounds} rounds of ${SECTIONS.length} switches${tasksetWorks ? ' (server on core 0, browser on core 1)' : ''}…`,
    );

    const first: number[] = [];
    const warm: number[] = [];
    const warmShown: number[] = [];
    const bySection = new Map<string, number[]>();
    for (let round = 0; round < rounds; round += 1) {
      for (const section of SECTIONS) {
        const { shownMs, markersMs } = await switchTo(page, section);
        (round === 0 ? first : warm).push(markersMs);
        if (round > 0) warmShown.push(shownMs);
        if (round > 0) bySection.set(section.path, [...(bySection.get(section.path) ?? []), markersMs]);
      }
    }
    console.log('\nsection switch → asset markers drawn');
    describe('first visit (chunk loads)', first);
    describe('later visits', warm);
    describe('  (section shown, map placed)', warmShown);
    for (const [path, samples] of bySection) describe(`  to ${path.replace('/dashboard/', '')}`, samples);
    const p95 = percentile(
      [...warm].sort((a, b) => a - b),
      0.95,
    );
    console.log(
      `\n${server.things.length} assets: ${p95 < BUDGET_MS ? 'within budget' : 'OVER BUDGET'} (p95 of later visits, budget ${BUDGET_MS} ms)`,
    );
  } finally {
    await browser.close();
    await server.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
