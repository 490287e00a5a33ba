// Runs before each browser test file (vitest `setupFiles`): the worker's simulator restarts from the seeded demo world,
// so this file sees exactly what a first file would, whatever the files before it on this worker did.
import { inject } from 'vitest';
import { workerIndex } from './simulator.ts';

const response = await fetch(`${inject('simulatorControl')}/fresh/${workerIndex() + 1}`, { method: 'POST' });
if (response.status !== 204)
  throw new Error(`fresh simulator: HTTP ${response.status} ${await response.text()}`);
