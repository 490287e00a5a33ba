// What the account-security tests share: one simulator on a real SQLite file for the test file, a staff token, and
// accounts created through the simulator's own account route with one known password.
import { afterAll, beforeAll } from 'vitest';
import type { AppOptions } from '#sim/app';
import { createDemoAccount, signIn, startHarness, type Harness } from './simulatorHarness.ts';

export const ACCOUNT_PASSWORD = 'Start!2026a';

export type AccountSecurityWorld = {
  readonly harness: Harness;
  createAccount(email: string, standing?: string): ReturnType<typeof createDemoAccount>;
};

/** Starts the simulator (with `options`) before the file's tests and closes it after them. */
export function useAccountSecurityWorld(
  options: Omit<Partial<AppOptions>, 'clock'> = {},
): AccountSecurityWorld {
  let harness: Harness | null = null;
  let staffToken = '';
  beforeAll(async () => {
    harness = await startHarness(options);
    staffToken = (await signIn(harness.app, 'staff@demo.test')).access_token;
  });
  afterAll(async () => {
    await harness?.close();
  });
  const started = (): Harness => {
    if (!harness) throw new Error('the simulator has not started');
    return harness;
  };
  return {
    get harness() {
      return started();
    },
    createAccount: (email, standing) =>
      createDemoAccount(started().app, staffToken, {
        email,
        password: ACCOUNT_PASSWORD,
        ...(standing ? { standing } : {}),
      }),
  };
}
