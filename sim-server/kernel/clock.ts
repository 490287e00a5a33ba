// Time enters the simulator through one object so tests can hold it still or move it by hand.

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Repeats a task; tests swap in a scheduler they trigger themselves instead of waiting for timers. A task may
 * return the promise of its run (a tick still writing; it never rejects): the timer does not wait for it, a test's
 * scheduler awaits it. */
export interface Scheduler {
  every(intervalMs: number, task: () => void | Promise<void>): () => void;
}

export const timerScheduler: Scheduler = {
  every(intervalMs, task) {
    const handle = setInterval(() => void task(), intervalMs);
    return () => clearInterval(handle);
  },
};
