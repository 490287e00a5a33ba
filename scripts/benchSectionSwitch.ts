// Section-switch benchmark (DESIGN.md §7, issue 25 item 5): how long after a click on another live section's nav
// link the asset markers are on that section's map again — from the click until the map, moved to the new section's
// place, has drawn a frame with asset markers inside its canvas — with the organization's assets reporting once a
// second (as the browser benchmark's feed does; `--still` for none). The built dashboard in headless Chromium against
// the browser benchmark's server process (scripts/benchBrowser/serverProcess.ts), pinned to its own core when taskset
// works. Each round visits Incidents/Events, Areas, Closures, Zones and Live; the first round (each section's chunk
// loads then) is reported apart from the rest. Budget: under 500 ms at 2,000 assets. Usage:
//   npm run bench:sections -- [--assets 2000] [--rounds 10] [--still] [--client-from /path/to/checkout]
//                             [--profile switches.cpuprofile] [--phases]
//
// `--client-from` builds the dashboard of another checkout (its vite.config.ts and client/) against this
// checkout's simulator, to compare before and after. `--profile` builds the dashboard unminified, records the
// page's CPU profile over the later rounds and prints where the time went; `--phases` prints, per switch, the
// frames between the click and the markers and the long tasks among them.

import { openLiveScreen } from './benchBrowser/openLiveScreen.ts';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '#tests/helpers/chromium';
import { startBuiltDashboard, tasksetWorks } from './benchBrowser/builtDashboard.ts';
import { processCpuSeconds } from './benchBrowser/pageProbes.ts';
import { selfTimes, type CpuProfile } from './benchBrowser/profileSummaries.ts';

const BUDGET_MS = 500;
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
    profile: { type: 'string' },
    phases: { type: 'boolean', default: false },
  },
});
const assets = Number(values.assets);
const rounds = Number(values.rounds);
/**
 * Clicks the section's nav link in the page and answers the milliseconds until the map in the new section's
 * place has drawn asset markers: a map slot other than the one before the click, holding the map, which has drawn
 * a frame since it moved there with at least one marker inside its canvas. Timed in the page, frame by frame.
 */
type SwitchTimes = {
  shownMs: number;
  markersMs: number;
  /** Each animation frame the wait saw: when (ms after the click) and how many map renders had happened. */
  frames: { at: number; renders: number }[];
  /** Long tasks (over 50 ms) between the click and the markers: start (ms after the click) and duration. */
  longTasks: { at: number; ms: number }[];
};

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
        const frames: { at: number; renders: number }[] = [];
        const longTasks: { at: number; ms: number }[] = [];
        const start = performance.now();
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            if (entry.startTime + entry.duration >= start) {
              longTasks.push({ at: entry.startTime - start, ms: entry.duration });
            }
          }
        });
        observer.observe({ type: 'longtask' });
        const inNewPlace = () => {
          const slot = document.querySelector('[data-testid="map-slot"]');
          const map = document.querySelector('[data-testid="live-map"]');
          // A checkout without map slots builds a new map per section: the new one is what counts there.
          const moved = slot ? slot !== slotBefore && slot.contains(map) : map !== mapBefore;
          return window.location.pathname === path && map !== null && moved;
        };
        // The renders before the map reached its new place, read as the page changes (a mutation is reported
        // before the next frame): a frame drawn in the same animation frame as the first check still counts.
        let rendersBeforeMove = Number.NaN;
        const moves = new MutationObserver(() => {
          if (!inNewPlace()) return;
          rendersBeforeMove = window.__fleetMap?.renderCount() ?? 0;
          moves.disconnect();
        });
        moves.observe(document.body, { subtree: true, childList: true });
        let shownMs = Number.NaN;
        anchor.click();
        let rendersWhenShown = Number.NaN;
        const check = () => {
          const hook = window.__fleetMap;
          frames.push({ at: performance.now() - start, renders: hook?.renderCount() ?? 0 });
          const shown = inNewPlace() && hook !== undefined;
          if (shown && Number.isNaN(shownMs)) {
            shownMs = performance.now() - start;
            rendersWhenShown = Number.isNaN(rendersBeforeMove) ? hook.renderCount() : rendersBeforeMove;
            moves.disconnect();
          }
          // A frame drawn since the map reached the new section's place, holding asset markers inside the canvas.
          // (Not "drawn since the last change": with every asset reporting each second the next change is never far.)
          if (shown && hook.renderCount() > rendersWhenShown && hook.markersOnScreen().length > 0) {
            const markersMs = performance.now() - start;
            // Long tasks are reported after they end: let the last one arrive.
            setTimeout(() => {
              observer.disconnect();
              done({ shownMs, markersMs, frames, longTasks });
            }, 0);
            return;
          }
          if (performance.now() - start > 30_000) {
            observer.disconnect();
            throw new Error(
              `no markers drawn 30 s after the click: shown ${String(shown)}, renders ${String(hook?.renderCount())} (${String(rendersWhenShown)} before the move), markers on screen ${String(hook?.markersOnScreen().length)}, drawn since change ${String(hook?.drawnSinceChange())}`,
            );
          }
          requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    [href, section.path] as const,
  );
}

/** One line per switch: the frames seen (ms after the click, renders so far) and the long tasks among them. */
function describePhases(path: string, times: SwitchTimes): void {
  const frames = times.frames.map((frame) => `${frame.at.toFixed(0)}(${String(frame.renders)})`).join(' ');
  const tasks = times.longTasks.map((task) => `${task.at.toFixed(0)}+${task.ms.toFixed(0)}`).join(' ');
  console.log(
    `  ${path.replace('/dashboard/', '').padEnd(9)} shown ${times.shownMs.toFixed(0).padStart(5)}  markers ${times.markersMs.toFixed(0).padStart(5)}  frames ${frames}  long tasks ${tasks || '—'}`,
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
  const server = await startBuiltDashboard({
    assets,
    clientFrom: values['client-from'],
    unminified: values.profile !== undefined,
  });
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
    const cdp = values.profile ? await page.context().newCDPSession(page) : null;
    const browserCdp = await browser.newBrowserCDPSession();
    let cpuBefore = new Map<string, number>();
    for (let round = 0; round < rounds; round += 1) {
      if (round === 1) cpuBefore = await processCpuSeconds(browserCdp);
      if (round === 1 && cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      for (const section of SECTIONS) {
        const times = await switchTo(page, section);
        const { shownMs, markersMs } = times;
        if (values.phases) describePhases(section.path, times);
        (round === 0 ? first : warm).push(markersMs);
        if (round > 0) warmShown.push(shownMs);
        if (round > 0) bySection.set(section.path, [...(bySection.get(section.path) ?? []), markersMs]);
      }
    }
    // CPU time, unlike the times above, hardly grows when other work shares the machine.
    const cpuAfter = await processCpuSeconds(browserCdp);
    const cpuPerSwitch = (type: string) =>
      (((cpuAfter.get(type) ?? 0) - (cpuBefore.get(type) ?? 0)) * 1000) / Math.max(1, warm.length);
    if (cdp && values.profile) {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
      await writeFile(values.profile, JSON.stringify(profile));
      console.log(`\nCPU profile of the later rounds written to ${values.profile}; most self time (ms):`);
      for (const { name, ms } of selfTimes(profile).slice(0, 40))
        console.log(`  ${ms.toFixed(0).padStart(6)}  ${name}`);
    }
    console.log('\nsection switch → asset markers drawn');
    describe('first visit (chunk loads)', first);
    describe('later visits', warm);
    describe('  (section shown, map placed)', warmShown);
    for (const [path, samples] of bySection) describe(`  to ${path.replace('/dashboard/', '')}`, samples);
    console.log(
      `browser CPU per later switch (with the feed's own work meanwhile): renderer ${cpuPerSwitch('renderer').toFixed(0)} ms, GPU process ${cpuPerSwitch('GPU').toFixed(0)} ms`,
    );
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
  }
}

await main();
