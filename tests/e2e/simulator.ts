// The simulator this test file talks to: globalSetup.ts starts one per worker, and a file uses its worker's
// (VITEST_POOL_ID is 1…E2E_WORKERS, fixed for the file's run), so files running side by side share no data.
import { inject } from 'vitest';

function ownSimulator(): { baseUrl: string; filesDir: string } {
  const simulators = inject('simulators');
  const poolId = Number(process.env.VITEST_POOL_ID ?? 1);
  const own = simulators[(Math.max(1, poolId) - 1) % simulators.length];
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
