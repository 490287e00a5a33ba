// The budget of DESIGN.md §7 applied to a run: per size, each figure with its budget and PASS or OVER, and a summary
// table in Markdown that can be pasted into docs/load-tests.md as it is. A slow run (the machine's bare floor over
// `--cpu-slowdown` under BUDGET.slowFloor) is judged by the slow case's row: the large ratio from 10,000 on, and the
// GPU process's time per frame at 2,000.
import { BUDGET } from './options.ts';
import { effectiveFloor, summarizePage, type PageSummary, type Row } from './pageSummary.ts';
import { formatRate } from './slowMachine.ts';

/** Whether the row ran on the slow case's machine (DESIGN.md §7: bare floor about 1M msg/s, or a 4× slowdown). */
export function isSlowRun(row: Pick<Row, 'bareFloor' | 'cpuSlowdown'>): boolean {
  return effectiveFloor(row) < BUDGET.slowFloor || row.cpuSlowdown >= 4;
}

/** The machine beside a size: its bare floor (and what a slowed page sees), and the page's WebGL renderer. */
export function machineOf(row: Row): string {
  const slowed =
    row.cpuSlowdown > 1 ? `, CPU slowdown ${row.cpuSlowdown}× ≈ ${formatRate(effectiveFloor(row))}` : '';
  return `bare floor ${formatRate(row.bareFloor)}${slowed}; WebGL ${row.renderer}`;
}

/** `pass` is null when the run cannot judge the figure (no floor page with `--no-floor`). */
type Check = { name: string; figure: string; budget: string; pass: boolean | null };

const whole = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '-');
const tenth = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');
const verdict = (pass: boolean | null) => (pass === null ? 'n/a' : pass ? 'PASS' : 'OVER');

function latencyCheck(ours: PageSummary, floor: PageSummary | null, limit: number): Check {
  const budget = `≤ ${limit}×`;
  const name = 'msg-to-screen p99 ÷ floor';
  if (!floor || !(floor.p99 > 0) || !Number.isFinite(ours.p99)) {
    return { name, figure: `- (${whole(ours.p99)} ms, no floor)`, budget, pass: null };
  }
  const ratio = ours.p99 / floor.p99;
  return {
    name,
    figure: `${ratio.toFixed(2)}× (${whole(ours.p99)} / ${whole(floor.p99)} ms)`,
    budget,
    pass: ratio <= limit,
  };
}

function scriptPerFrameCheck(ours: PageSummary): Check {
  return {
    name: 'script per frame (median)',
    figure: `${tenth(ours.scriptPerFrameMedian)} ms (mean ${tenth(ours.scriptPerFrameMean)}, ${ours.frames} frames)`,
    budget: `< ${BUDGET.scriptMsPerFrame} ms`,
    pass: ours.scriptPerFrameMedian < BUDGET.scriptMsPerFrame,
  };
}

/**
 * The checks for one size, by the band it falls in (options.ts BUDGET). A replay (`--replay`) is held to the live
 * view's script budget and to no cut, at any size; it has no floor and no latency to judge.
 */
function checksFor(row: Row, ours: PageSummary, floor: PageSummary | null): Check[] {
  const { size } = row;
  const large = size >= BUDGET.largeFrom;
  const { droppedFrames, slowConsumerDisconnects, cutsBefore, historyFrames, historyRejected } =
    ours.cableLoss;
  // A cut before the measured seconds counts: the page then resumes through the cable's history, which paces it by
  // what it has read, and it may never catch up with the live stream again.
  const cuts: Check = {
    name: 'cable cuts',
    figure: `${slowConsumerDisconnects + cutsBefore} (${cutsBefore} before measuring; ${historyFrames.toLocaleString('en-US')} messages from history, ${historyRejected} refused, ${droppedFrames} dropped)`,
    budget: '= 0',
    pass: slowConsumerDisconnects + cutsBefore === 0,
  };
  if (row.replaySpeed !== null) return [cuts, scriptPerFrameCheck(ours)];
  const slow = isSlowRun(row);
  const looseRatio = large || (slow && size > BUDGET.smallUpTo);
  const checks: Check[] = [
    latencyCheck(ours, floor, looseRatio ? BUDGET.largeLatencyRatio : BUDGET.latencyRatio),
    cuts,
  ];
  if (size <= BUDGET.smallUpTo) {
    checks.push({
      name: 'longest task',
      figure: `${whole(ours.longestTask)} ms (${ours.longTasks} long tasks)`,
      budget: `≤ ${BUDGET.longTaskMs} ms`,
      pass: ours.longestTask <= BUDGET.longTaskMs,
    });
    if (slow) {
      checks.push({
        name: 'GPU per frame',
        figure: `${tenth(ours.gpuMsPerFrame)} ms (${ours.frames} frames)`,
        budget: `≤ ${BUDGET.gpuMsPerFrame} ms`,
        pass: ours.gpuMsPerFrame <= BUDGET.gpuMsPerFrame,
      });
    }
  } else if (!large && !slow) {
    checks.push(scriptPerFrameCheck(ours));
  }
  return checks;
}

/** OVER when any check is over; "not judged" when none is over but one could not be judged (no floor). */
function sizeVerdict(checks: readonly Check[]): 'within budget' | 'OVER' | 'not judged' {
  if (checks.some((check) => check.pass === false)) return 'OVER';
  return checks.every((check) => check.pass === true) ? 'within budget' : 'not judged';
}

/** Per size: every check on its own line, then the size's verdict. */
export function printVerdicts(rows: readonly Row[]): void {
  console.log('');
  console.log('Budget (DESIGN.md §7), the dashboard against the floor page in this run:');
  for (const row of rows) {
    const ours = summarizePage(row.dashboard, row.ingestMs);
    const floor = row.floor ? summarizePage(row.floor, row.ingestMs) : null;
    const checks = checksFor(row, ours, floor);
    const replaying = row.replaySpeed === null ? '' : `, replaying the recent past at ${row.replaySpeed}×`;
    console.log(
      `  ${row.assets.toLocaleString('en-US')} assets (load average ${row.loadAverage.toFixed(1)}${replaying}; ${machineOf(row)}):`,
    );
    for (const check of checks) {
      console.log(
        `    ${check.name.padEnd(27)} ${check.figure.padEnd(64)} budget ${check.budget.padEnd(8)} ${verdict(check.pass)}`,
      );
    }
    console.log(`    ${sizeVerdict(checks)}`);
  }
}

/** One line per size, each judged figure with its budget and verdict, ready to paste as Markdown. */
export function printSummaryTable(rows: readonly Row[], run: { startedAt: Date; loadAverage: number }): void {
  const header = [
    'Assets',
    'Load',
    'Bare floor',
    'p99 ms (dashboard / floor)',
    'p99 ratio',
    'Cuts',
    'Longest task',
    'GPU/frame',
    'Script/frame',
    'Verdict',
  ];
  const lines = rows.map((row) => {
    const ours = summarizePage(row.dashboard, row.ingestMs);
    const floor = row.floor ? summarizePage(row.floor, row.ingestMs) : null;
    const checks = checksFor(row, ours, floor);
    const judged = (name: string, figure: string) => {
      const check = checks.find((candidate) => candidate.name === name);
      return check ? `${figure} (${check.budget}) ${verdict(check.pass)}` : figure;
    };
    const ratio = floor && floor.p99 > 0 ? `${(ours.p99 / floor.p99).toFixed(2)}×` : '-';
    return [
      row.assets.toLocaleString('en-US'),
      row.loadAverage.toFixed(1),
      row.cpuSlowdown > 1 ? `${formatRate(row.bareFloor)} ÷ ${row.cpuSlowdown}` : formatRate(row.bareFloor),
      `${whole(ours.p99)} / ${floor ? whole(floor.p99) : '-'}`,
      judged('msg-to-screen p99 ÷ floor', ratio),
      judged('cable cuts', String(ours.cableLoss.slowConsumerDisconnects + ours.cableLoss.cutsBefore)),
      judged('longest task', `${whole(ours.longestTask)} ms`),
      judged('GPU per frame', `${tenth(ours.gpuMsPerFrame)} ms`),
      judged('script per frame (median)', `${tenth(ours.scriptPerFrameMedian)} ms`),
      sizeVerdict(checks),
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  const format = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log('');
  console.log(
    `Summary (${run.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${run.loadAverage.toFixed(1)} at the start):`,
  );
  console.log('');
  console.log(format(header));
  console.log(format(widths.map((width) => '-'.repeat(width))));
  for (const line of lines) console.log(format(line));
}
