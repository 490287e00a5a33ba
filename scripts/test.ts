// `npm test`: the whole suite as CI runs it, part by part — format, lint, type check, import cycles, unit (domain, client, load),
// server (the simulator through app.inject and real sockets), browser (headless Chromium) — timing each part so
// the next slow one shows early. Every part runs even when an earlier one failed, so one run reports every
// failure; the exit code is non-zero if any part failed. The last line counts the tests: "tests: N passed, M failed".
// `npm test -- unit server` runs only the parts named.
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
  ...['unit', 'server', 'e2e'].map((project) => ({
    name: project === 'e2e' ? 'browser' : project,
    command: bin('vitest'),
    args: ['run', '--project', project],
    vitestProject: project,
  })),
];

type Outcome = { part: Part; seconds: number; ok: boolean; passed: number; failed: number };

function run(part: Part, reportFile: string): Promise<Omit<Outcome, 'part' | 'seconds'>> {
  const args = part.vitestProject
    ? [...part.args, '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`]
    : part.args;
  return new Promise((resolve) => {
    const child = spawn(part.command, args, { cwd: repoRoot, stdio: 'inherit' });
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
  for (const part of parts) {
    console.log(`\n── ${part.name} ──`);
    const partStarted = performance.now();
    const result = await run(part, path.join(reports, `${part.name}.json`));
    outcomes.push({ part, seconds: (performance.now() - partStarted) / 1000, ...result });
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
