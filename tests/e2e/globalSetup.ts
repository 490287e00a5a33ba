// Browser tests run the real thing: the client built by Vite, served by the simulator on a free port with a fresh
// database, driven by Debian's headless Chromium. This setup builds once and starts one simulator per worker (files
// run side by side, and each worker's files drive only their own simulator's assets); tests find theirs through
// simulator.ts.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { DEFAULT_THROTTLE_POLICY, type ThrottlePolicy } from '#sim/auth/throttleRules';
import { startSimulator } from '#sim/server';
import { E2E_WORKERS } from './e2eWorkers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per worker: the origin (serving the built dashboard at `/`) and the folder of exports and reports. */
    simulators: { baseUrl: string; filesDir: string }[];
    chromiumPath: string;
  }
}

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const CHROMIUM_NOT_FOUND =
  "Chromium not found: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH";

export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter(
    (path): path is string => typeof path === 'string' && path.length > 0,
  );
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
  await build({
    configFile: join(repositoryRoot, 'vite.config.ts'),
    root: join(repositoryRoot, 'client'),
    logLevel: 'warn',
    build: { outDir: clientDir, emptyOutDir: true },
  });
  const simulators = await Promise.all(
    Array.from({ length: E2E_WORKERS }, (_, index) => {
      const databasePath = join(workDir, `simulator-${index + 1}.sqlite`);
      return startSimulator({
        port: 0,
        host: '127.0.0.1',
        databasePath,
        fresh: true,
        // No replay: the only movement is what the test sends, so a moved marker proves the cable path.
        replay: false,
        // No monthly reports made ahead: that is minutes of CPU beside the browsers; the report tests ask for theirs.
        warmReports: false,
        clientDir,
        logger: false,
        throttle: EVERY_BROWSER_ON_ONE_ADDRESS,
      }).then((simulator) => ({ simulator, filesDir: `${databasePath}.files` }));
    }),
  );
  project.provide(
    'simulators',
    simulators.map(({ simulator, filesDir }) => ({ baseUrl: simulator.url.replace(/\/$/, ''), filesDir })),
  );
  project.provide('chromiumPath', chromiumPath);
  return async () => {
    await Promise.all(simulators.map(({ simulator }) => simulator.close()));
    await rm(workDir, { recursive: true, force: true });
  };
}
