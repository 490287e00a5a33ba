// The dashboard a browser benchmark measures (benchSectionSwitch.ts, benchOrganizationAccess.ts): the client built
// by Vite for production (of this checkout or `clientFrom`'s, to compare before and after; unminified for a
// readable CPU profile), served by the browser benchmark's server process (serverProcess.ts) with a seeded world
// sized so the demo users' coordination center sees `assets`, pinned to core 0 and this process (and the browser it
// starts) to core 1 when taskset works. `drive()` starts the 1 Hz feed; `stop()` ends the server and removes the build.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildProductionDashboard } from '../buildDashboard.ts';
import type { BenchServerCommand, BenchServerMessage } from './messages.ts';
import { VISIBLE_SHARE } from './options.ts';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const tasksetWorks =
  spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0;

export async function startBuiltDashboard(options: {
  assets: number;
  clientFrom?: string | undefined;
  unminified?: boolean;
}) {
  const workDir = await mkdtemp(join(tmpdir(), 'fleet-bench-dashboard-'));
  const clientDir = join(workDir, 'client');
  console.log(`building the client (production)${options.clientFrom ? ` of ${options.clientFrom}` : ''}…`);
  await buildProductionDashboard(clientDir, {
    checkout: options.clientFrom,
    unminified: options.unminified ?? false,
  });
  console.log(`seeding a world for ${options.assets} assets…`);
  const args = [
    '--import',
    'tsx',
    join(repositoryRoot, 'scripts/benchBrowser/serverProcess.ts'),
    '--things',
    String(Math.ceil(options.assets / VISIBLE_SHARE)),
    '--client',
    clientDir,
  ];
  const stdio = ['ignore', 'inherit', 'inherit', 'ipc'] as const;
  const spawnOptions = { cwd: repositoryRoot, stdio: [...stdio] };
  const child: ChildProcess = tasksetWorks
    ? spawn('taskset', ['-c', '0', process.execPath, ...args], spawnOptions)
    : spawn(process.execPath, args, spawnOptions);
  const ready = await new Promise<Extract<BenchServerMessage, { type: 'ready' }>>((done, fail) => {
    child.once('exit', (code) => fail(new Error(`the bench server exited (${String(code)})`)));
    child.on('message', (message: BenchServerMessage) => {
      if (message.type === 'ready') done(message);
    });
  });
  if (tasksetWorks) spawnSync('taskset', ['-a', '-cp', '1', String(process.pid)], { stdio: 'ignore' });
  const command = (message: BenchServerCommand) => child.send(message);
  return {
    ...ready,
    drive: () => command({ type: 'drive', slices: 10 }),
    stop: () =>
      new Promise<void>((done) => {
        child.removeAllListeners('exit');
        child.once('exit', () => done());
        command({ type: 'stop' });
      }).then(() => rm(workDir, { recursive: true, force: true })),
  };
}
