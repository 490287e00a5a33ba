import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/{domain,sim-server,client,load}/**/*.test.{ts,tsx}', 'tests/*.test.ts'],
          environment: 'node',
          // Seeding and real sockets take seconds on a busy 2-core machine; this is a hang guard, not a budget.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits for what a person would see, like Playwright's own waits (30 s); vitest's 1 s default
          // fails on a busy 2-core machine where a live duration's one-second tick or a batch can take longer.
          expect: { poll: { timeout: 30_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
