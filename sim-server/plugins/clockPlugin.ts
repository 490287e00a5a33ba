// `app.clock`: the simulator's only source of time (tests pass a clock they move by hand).
import type { Clock } from '../kernel/clock.ts';
import { sharedPlugin } from './sharedPlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

export const clockPlugin = sharedPlugin<{ clock: Clock }>('clock', async (app, { clock }) => {
  app.decorate('clock', clock);
});
