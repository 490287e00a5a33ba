// Browser tests run the real thing: the client built by Vite, served by the simulator on a free port with a fresh
// database, driven by Debian's headless Chromium. This setup builds once, seeds one demo world, and keeps one
// simulator and one Chromium per worker (files run side by side). Before each file the worker's simulator restarts, on the same port,
// from a copy of the seeded world (freshWorld.ts asks through a small control endpoint), so no file sees what another
// file's telemetry, closures or sign-ins did; tests find theirs through simulator.ts.
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { DEFAULT_THROTTLE_POLICY, type ThrottlePolicy } from '#sim/auth/throttleRules';
import { startSimulator } from '#sim/server';
import { CHROMIUM_ARGS } from '#tests/helpers/chromium';
import { E2E_WORKERS } from './e2eWorkers.ts';
import { buildProductionDashboard } from '../../scripts/buildDashboard.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per worker: the origin (serving the built dashboard at `/`) and the folder of exports and reports. */
    simulators: { baseUrl: string; filesDir: string }[];
    /** POST `${simulatorControl}/fresh/<worker>` restarts that worker's simulator from the seeded world. */
    simulatorControl: string;
    chromiumPath: string;
    /** One per worker: a headless Chromium the worker's files connect to (shellBrowser.ts). */
    browserEndpoints: string[];
  }
}

export const CHROMIUM_NOT_FOUND =
  "Chromium not found: install Debian's chromium-headless-shell package (apt-get install chromium-headless-shell) " +
  'or set CHROMIUM_PATH';

/**
 * Debian's headless shell first (Chromium's old headless mode, a binary of its own, the one Playwright itself runs
 * headless): no browser window, tabs or profile machinery behind each context. Measured by cpuReporter.ts against the
 * full browser's new headless mode: on six files 283 against 345 CPU seconds (the browser process 23 against 59,
 * the renderers 87 against 130, the GPU process 121 against 108); on the whole part, run on a machine twice as
 * loaded, Chromium's processes 1,004 against 1,035 (GPU 499 against 360). The full browser serves when it is all
 * there is.
 */
export function findChromium(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
  ].filter((path): path is string => typeof path === 'string' && path.length > 0);
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(CHROMIUM_NOT_FOUND);
  return found;
}

/**
 * Every browser of the suite signs in from 127.0.0.1, like a whole dispatch centre behind one address, and the
 * welcome tests fail dozens of sign-ins and recoveries on purpose: the per-address limits would throttle the files
 * after them. The per-account limits stay as shipped (tests/sim-server/security.test.ts covers both).
 */
const UNLIMITED_ADDRESS = { ...DEFAULT_THROTTLE_POLICY['sign-in'].address, freeAttempts: 100_000 };
const EVERY_BROWSER_ON_ONE_ADDRESS: Partial<ThrottlePolicy> = {
  'sign-in': { ...DEFAULT_THROTTLE_POLICY['sign-in'], address: UNLIMITED_ADDRESS },
  recovery: { ...DEFAULT_THROTTLE_POLICY.recovery, address: UNLIMITED_ADDRESS },
  refresh: { ...DEFAULT_THROTTLE_POLICY.refresh, address: UNLIMITED_ADDRESS },
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromiumPath = findChromium();
  const workDir = await mkdtemp(join(tmpdir(), 'fleet-e2e-'));
  const clientDir = join(workDir, 'client');
  // As it ships (scripts/buildDashboard.ts): under Vitest's NODE_ENV=test the suite ran React's development build under
  // StrictMode, every component rendered twice and every effect set up twice (266 CPU seconds against 237 for the
  // three slowest files).
  await buildProductionDashboard(clientDir);
  const options = {
    host: '127.0.0.1',
    // No replay: the only movement is what the test sends, so a moved marker proves the cable path.
    replay: false,
    // No monthly reports made ahead: that is minutes of CPU beside the browsers; the report tests ask for theirs.
    warmReports: false,
    // No closure switched by its schedule: a file starts at any time after the seed (minutes on a slow machine), and
    // what it sees must not depend on when (tests/sim-server/closureScheduler.test.ts covers the scheduler).
    closureSchedule: false,
    clientDir,
    logger: false,
    throttle: EVERY_BROWSER_ON_ONE_ADDRESS,
  } as const;
  // Seeded once (seconds); each file's world is a copy of it (a fraction of a second).
  const seededWorld = join(workDir, 'seeded.sqlite');
  await (await startSimulator({ ...options, port: 0, databasePath: seededWorld, fresh: true })).close();

  const simulators = await Promise.all(
    Array.from({ length: E2E_WORKERS }, async (_, index) => {
      const databasePath = join(workDir, `simulator-${index + 1}.sqlite`);
      await copyFile(seededWorld, databasePath);
      const simulator = await startSimulator({ ...options, port: 0, databasePath, fresh: false });
      return { simulator, databasePath, port: Number(new URL(simulator.url).port) };
    }),
  );

  /** Stops the worker's simulator, puts a copy of the seeded world and an empty files folder in place, starts again. */
  const freshWorld = async (index: number): Promise<void> => {
    const worker = simulators[index];
    if (!worker) throw new Error(`no simulator for worker ${index + 1}`);
    await worker.simulator.close();
    await Promise.all(
      ['-wal', '-shm', '.files'].map((suffix) =>
        rm(`${worker.databasePath}${suffix}`, { recursive: true, force: true }),
      ),
    );
    await copyFile(seededWorld, worker.databasePath);
    worker.simulator = await startSimulator({
      ...options,
      port: worker.port,
      databasePath: worker.databasePath,
    });
  };
  const control = await listenForControl(freshWorld);
  // One Chromium per worker for the whole run: starting one per file cost about 0.8 s of CPU each, some 40 s of the
  // two cores over a run. Each file still gets its own contexts, closed after each test (shellBrowser.ts).
  const browsers = await Promise.all(
    simulators.map(() => chromium.launchServer({ executablePath: chromiumPath, args: CHROMIUM_ARGS })),
  );

  project.provide(
    'simulators',
    simulators.map(({ simulator, databasePath }) => ({
      baseUrl: simulator.url.replace(/\/$/, ''),
      filesDir: `${databasePath}.files`,
    })),
  );
  project.provide('simulatorControl', control.url);
  project.provide('chromiumPath', chromiumPath);
  project.provide(
    'browserEndpoints',
    browsers.map((browser) => browser.wsEndpoint()),
  );
  return async () => {
    await Promise.all(browsers.map((browser) => browser.close()));
    await new Promise((resolve) => control.server.close(resolve));
    await Promise.all(simulators.map(({ simulator }) => simulator.close()));
    await rm(workDir, { recursive: true, force: true });
  };
}

/** A loopback endpoint the test workers call before each file; answers 204 once the fresh simulator listens. */
async function listenForControl(
  freshWorld: (index: number) => Promise<void>,
): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const worker = /^\/fresh\/(\d+)$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !worker) return void response.writeHead(404).end();
    freshWorld(Number(worker[1]) - 1).then(
      () => response.writeHead(204).end(),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('control endpoint has no port');
  return { server, url: `http://127.0.0.1:${address.port}` };
}
