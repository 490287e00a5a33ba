// The incidents as one plugin: the product's location routes (`locationRoutes.ts`) and the simulator's incident feed
// (`simLocationRoutes.ts`).
import type { FastifyPluginAsync } from 'fastify';
import { locationRoutes } from './locationRoutes.ts';
import { simLocationRoutes } from './simLocationRoutes.ts';

export const locationsResource: FastifyPluginAsync = async (app) => {
  await app.register(locationRoutes);
  await app.register(simLocationRoutes);
};
