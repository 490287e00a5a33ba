// The figures of a run as a table, each dashboard figure beside the floor's and the machine's bare floor and WebGL
// renderer under each size; the budget's verdicts follow (budgetVerdicts.ts).
import { machineOf, printSummaryTable, printVerdicts } from './budgetVerdicts.ts';
import type { PageFigures } from './measureSeconds.ts';
import { SLICES_PER_SECOND } from './options.ts';
import { percentile } from '../percentile.ts';
import { summarizePage, type PageSummary, type Row } from './pageSummary.ts';

export function printTable(
  rows: readonly Row[],
  run: { burst: boolean; startedAt: Date; loadAverage: number },
): void {
  const round = (value: number) => (Number.isFinite(value) ? String(Math.round(value * 10) / 10) : '-');
  const ratio = (ours: number, floor: number | undefined) =>
    floor === undefined || !Number.isFinite(floor) || floor <= 0 ? '' : ` (${(ours / floor).toFixed(1)}x)`;
  type Stats = PageSummary;
  type Cell = { stats: Stats; versus: Stats | null; heap: PageFigures['heap'] };
  const columns: [string, number, (cell: Cell) => string][] = [
    [
      'script ms/s (median, p90)',
      30,
      ({ stats, versus }) =>
        `${round(stats.scriptMedian)}${ratio(stats.scriptMedian, versus?.scriptMedian)}, ${round(stats.scriptP90)}`,
    ],
    [
      'script ms/frame (median, mean)',
      30,
      ({ stats }) => `${round(stats.scriptPerFrameMedian)}, ${round(stats.scriptPerFrameMean)}`,
    ],
    ['worker ms/s', 15, ({ stats }) => round(stats.workerMs)],
    ['GPU ms/frame', 12, ({ stats }) => round(stats.gpuMsPerFrame)],
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
      'cable unread MB peak, dropped, cuts (before), from history',
      55,
      ({ stats }) => {
        const { backlogPeakBytes, droppedFrames, slowConsumerDisconnects, cutsBefore, historyFrames } =
          stats.cableLoss;
        return `${round(backlogPeakBytes / 1048576)}, ${droppedFrames}, ${slowConsumerDisconnects} (${cutsBefore}), ${historyFrames}`;
      },
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
    const ours = summarizePage(row.dashboard, row.ingestMs);
    const floor = row.floor ? summarizePage(row.floor, row.ingestMs) : null;
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
      `${''.padStart(7)}  ingestion of one request (${run.burst ? 'a second' : `a ${SLICES_PER_SECOND}th of a second`}'s samples) on the server's core: median ${round(percentile(ingest, 0.5))} ms`,
    );
    console.log(`${''.padStart(7)}  ${machineOf(row)}`);
  }
  printVerdicts(rows);
  printSummaryTable(rows, run);
}
