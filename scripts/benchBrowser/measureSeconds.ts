// The measured seconds common to both pages: script time each second, process CPU, cable loss and heap.
import type { CDPSession } from 'playwright-core';
import type { Server } from './benchServer.ts';
import type { ServerCounters } from './messages.ts';
import type { BenchOptions } from './options.ts';
import { heapUsed, processCpuSeconds } from './pageProbes.ts';
import { readScript, sleep } from './scriptReadings.ts';

export type PageFigures = {
  /** Main-thread script per measured second, in ms per real second. */
  scriptMs: number[];
  /** Main-thread script per whole frame drawn in the measured window, in ms (scriptReadings.ts). */
  scriptPerFrameMs: number[];
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
  /**
   * What the cable dropped or cut over the measured seconds (server-wide counts; one page is open at a time), and
   * the most bytes it held unread for the page meanwhile.
   */
  cableLoss: Pick<ServerCounters, 'droppedFrames' | 'slowConsumerDisconnects' | 'historyFrames'> & {
    backlogPeakBytes: number;
    /** Slow-consumer cuts between the page's opening and the measured seconds (its first load, the warm-up). */
    cutsBefore: number;
    /** Histories refused from the page's opening to the end (one that could not catch up is refused). */
    historyRejected: number;
  };
  /**
   * CPU time per measured second of the browser's GPU process (where SwiftShader draws every WebGL frame) and of
   * its renderers (the page's threads, its worker, its compositor), of the browser process and its utility
   * processes (`browser`: the network service reads the websocket there), from the browser's own process counters,
   * and of the simulator's process (on its own core: when it is full, no page's latency means much).
   */
  processMs: { gpu: number; renderer: number; browser: number; server: number };
};

/**
 * Measures the seconds after the warm-up: main-thread script per second and per frame (scriptReadings.ts), process
 * CPU, cable loss, heap. Every rate is taken over the real time between its two readings, not the nominal seconds:
 * on a shared 2-core machine a reading comes late by the time the CDP answer waits, and the nominal seconds would
 * count that wait as more work per second.
 */
export async function measureSeconds(
  browserCdp: CDPSession,
  cdp: CDPSession,
  server: Server,
  countersAtOpen: ServerCounters,
  page: { startMeasuring(): Promise<void>; framesDrawn(): Promise<number> },
  around: { start(): Promise<void>; stop(): Promise<void> },
  options: BenchOptions,
): Promise<
  Pick<
    PageFigures,
    | 'scriptMs'
    | 'scriptPerFrameMs'
    | 'scriptTotalMs'
    | 'heap'
    | 'cableLoss'
    | 'processMs'
    | 'measuredMs'
    | 'framesDrawn'
  >
> {
  await sleep(options.warmupSeconds * 1000);
  const heapStart = options.soak ? await heapUsed(cdp) : 0;
  await page.startMeasuring();
  const countersAtStart = server.counters();
  server.takePeakCableBufferedBytes();
  const cpuAtStart = await processCpuSeconds(browserCdp);
  const cpuStartedAt = Date.now();
  await around.start();
  // Frames are counted over the measured seconds alone (the pages go on drawing while their samples drain).
  const script = await readScript(cdp, () => page.framesDrawn(), options.measuredSeconds);
  const cableBacklogPeakBytes = server.takePeakCableBufferedBytes();
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
    scriptMs: script.perSecond,
    scriptPerFrameMs: script.perFrame,
    scriptTotalMs: script.totalMs,
    framesDrawn: script.framesDrawn,
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
      backlogPeakBytes: cableBacklogPeakBytes,
      historyFrames: countersAtEnd.historyFrames - countersAtStart.historyFrames,
      historyRejected: countersAtEnd.historyRejected - countersAtOpen.historyRejected,
      cutsBefore: countersAtStart.slowConsumerDisconnects - countersAtOpen.slowConsumerDisconnects,
      droppedFrames: countersAtEnd.droppedFrames - countersAtStart.droppedFrames,
      slowConsumerDisconnects:
        countersAtEnd.slowConsumerDisconnects - countersAtStart.slowConsumerDisconnects,
    },
  };
}
