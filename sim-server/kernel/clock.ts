// Time enters the simulator through one object so tests can hold it still or move it by hand.

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Repeats a task; tests swap in a scheduler they trigger themselves instead of waiting for timers. */
export interface Scheduler {
  every(intervalMs: number, task: () => void): () => void;
}

export const timerScheduler: Scheduler = {
  every(intervalMs, task) {
    const handle = setInterval(task, intervalMs);
    return () => clearInterval(handle);
  },
};
