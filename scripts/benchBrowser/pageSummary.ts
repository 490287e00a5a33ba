// One page's figures of one size reduced to what the report and the budget read: percentiles, per-frame script,
// latencies from the device and from the cable message.
import { percentile } from '../percentile.ts';
import type { PageFigures } from './measureSeconds.ts';

/** One size of a run: both pages' figures and the server's ingestion time per request. */
export type Row = {
  size: number;
  assets: number;
  dashboard: PageFigures;
  floor: PageFigures | null;
  ingestMs: ReadonlyMap<number, number>;
  /** The machine's one-minute load average when the size started (the machine is shared). */
  loadAverage: number;
  /** The speed the dashboard replayed the recent past at (`--replay`), or null when it showed the fleet live. */
  replaySpeed: number | null;
  /** The machine's bare floor measured before the size (slowMachine.ts), and the page's CPU throttling rate. */
  bareFloor: number;
  cpuSlowdown: number;
  /** The dashboard's WebGL renderer string. */
  renderer: string;
};

/** The floor a slowed page sees: the machine's divided by the throttling. */
export function effectiveFloor(row: Pick<Row, 'bareFloor' | 'cpuSlowdown'>): number {
  return row.bareFloor / row.cpuSlowdown;
}

const byNumber = (a: number, b: number) => a - b;

/**
 * Device-to-screen counts from the moment the feed sent the sample; message-to-screen from the moment the cable
 * message left the server (the sample's send time plus the server's ingestion of that second), which is where the
 * page's own work begins.
 */
export function summarizePage(figures: PageFigures, ingestMs: ReadonlyMap<number, number>) {
  const script = [...figures.scriptMs].sort(byNumber);
  const device = figures.shown.map(([sentAt, shownAt]) => shownAt - sentAt).sort(byNumber);
  const latencies = figures.shown
    .flatMap(([sentAt, shownAt]) => {
      const ingest = ingestMs.get(sentAt);
      return ingest === undefined ? [] : [shownAt - sentAt - ingest];
    })
    .sort(byNumber);
  return {
    scriptMedian: percentile(script, 0.5),
    scriptP90: percentile(script, 0.9),
    scriptPerFrameMedian: percentile([...figures.scriptPerFrameMs].sort(byNumber), 0.5),
    scriptPerFrameMean: figures.scriptTotalMs / Math.max(1, figures.framesDrawn),
    workerMs: figures.workerMs,
    // On a software GPU (SwiftShader) the GPU process rasterizes every WebGL frame; the next frame, and with it any
    // list row and the worker's next picture (acknowledged on the animation frame), waits for it.
    gpuMsPerFrame: (figures.processMs.gpu * figures.measuredMs) / 1000 / Math.max(1, figures.framesDrawn),
    longTasks: figures.longTasks.length,
    longestTask: Math.max(0, ...figures.longTasks),
    frames: figures.framesDrawn,
    measuredSeconds: figures.measuredMs / 1000,
    deviceP50: percentile(device, 0.5),
    deviceP99: percentile(device, 0.99),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    samples: latencies.length,
    cableLoss: figures.cableLoss,
    processMs: figures.processMs,
  };
}

export type PageSummary = ReturnType<typeof summarizePage>;
