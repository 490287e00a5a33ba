// Where the browser part's CPU goes, file by file (issue 38 item 6): wall time says little on a 2-core machine shared
// by several people, CPU seconds do. A Vitest reporter (added with `--reporter=./tests/helpers/cpuReporter.ts`, or by
// `E2E_CPU=1 npm test -- browser`) that reads /proc for the whole process tree under Vitest — its own process (the
// simulators live there), the test workers, and Chromium with its renderers — when a file starts and ends, and
// prints the CPU seconds each spent, with the file's slowest tests. Run with `E2E_WORKERS=1` the figures are the
// file's own; with two workers side by side each file's figure also holds what the other worker did meanwhile.
import { readdirSync, readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

type Share = 'vitest' | 'workers' | 'chromium' | 'renderers' | 'gpu';
type CpuSeconds = Record<Share, number>;

const TICKS_PER_SECOND = 100;

type Seen = { parent: number; seconds: number; share: Exclude<Share, 'vitest'> };

/**
 * A process's own utime+stime. Its children's are not read from its cutime: Chromium's renderers are reaped where
 * /proc does not show it, so each process is remembered by its pid and start time with its last figure, and one
 * that has ended still counts what it had spent when last read (sampled every 200 ms while a reporter runs).
 */
function processCpu(pid: number): (Seen & { key: string }) | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(afterName[11]) + Number(afterName[12]);
    const key = `${pid}@${afterName[19]}`;
    return { key, parent: Number(afterName[1]), seconds: ticks / TICKS_PER_SECOND, share: shareOf(pid, key) };
  } catch {
    return null; // ended between the listing and the read
  }
}

const shares = new Map<string, Exclude<Share, 'vitest'>>();

/** What a process is, by its command line: read once per process (a forked renderer may first show its zygote's). */
function shareOf(pid: number, key: string): Exclude<Share, 'vitest'> {
  const known = shares.get(key);
  if (known && known !== 'chromium') return known;
  const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  const share = !/chrom/i.test(command)
    ? 'workers'
    : command.includes('--type=renderer')
      ? 'renderers'
      : command.includes('--type=gpu-process')
        ? 'gpu'
        : 'chromium';
  shares.set(key, share);
  return share;
}

/** Every process seen under a root so far, by pid and start time, with the CPU it had spent when last read. */
const seen = new Map<string, Seen>();

/** The CPU seconds so far of the process tree under `root` (ended processes included), by share. */
export function treeCpu(root = process.pid): CpuSeconds {
  const live = new Map<number, Seen & { key: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = processCpu(Number(entry));
    if (info) live.set(Number(entry), info);
  }
  const totals: CpuSeconds = { vitest: 0, workers: 0, chromium: 0, renderers: 0, gpu: 0 };
  for (const [pid, info] of live) {
    if (pid === root) {
      totals.vitest = info.seconds;
      continue;
    }
    let ancestor = info.parent;
    while (ancestor > 1 && ancestor !== root) ancestor = live.get(ancestor)?.parent ?? 0;
    if (ancestor === root) seen.set(info.key, info);
  }
  for (const info of seen.values()) totals[info.share] += info.seconds;
  return totals;
}

/** Keeps reading /proc every 200 ms, so a renderer that lives a second still counts. */
export function sampleCpu(root = process.pid): () => void {
  const timer = setInterval(() => treeCpu(root), 200);
  timer.unref();
  return () => clearInterval(timer);
}

const SHARES: Share[] = ['vitest', 'workers', 'chromium', 'renderers', 'gpu'];
const total = (cpu: CpuSeconds) => SHARES.reduce((sum, share) => sum + cpu[share], 0);

function minus(after: CpuSeconds, before: CpuSeconds): CpuSeconds {
  return Object.fromEntries(SHARES.map((share) => [share, after[share] - before[share]])) as CpuSeconds;
}

const format = (cpu: CpuSeconds) =>
  `cpu ${total(cpu).toFixed(1)} s (vitest+simulators ${cpu.vitest.toFixed(1)}, workers ${cpu.workers.toFixed(1)}, ` +
  `chromium: browser ${cpu.chromium.toFixed(1)}, renderers ${cpu.renderers.toFixed(1)}, gpu ${cpu.gpu.toFixed(1)})`;

export default class CpuReporter implements Reporter {
  private readonly stopSampling = sampleCpu();
  private readonly started = treeCpu();
  private readonly startedAt = performance.now();
  private readonly atFileStart = new Map<string, { cpu: CpuSeconds; at: number }>();
  private readonly lines: { cpu: number; line: string }[] = [];

  onTestModuleStart(module: TestModule): void {
    this.atFileStart.set(module.moduleId, { cpu: treeCpu(), at: performance.now() });
  }

  onTestModuleEnd(module: TestModule): void {
    const start = this.atFileStart.get(module.moduleId);
    if (!start) return;
    const spent = minus(treeCpu(), start.cpu);
    const tests = [...module.children.allTests()]
      .map((test: TestCase) => ({ name: test.name, ms: test.diagnostic()?.duration ?? 0 }))
      .sort((a, b) => b.ms - a.ms);
    const slowest = tests
      .slice(0, 4)
      .map((test) => `${(test.ms / 1000).toFixed(1)} s ${test.name}`)
      .join('; ');
    const name = module.moduleId.replace(/^.*\/tests\//, 'tests/');
    const wall = ((performance.now() - start.at) / 1000).toFixed(1);
    this.lines.push({
      cpu: total(spent),
      line: `${name}: wall ${wall} s, ${format(spent)}, ${tests.length} tests; slowest: ${slowest}`,
    });
  }

  onTestRunEnd(): void {
    const wall = ((performance.now() - this.startedAt) / 1000).toFixed(1);
    console.log('\nCPU by file (cpuReporter.ts):');
    for (const { line } of this.lines.sort((a, b) => b.cpu - a.cpu)) console.log(`  ${line}`);
    const files = this.lines.reduce((sum, { cpu }) => sum + cpu, 0);
    console.log(
      `  run: wall ${wall} s, ${format(minus(treeCpu(), this.started))}; files ${files.toFixed(1)} s`,
    );
  }
}
