// Simulator nodes on a test file's PostgreSQL (useLocalPostgres): `nodeNamed` starts a harness whose log is a
// replica of the shared log, quiet (nothing writes on its own schedule: each node would, and the tests write only
// what they say), and closes every node it started after each test.
import { afterEach } from 'vitest';
import type { LocalPostgres } from './localPostgres.ts';
import { startHarness, type Harness, type ManualClock } from './simulatorHarness.ts';

/** The background writers off: retention, the offline watch, the closure scheduler, picture checkpoints. */
export const QUIET_NODE = {
  retention: false,
  offlineWatch: false,
  closureSchedule: false,
  pictureCheckpoints: { everyPositions: 1_000_000_000 },
} as const;

/** Call at the top of the file, after `useLocalPostgres`, so the nodes close before the server stops. */
export function usePostgresNodes(
  postgres: LocalPostgres,
): (nodeName: string, clock: ManualClock, databasePath?: string) => Promise<Harness> {
  const harnesses: Harness[] = [];
  afterEach(async () => {
    for (const harness of harnesses.splice(0)) await harness.close();
  });
  return async (nodeName, clock, databasePath) => {
    const harness = await startHarness({
      ...QUIET_NODE,
      clock,
      store: { url: postgres.server.url, nodeName },
      ...(databasePath ? { databasePath } : {}),
    });
    harnesses.push(harness);
    return harness;
  };
}
