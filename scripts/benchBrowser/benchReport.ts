// The figures of a run as a table, each dashboard figure beside the floor's, and the verdict per size.
import type { PageFigures } from './measureSeconds.ts';
import { BUDGET, SLICES_PER_SECOND } from './options.ts';

export type Row = {
  size: number;
  assets: number;
  dashboard: PageFigures;
  floor: PageFigures | null;
  ingestMs: ReadonlyMap<number, number>;
};

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
}

/**
 * Device-to-screen counts from the moment the feed sent the sample; message-to-screen from the moment the cable
 * message left the server (the sample's send time plus the server's ingestion of that second), which is where the
 * dashboard's own work begins.
 */
function summary(figures: PageFigures, ingestMs: ReadonlyMap<number, number>) {
  const script = [...figures.scriptMs].sort((a, b) => a - b);
  const byNumber = (a: number, b: number) => a - b;
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
    // Per second, a frame's work may fall on either side of a sampling boundary (the message and React in one
    // second, the map's render in the next); the script of the whole window over the frames drawn does not split.
    scriptPerFrame: script.reduce((sum, ms) => sum + ms, 0) / Math.max(1, figures.framesDrawn),
    workerMs: figures.workerMs,
    longTasks: figures.longTasks.length,
    longestTask: Math.max(0, ...figures.longTasks),
    frames: figures.framesDrawn,
    deviceP50: percentile(device, 0.5),
    deviceP99: percentile(device, 0.99),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    samples: latencies.length,
    cableLoss: figures.cableLoss,
    processMs: figures.processMs,
  };
}

export function printTable(rows: readonly Row[], burst: boolean): void {
  const round = (value: number) => (Number.isFinite(value) ? String(Math.round(value * 10) / 10) : '-');
  const ratio = (ours: number, floor: number | undefined) =>
    floor === undefined || !Number.isFinite(floor) || floor <= 0 ? '' : ` (${(ours / floor).toFixed(1)}x)`;
  type Stats = ReturnType<typeof summary>;
  type Cell = { stats: Stats; versus: Stats | null; heap: PageFigures['heap'] };
  const columns: [string, number, (cell: Cell) => string][] = [
    [
      'script/batch ms (median, p90)',
      30,
      ({ stats, versus }) =>
        `${round(stats.scriptMedian)}${ratio(stats.scriptMedian, versus?.scriptMedian)}, ${round(stats.scriptP90)}`,
    ],
    ['script ms/frame', 15, ({ stats }) => round(stats.scriptPerFrame)],
    ['worker ms/batch', 15, ({ stats }) => round(stats.workerMs)],
    [
      'CPU ms/s: GPU, renderers, browser, server',
      42,
      ({ stats }) =>
        `${round(stats.processMs.gpu)}, ${round(stats.processMs.renderer)}, ${round(stats.processMs.browser)}, ${round(stats.processMs.server)}`,
    ],
    ['long tasks (longest ms)', 23, ({ stats }) => `${stats.longTasks} (${round(stats.longestTask)})`],
    ['frames', 6, ({ stats }) => String(stats.frames)],
    [
      'msg-to-screen ms (p50, p99)',
      27,
      ({ stats, versus }) => `${round(stats.p50)}, ${round(stats.p99)}${ratio(stats.p99, versus?.p99)}`,
    ],
    [
      'device-to-screen (p50, p99)',
      27,
      ({ stats }) => `${round(stats.deviceP50)}, ${round(stats.deviceP99)}`,
    ],
    [
      'cable loss (frames, cuts)',
      25,
      ({ stats }) => `${stats.cableLoss.droppedFrames}, ${stats.cableLoss.slowConsumerDisconnects}`,
    ],
    [
      'heap MB (start → end)',
      0,
      ({ heap }) => (heap ? `${round(heap.start / 1048576)} → ${round(heap.end / 1048576)}` : ''),
    ],
  ];
  console.log('');
  console.log(
    `${'assets'.padStart(7)}  ${'page'.padEnd(9)}  ${columns.map(([title, width]) => title.padEnd(width)).join('  ')}`,
  );
  for (const row of rows) {
    const ours = summary(row.dashboard, row.ingestMs);
    const floor = row.floor ? summary(row.floor, row.ingestMs) : null;
    for (const [page, figures, stats] of [
      ['dashboard', row.dashboard, ours],
      ['floor', row.floor, floor],
    ] as const) {
      if (!figures || !stats) continue;
      const cell: Cell = { stats, versus: page === 'dashboard' ? floor : null, heap: figures.heap };
      console.log(
        `${String(row.assets).padStart(7)}  ${page.padEnd(9)}  ${columns.map(([, width, value]) => value(cell).padEnd(width)).join('  ')}`,
      );
    }
    const ingest = [...row.ingestMs.values()].sort((a, b) => a - b);
    console.log(
      `${''.padStart(7)}  ingestion of one request (${burst ? 'a second' : `a ${SLICES_PER_SECOND}th of a second`}'s samples) on the server's core: median ${round(percentile(ingest, 0.5))} ms`,
    );
  }
  console.log('');
  for (const row of rows) {
    const ours = summary(row.dashboard, row.ingestMs);
    const floor = row.floor ? summary(row.floor, row.ingestMs) : null;
    // A page the cable had to drop frames for or cut off is not keeping up, whatever its other figures say.
    const lossless = ours.cableLoss.droppedFrames === 0 && ours.cableLoss.slowConsumerDisconnects === 0;
    const checks =
      row.assets >= 20_000
        ? [lossless, ours.p99 < BUDGET.largeLatencyP99Ms]
        : [
            lossless,
            ours.scriptMedian < BUDGET.scriptMsPerBatch,
            ours.longestTask <= BUDGET.longTaskMs,
            ours.p99 < BUDGET.latencyP99Ms,
            floor === null || ours.scriptMedian <= BUDGET.floorRatio * Math.max(floor.scriptMedian, 1),
          ];
    console.log(`${row.assets} assets: ${checks.every(Boolean) ? 'within budget' : 'OVER BUDGET'}`);
  }
}
