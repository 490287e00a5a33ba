// `npm test`: the whole suite as CI runs it, part by part — the static checks side by side (format, lint, type check,
// import cycles, folder layers, file sizes), then unit (domain, client, load), server (the simulator through
// app.inject and real sockets) and browser (headless Chromium) one after another — timing each part so the next slow
// one shows early.
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

type Outcome = { part: Part; seconds: number; ok: boolean; passed: number; failed: number };

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
  return new Promise((resolve) => {
    const child = spawn(part.command, args, {
      cwd: repoRoot,
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    if (capture)
      child.on('close', () => process.stdout.write(`\n── ${part.name} ──\n${Buffer.concat(output)}`));
    child.on('error', (error) => {
      console.error(`${part.name}: ${error.message}`);
      resolve({ ok: false, passed: 0, failed: 0 });
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
      resolve({ ok: code === 0, ...counts });
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
  const outcomes: Outcome[] = [];
  const started = performance.now();
  const timed = async (part: Part, capture: boolean) => {
    const partStarted = performance.now();
    const result = await run(part, path.join(reports, `${part.name}.json`), capture);
    return { part, seconds: (performance.now() - partStarted) / 1000, ...result };
  };
  // The static checks only read files: side by side they take the time of the slowest. The test projects run one
  // after another, so each has the machine to itself.
  outcomes.push(
    ...(await Promise.all(parts.filter((part) => !part.vitestProject).map((part) => timed(part, true)))),
  );
  for (const part of parts.filter((each) => each.vitestProject)) {
    console.log(`\n── ${part.name} ──`);
    outcomes.push(await timed(part, false));
  }
  fs.rmSync(reports, { recursive: true, force: true });

  console.log('\npart        time     result');
  for (const { part, seconds, ok, passed, failed } of outcomes) {
    const counts = part.vitestProject ? `  ${passed} passed, ${failed} failed` : '';
    console.log(
      `${part.name.padEnd(10)} ${`${seconds.toFixed(0)} s`.padStart(6)}   ${ok ? 'ok' : 'FAILED'}${counts}`,
    );
  }
  console.log(`total      ${`${((performance.now() - started) / 1000).toFixed(0)} s`.padStart(6)}`);
  const passed = outcomes.reduce((sum, outcome) => sum + outcome.passed, 0);
  // A part that failed without a failing test (lint, a crashed run) counts as one failure.
  const failed = outcomes.reduce((sum, outcome) => sum + (outcome.failed || (outcome.ok ? 0 : 1)), 0);
  console.log(`tests: ${passed} passed, ${failed} failed`);
  if (outcomes.some((outcome) => !outcome.ok)) process.exitCode = 1;
}

await main();
