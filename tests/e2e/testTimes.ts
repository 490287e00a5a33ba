// How long a browser test may wait (DESIGN.md §7: "no test so tied to speed that a machine 4× slower fails it";
// issue 38: on a 2-core machine about 3.5× slower than ours `keyboardPath.test.ts` ran past its limit twice). Every
// limit in the browser tests is written as what a step may take on this machine, times SLOWER_MACHINE; a limit is a
// hang guard, never a budget, so a green suite takes no longer for it. `E2E_SLOWER_MACHINE` raises the factor for a
// machine slower still.

/** How many times slower than this machine the browser tests must still pass on. */
export const SLOWER_MACHINE = Math.max(4, Number(process.env.E2E_SLOWER_MACHINE ?? 4) || 4);

/** A limit for a step that takes up to `msHere` on this machine. */
export function allowing(msHere: number): number {
  return msHere * SLOWER_MACHINE;
}

/** Playwright's waits (actions, waitFor, waitForFunction, waitForURL): its own default of 30 s, scaled. */
export const PLAYWRIGHT_TIMEOUT = allowing(30_000);
