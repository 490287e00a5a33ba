import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './tests/e2e/e2eWorkers.ts';
import { allowing } from './tests/e2e/testTimes.ts';
import { SuiteSequencer } from './tests/helpers/suiteSequencer.ts';

const NODE_TESTS = {
  environment: 'node',
  // Seeding and real sockets take seconds on a busy 2-core machine; this is a hang guard, not a budget, sized for a
  // machine 4× slower (tests/e2e/testTimes.ts).
  testTimeout: allowing(20_000),
  hookTimeout: allowing(30_000),
  sequence: { groupOrder: 0 },
  // One module graph per worker instead of one per file: importing the simulator again for each of ninety files
  // cost more than all their tests together. Tests build their own apps and databases, so nothing leaks.
  isolate: false,
  // Vitest's default is one worker fewer than the cores: one on the 2-core machine the suite is sized for. These
  // tests wait on sockets and SQLite as much as they compute, so two share the cores well (the server part took
  // 47 s with one and 32 s with two, the unit part 24 s and 15 s).
  maxWorkers: 2,
} as const;

// `npm test` (scripts/test.ts) runs the projects one after another and times each; `vitest run` runs them all.
export default defineConfig({
  test: {
    sequence: { sequencer: SuiteSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/{domain,client,load}/**/*.test.{ts,tsx}', 'tests/*.test.ts'],
          ...NODE_TESTS,
        },
      },
      {
        test: { name: 'server', include: ['tests/sim-server/**/*.test.ts'], ...NODE_TESTS },
      },
      {
        // A local cluster per file (Redis, PostgreSQL and simulator nodes in their own processes): outside `npm
        // test`'s budget, `npm run test:cluster`, which .ci/run runs after it (tests/cluster/).
        test: { name: 'cluster', include: ['tests/cluster/**/*.test.ts'], ...NODE_TESTS, maxWorkers: 1 },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          // Each file starts on a fresh copy of the seeded world (globalSetup.ts).
          setupFiles: ['tests/e2e/freshWorld.ts'],
          // Every limit as what a step takes here times 4, for a machine 4× slower (tests/e2e/testTimes.ts): a hang
          // guard, so a green run takes no longer for it.
          testTimeout: allowing(60_000),
          hookTimeout: allowing(120_000),
          // expect.poll waits for what a person would see, like Playwright's own waits (30 s, scaled likewise);
          // vitest's 1 s default fails on a busy 2-core machine where a live duration's one-second tick or a batch
          // can take longer.
          expect: { poll: { timeout: allowing(30_000) } },
          // Files side by side, each worker with its own simulator (globalSetup.ts); after the unit project, so the
          // browsers have the cores to themselves.
          maxWorkers: E2E_WORKERS,
          // One worker process for a worker's files, as in the node projects: a new process per file imported
          // Playwright and the helpers again (about 0.6 CPU seconds and a second or more of the worker's wall time per
          // file). Each file still connects its own browser and gets a fresh world (freshWorld.ts runs per file).
          isolate: false,
          sequence: { groupOrder: 1 },
          // One more try for a browser test that failed: in about one full run in three, one sign-in by the form did
          // not reach the dashboard within 30 s (cause not found yet; docs/decisions.md). A test that fails twice fails.
          retry: 1,
        },
      },
    ],
  },
});
