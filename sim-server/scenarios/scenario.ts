// A scenario is a timed list of steps that puts the simulator into states a developer wants to see on the
// dashboard. The runner performs each step once its time has come; time comes from `advanceTo(now)`.
import type { ScenarioWorld } from './scenarioWorld.ts';

export type ScenarioStep = {
  /** Milliseconds after the scenario starts. */
  atMs: number;
  run(world: ScenarioWorld): void | Promise<void>;
};

export type Scenario = {
  name: string;
  description: string;
  /** Chooses its assets from the world and lays out its steps; called once, at the start. */
  plan(world: ScenarioWorld, startAt: number): ScenarioStep[];
};

export type ScenarioRunner = {
  /** Runs, in time order, every step due at or before `now` that has not run. */
  advanceTo(now: number): Promise<void>;
  /** Resolves once the steps asked for so far have run (a closing app awaits it). */
  settled(): Promise<void>;
  readonly remainingSteps: number;
};

export function createScenarioRunner(
  world: ScenarioWorld,
  scenarios: readonly Scenario[],
  startAt: number,
): ScenarioRunner {
  const steps = scenarios
    .flatMap((scenario) => scenario.plan(world, startAt))
    .map((step, order) => ({ ...step, order }))
    .sort((a, b) => a.atMs - b.atMs || a.order - b.order);
  let next = 0;
  let running: Promise<void> = Promise.resolve();
  return {
    advanceTo(now) {
      // Chained, so a slow step (a REST call) never overlaps the next tick's steps.
      // A step that failed has been reported to the caller that ran it; later steps still run.
      running = running
        .catch(() => undefined)
        .then(async () => {
          while (next < steps.length && startAt + (steps[next]?.atMs ?? Infinity) <= now) {
            const step = steps[next];
            next += 1;
            await step?.run(world);
          }
        });
      return running;
    },
    settled: () => running.catch(() => undefined),
    get remainingSteps() {
      return steps.length - next;
    },
  };
}
