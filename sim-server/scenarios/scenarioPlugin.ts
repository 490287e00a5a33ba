// Runs the chosen scenarios from the moment the app is ready, ticking once a second from the app's clock.
// Registered after the replay so that the devices a scenario claims are taken away from it.
import { sharedPlugin } from '../plugins/sharedPlugin.ts';
import type { Scheduler } from '../kernel/clock.ts';
import { createScenarioRunner, type ScenarioRunner } from './scenario.ts';
import { scenariosNamed } from './scenarioCatalogue.ts';
import { createScenarioWorld } from './scenarioWorld.ts';

declare module 'fastify' {
  interface FastifyInstance {
    scenarios: { runner: ScenarioRunner | null };
  }
}

export type ScenarioPluginOptions = { names: readonly string[]; scheduler: Scheduler; tickMs?: number };

export const scenarioPlugin = sharedPlugin<ScenarioPluginOptions>('scenarios', async (app, options) => {
  const scenarios = scenariosNamed(options.names);
  const state: { runner: ScenarioRunner | null } = { runner: null };
  app.decorate('scenarios', state);
  let stop: (() => void) | null = null;
  app.addHook('onReady', async () => {
    const world = await createScenarioWorld(app);
    const runner = createScenarioRunner(world, scenarios, app.clock.now());
    state.runner = runner;
    const tick = () => {
      runner.advanceTo(app.clock.now()).catch((error: unknown) => {
        app.log.error({ err: error }, 'scenarios: a step failed');
      });
    };
    tick();
    stop = options.scheduler.every(options.tickMs ?? 1_000, tick);
  });
  // Before the database closes: the steps under way finish their writes (the runner chains ticks, so none overlap).
  app.addHook('preClose', async () => {
    stop?.();
    stop = null;
    await state.runner?.settled();
  });
});
