// The measured seconds common to both pages: script time each second, process CPU, cable loss and heap.
import type { CDPSession } from 'playwright-core';
import type { Server } from './benchServer.ts';
import type { ServerCounters } from './messages.ts';
import type { BenchOptions } from './options.ts';
import { heapUsed, processCpuSeconds, scriptSeconds } from './pageProbes.ts';

export type PageFigures = {
  /** Main-thread script per measured second, in ms per real second. */
  scriptMs: number[];
  /** Main-thread script over the whole measured window, in ms. */
  scriptTotalMs: number;
  /** The real length of the measured window (its nominal seconds plus the readings' delays). */
  measuredMs: number;
  /** The page's worker's busy time per second of its profile (one batch a second). */
  workerMs: number;
  longTasks: number[];
  framesDrawn: number;
  /** [sent at, shown at] of each sample the page showed. */
  shown: [number, number][];
  heap: { start: number; end: number } | null;
  /** What the cable dropped or cut over the measured seconds (server-wide counts; one page is open at a time). */
  cableLoss: Pick<ServerCounters, 'droppedFrames' | 'slowConsumerDisconnects'>;
  /**
   * CPU time per measured second of the browser's GPU process (where SwiftShader draws every WebGL frame) and of
   * its renderers (the page's threads, its worker, its compositor), of the browser process and its utility
   * processes (`browser`: the network service reads the websocket there), from the browser's own process counters,
   * and of the simulator's process (on its own core: when it is full, no page's latency means much).
   */
  processMs: { gpu: number; renderer: number; browser: number; server: number };
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Samples ScriptDuration every second over the measured seconds (after the warm-up). Every rate is taken over the
 * real time between its two readings, not the nominal second: on a shared 2-core machine a reading comes late by
 * the time the CDP answer waits, and the nominal second would count that wait as more work per second.
 */
export async function measureSeconds(
  browserCdp: CDPSession,
  cdp: CDPSession,
  server: Server,
  page: { startMeasuring(): Promise<void>; framesDrawn(): Promise<number> },
  around: { start(): Promise<void>; stop(): Promise<void> },
  options: BenchOptions,
): Promise<
  Pick<
    PageFigures,
    'scriptMs' | 'scriptTotalMs' | 'heap' | 'cableLoss' | 'processMs' | 'measuredMs' | 'framesDrawn'
  >
> {
  await sleep(options.warmupSeconds * 1000);
  const heapStart = options.soak ? await heapUsed(cdp) : 0;
  await page.startMeasuring();
  const framesAtStart = await page.framesDrawn();
  const countersAtStart = server.counters();
  const cpuAtStart = await processCpuSeconds(browserCdp);
  const cpuStartedAt = Date.now();
  await around.start();
  const scriptAtStart = await scriptSeconds(cdp);
  let previous = scriptAtStart;
  let previousAt = Date.now();
  const scriptMs: number[] = [];
  const start = previousAt;
  for (let second = 1; second <= options.measuredSeconds; second += 1) {
    await sleep(start + second * 1000 - Date.now());
    const script = await scriptSeconds(cdp);
    const at = Date.now();
    scriptMs.push(((script - previous) * 1000 * 1000) / Math.max(1, at - previousAt));
    previous = script;
    previousAt = at;
  }
  // Frames are counted over the measured seconds alone (the pages go on drawing while their samples drain).
  const framesDrawn = (await page.framesDrawn()) - framesAtStart;
  await around.stop();
  const countersAtEnd = server.counters();
  const cpuAtEnd = await processCpuSeconds(browserCdp);
  const measuredMs = Date.now() - cpuStartedAt;
  const cpuMsPerSecond = (type: string) =>
    (((cpuAtEnd.get(type) ?? 0) - (cpuAtStart.get(type) ?? 0)) * 1000 * 1000) / measuredMs;
  const otherTypes = [...cpuAtEnd.keys()].filter((type) => type !== 'GPU' && type !== 'renderer');
  const heap = options.soak ? { start: heapStart, end: await heapUsed(cdp) } : null;
  const serverElapsedMs = countersAtEnd.readAt - countersAtStart.readAt;
  return {
    scriptMs,
    scriptTotalMs: (previous - scriptAtStart) * 1000,
    framesDrawn,
    heap,
    measuredMs,
    processMs: {
      gpu: cpuMsPerSecond('GPU'),
      renderer: cpuMsPerSecond('renderer'),
      browser: otherTypes.reduce((sum, type) => sum + cpuMsPerSecond(type), 0),
      server:
        serverElapsedMs > 0
          ? ((countersAtEnd.serverCpuMs - countersAtStart.serverCpuMs) * 1000) / serverElapsedMs
          : NaN,
    },
    cableLoss: {
      droppedFrames: countersAtEnd.droppedFrames - countersAtStart.droppedFrames,
      slowConsumerDisconnects:
        countersAtEnd.slowConsumerDisconnects - countersAtStart.slowConsumerDisconnects,
    },
  };
}
