// The floor page's side of a run (floorPage.ts): the same frames, the least work that shows them, on a CPU throttled
// as the dashboard's (`--cpu-slowdown`).
import type { Browser } from 'playwright-core';
import { signInForToken } from '#tests/e2e/simulatorApi';
import type { Server } from './benchServer.ts';
import { floorPageUrl } from './floorPage.ts';
import { measureSeconds, type PageFigures } from './measureSeconds.ts';
import { sleep } from './scriptReadings.ts';
import { STREET_PREFIX, type BenchOptions } from './options.ts';
import { attachWorkerProfiler, type WorkerProfiler } from './workerProfiler.ts';
import { throttleCpu } from './slowMachine.ts';

export async function measureFloor(
  browser: Browser,
  server: Server,
  options: BenchOptions,
): Promise<PageFigures> {
  // The cable's counters before the page opens: a cut during its first load counts against it too.
  const countersAtOpen = server.counters();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await throttleCpu(await context.newCDPSession(page), options.cpuSlowdown);
    const [first] = server.things;
    const url = floorPageUrl(server.url, {
      // A fresh sign-in: the dashboard's own sign-in as the same user replaced the server's earlier token.
      token: await signInForToken(server.url, 'user@demo.test'),
      organizationId: server.organizationId,
      streetPrefix: STREET_PREFIX,
      center: [first?.lng ?? 0, first?.lat ?? 0],
    });
    await page.addInitScript(() => {
      const longTasks: number[] = [];
      (window as unknown as { __floorLongTasks: number[] }).__floorLongTasks = longTasks;
      new PerformanceObserver((list) => {
        const probes = (window as unknown as { __floorProbes?: { measuring: boolean } }).__floorProbes;
        if (!probes?.measuring) return;
        for (const entry of list.getEntries()) longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: false });
    });
    page.on('pageerror', (error) => console.error(`floor page error: ${error.message}`));
    await page.goto(url);
    await page.waitForFunction(() => (window as { __floorProbes?: unknown }).__floorProbes !== undefined);
    const cdp = await context.newCDPSession(page);
    const browserCdp = await browser.newBrowserCDPSession();
    await cdp.send('Performance.enable');
    const worker: WorkerProfiler = await attachWorkerProfiler(
      cdp,
      (target) => target.type === 'worker' && target.url.startsWith('blob:'),
    );
    let workerMsPerSecond = 0;
    const measured = await measureSeconds(
      browserCdp,
      cdp,
      server,
      countersAtOpen,
      {
        async startMeasuring() {
          await page.evaluate(() => {
            (window as unknown as { __floorProbes: { measuring: boolean } }).__floorProbes.measuring = true;
          });
        },
        framesDrawn: () =>
          page.evaluate(
            () => (window as unknown as { __floorProbes: { draws: number } }).__floorProbes.draws,
          ),
      },
      {
        start: () => worker.start(),
        stop: async () => {
          workerMsPerSecond = (await worker.stop()).busyMsPerSecond;
        },
      },
      options,
    );
    // The samples sent in the last measured second still reach the screen.
    await sleep(2000);
    const probes = await page.evaluate(() => ({
      ...(window as unknown as { __floorProbes: { shown: [number, number][] } }).__floorProbes,
      longTasks: (window as unknown as { __floorLongTasks: number[] }).__floorLongTasks,
    }));
    return {
      ...measured,
      workerMs: workerMsPerSecond,
      longTasks: probes.longTasks,
      shown: probes.shown,
    };
  } finally {
    await context.close();
  }
}
