// The measured seconds common to both pages: script time each second, process CPU, cable loss and heap.
import type { CDPSession } from 'playwright-core';
import type { Server } from './benchServer.ts';
import type { ServerCounters } from './messages.ts';
import type { BenchOptions } from './options.ts';
import { heapUsed, processCpuSeconds, scriptSeconds } from './pageProbes.ts';

export type PageFigures = {
  scriptMs: number[];
  /** The page's worker's busy time per measured second (one batch a second). */
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

/** Samples ScriptDuration every second over the measured seconds (after the warm-up). */
export async function measureSeconds(
  browserCdp: CDPSession,
  cdp: CDPSession,
  server: Server,
  startMeasuring: () => Promise<void>,
  around: { start(): Promise<void>; stop(): Promise<void> },
  options: BenchOptions,
): Promise<Pick<PageFigures, 'scriptMs' | 'heap' | 'cableLoss' | 'processMs'>> {
  await sleep(options.warmupSeconds * 1000);
  const heapStart = options.soak ? await heapUsed(cdp) : 0;
  await startMeasuring();
  const countersAtStart = server.counters();
  const cpuAtStart = await processCpuSeconds(browserCdp);
  await around.start();
  let previous = await scriptSeconds(cdp);
  const scriptMs: number[] = [];
  const start = Date.now();
  for (let second = 1; second <= options.measuredSeconds; second += 1) {
    await sleep(start + second * 1000 - Date.now());
    const script = await scriptSeconds(cdp);
    scriptMs.push((script - previous) * 1000);
    previous = script;
  }
  await around.stop();
  const countersAtEnd = server.counters();
  const cpuAtEnd = await processCpuSeconds(browserCdp);
  const cpuMsPerSecond = (type: string) =>
    (((cpuAtEnd.get(type) ?? 0) - (cpuAtStart.get(type) ?? 0)) * 1000) / options.measuredSeconds;
  const otherTypes = [...cpuAtEnd.keys()].filter((type) => type !== 'GPU' && type !== 'renderer');
  const heap = options.soak ? { start: heapStart, end: await heapUsed(cdp) } : null;
  return {
    scriptMs,
    heap,
    processMs: {
      gpu: cpuMsPerSecond('GPU'),
      renderer: cpuMsPerSecond('renderer'),
      browser: otherTypes.reduce((sum, type) => sum + cpuMsPerSecond(type), 0),
      server: (countersAtEnd.serverCpuMs - countersAtStart.serverCpuMs) / options.measuredSeconds,
    },
    cableLoss: {
      droppedFrames: countersAtEnd.droppedFrames - countersAtStart.droppedFrames,
      slowConsumerDisconnects:
        countersAtEnd.slowConsumerDisconnects - countersAtStart.slowConsumerDisconnects,
    },
  };
}
