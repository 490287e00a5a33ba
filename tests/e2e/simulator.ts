// The simulator this test file talks to: globalSetup.ts keeps one per worker and restarts it from the seeded world
// before each file (freshWorld.ts); a file uses its worker's (VITEST_POOL_ID is 1…E2E_WORKERS, fixed for the file's
// run), so files share no data, neither side by side nor one after another.
import { inject } from 'vitest';

/** This worker's place among the simulators, from 0. */
export function workerIndex(): number {
  const poolId = Number(process.env.VITEST_POOL_ID ?? 1);
  return (Math.max(1, poolId) - 1) % inject('simulators').length;
}

function ownSimulator(): { baseUrl: string; filesDir: string } {
  const own = inject('simulators')[workerIndex()];
  if (!own) throw new Error('globalSetup started no simulator');
  return own;
}

/** The simulator's origin, e.g. `http://127.0.0.1:40123`; it serves the built dashboard at `/`. */
export function simulatorUrl(): string {
  return ownSimulator().baseUrl;
}

/** Where the simulator keeps exports and reports (beside its database): a test may block it to fail an export. */
export function simulatorFilesDir(): string {
  return ownSimulator().filesDir;
}
