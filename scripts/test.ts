// `npm test`: the whole suite as CI runs it, part by part — the static checks side by side (format, lint, type check,
// import cycles, folder layers, file sizes), then unit (domain, client, load), server (the simulator through
// app.inject and real sockets) and browser (headless Chromium) one after another — timing each part so the next slow
// one shows early, with the CPU seconds it cost (the figure a shared machine does not swing).
// Every part runs even when an earlier one failed, so one run reports every failure; the exit code is non-zero if
// any part failed. The last line counts the tests: "tests: N passed, M failed".
// `npm test -- unit server` runs only the parts named; `E2E_CPU=1` adds the browser files' CPU seconds.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(repoRoot, 'node_modules', '.bin', name);

type Part = { name: string; command: string; args: string[]; vitestProject?: string };

const PARTS: Part[] = [
  { name: 'format', command: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'] },
  { name: 'lint', command: bin('eslint'), args: ['.', '--max-warnings', '0'] },
  { name: 'typecheck', command: bin('tsc'), args: ['--noEmit'] },
  // ESLint's no-cycle skips type-only imports; this counts them too (issue 27: the house has no import cycle).
  { name: 'cycles', command: bin('tsx'), args: [path.join(repoRoot, 'scripts/importCycles.ts')] },
  // The folders of client/, sim-server/ and domain/ import one another one way only (issue 39).
  { name: 'layers', command: bin('tsx'), args: [path.join(repoRoot, 'scripts/folderGraph.ts')] },
  // Files over 300 lines are named as warnings, over 400 fail (issue 27).
  { name: 'sizes', command: bin('tsx'), args: [path.join(repoRoot, 'scripts/fileSizes.ts')] },
  ...['unit', 'server', 'e2e'].map((project) => ({
    name: project === 'e2e' ? 'browser' : project,
    command: bin('vitest'),
    args: ['run', '--project', project],
    vitestProject: project,
  })),
];

type Outcome = {
  part: Part;
  seconds: number;
  cpuSeconds: number | null;
  ok: boolean;
  passed: number;
  failed: number;
};

/**
 * Runs a command under a small Node process that waits for it and then writes the CPU seconds of everything it waited
 * for (its cutime and cstime in /proc/self/stat: the command and every process under it that was reaped, test workers
 * and Chromium's processes included) to the file named by FLEET_TEST_CPU_FILE. Parts run side by side, so the
 * machine's CPU over a span cannot be split among them; this can. Without /proc (not Linux) nothing is written.
 */
const CPU_OF_COMMAND = `
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const [command, ...args] = process.argv.slice(1);
const result = spawnSync(command, args, { stdio: 'inherit' });
if (result.error) console.error(result.error.message);
try {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  fs.writeFileSync(process.env.FLEET_TEST_CPU_FILE, String((Number(fields[13]) + Number(fields[14])) / 100));
} catch {}
process.exit(result.status ?? 1);
`;

/** Runs one part; with `capture`, its output is held and printed whole when it ends (parts side by side). */
function run(part: Part, reportFile: string, capture = false): Promise<Omit<Outcome, 'part' | 'seconds'>> {
  const args = part.vitestProject
    ? [
        ...part.args,
        '--reporter=default',
        // Names what a test that passed on its retry failed on the first time (browser tests retry once).
        `--reporter=${path.join(repoRoot, 'tests/helpers/retryReporter.ts')}`,
        // E2E_CPU=1: the CPU seconds each browser test file cost, from /proc (tests/helpers/cpuReporter.ts).
        ...(part.vitestProject === 'e2e' && process.env.E2E_CPU
          ? [`--reporter=${path.join(repoRoot, 'tests/helpers/cpuReporter.ts')}`]
          : []),
        '--reporter=json',
        `--outputFile.json=${reportFile}`,
      ]
    : part.args;
  const cpuFile = `${reportFile}.cpu`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', CPU_OF_COMMAND, part.command, ...args], {
      cwd: repoRoot,
      env: { ...process.env, FLEET_TEST_CPU_FILE: cpuFile },
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    if (capture)
      child.on('close', () => process.stdout.write(`\n── ${part.name} ──\n${Buffer.concat(output)}`));
    child.on('error', (error) => {
      console.error(`${part.name}: ${error.message}`);
      resolve({ ok: false, passed: 0, failed: 0, cpuSeconds: null });
    });
    child.on('exit', (code) => {
      const counts = { passed: 0, failed: 0 };
      if (part.vitestProject && fs.existsSync(reportFile)) {
        const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as {
          numPassedTests: number;
          numFailedTests: number;
        };
        counts.passed = report.numPassedTests;
        counts.failed = report.numFailedTests;
      }
      const cpuSeconds = fs.existsSync(cpuFile) ? Number(fs.readFileSync(cpuFile, 'utf8')) : null;
      resolve({ ok: code === 0, ...counts, cpuSeconds });
    });
  });
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !PARTS.some((part) => part.name === name));
  if (unknown.length > 0)
    throw new Error(`no such part: ${unknown.join(', ')} (${PARTS.map((p) => p.name).join(', ')})`);
  const parts = wanted.length > 0 ? PARTS.filter((part) => wanted.includes(part.name)) : PARTS;
  const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-test-reports-'));
  const started = performance.now();
  const timed = async (part: Part, capture: boolean): Promise<Outcome> => {
    const partStarted = performance.now();
    const result = await run(part, path.join(reports, `${part.name}.json`), capture);
    return { part, seconds: (performance.now() - partStarted) / 1000, ...result };
  };
  const inTurn = async (turn: Part[]): Promise<Outcome[]> => {
    const outcomes: Outcome[] = [];
    for (const part of turn) {
      console.log(`\n── ${part.name} ──`);
      outcomes.push(await timed(part, false));
    }
    return outcomes;
  };
  // The static checks only read files: side by side they take the time of the slowest. The test projects then run
  // one after another, each with the machine to itself: run beside the checks (tried on 3 December), the unit and
  // server parts took 94 s and 197 s against 24 s and 94 s alone, more than the checks' own time.
  const statics = parts.filter((part) => !part.vitestProject);
  const outcomes = [
    ...(await Promise.all(statics.map((part) => timed(part, true)))),
    ...(await inTurn(parts.filter((part) => part.vitestProject))),
  ];
  fs.rmSync(reports, { recursive: true, force: true });

  console.log('\npart        time      cpu   result');
  for (const { part, seconds, cpuSeconds, ok, passed, failed } of outcomes) {
    const counts = part.vitestProject ? `  ${passed} passed, ${failed} failed` : '';
    const cpu = cpuSeconds === null ? '—' : `${cpuSeconds.toFixed(0)} s`;
    console.log(
      `${part.name.padEnd(10)} ${`${seconds.toFixed(0)} s`.padStart(6)} ${cpu.padStart(8)}   ${ok ? 'ok' : 'FAILED'}${counts}`,
    );
  }
  const cpuTotal = outcomes.reduce((sum, outcome) => sum + (outcome.cpuSeconds ?? 0), 0);
  console.log(
    `total      ${`${((performance.now() - started) / 1000).toFixed(0)} s`.padStart(6)} ${`${cpuTotal.toFixed(0)} s`.padStart(8)}`,
  );
  const passed = outcomes.reduce((sum, outcome) => sum + outcome.passed, 0);
  // A part that failed without a failing test (lint, a crashed run) counts as one failure.
  const failed = outcomes.reduce((sum, outcome) => sum + (outcome.failed || (outcome.ok ? 0 : 1)), 0);
  console.log(`tests: ${passed} passed, ${failed} failed`);
  if (outcomes.some((outcome) => !outcome.ok)) process.exitCode = 1;
}

await main();
