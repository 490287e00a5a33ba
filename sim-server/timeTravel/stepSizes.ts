// How many log positions the next step of a past picture's fold or of a page of past messages reads (issue 34
// finding 3): steps are cut by time, not by a fixed count, so the other callers wait at most about `targetMs` for
// the event loop whatever the machine's load (a fixed 20,000 positions held it 0.1 s on a quiet machine and a
// second at load 25). Each step's count follows from how long the last took, within [min, max].
export type StepSizes = {
  /** Positions for the next step. */
  next(): number;
  /** What the last step read and how long it took (ms). */
  took(positions: number, ms: number): void;
};

export function createStepSizes(options: { targetMs: number; min: number; max: number }): StepSizes {
  let size = options.min;
  return {
    next: () => size,
    took(positions, ms) {
      if (positions <= 0) return;
      const perPosition = Math.max(ms, 0.1) / positions;
      const wanted = Math.round(options.targetMs / perPosition);
      // At most doubling from one step to the next: one fast step says little about the next.
      size = Math.min(options.max, Math.max(options.min, Math.min(wanted, size * 2)));
    },
  };
}

/** The event loop held at most about this long by one step of time travel's work. */
export const STEP_TARGET_MS = 15;
