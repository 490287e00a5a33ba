// How many browser test files run at once (E2E_WORKERS, default 2: one per core of the machine the suite is sized
// for). Each worker gets its own simulator, so one file's telemetry never moves another file's assets.
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 2);
