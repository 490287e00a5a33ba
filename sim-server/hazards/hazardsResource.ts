// Driving events as one plugin: hazards (`hazardRoutes.ts`) and run-to-run alerts (`r2rRoutes.ts`).
import type { FastifyPluginAsync } from 'fastify';
import { hazardRoutes } from './hazardRoutes.ts';
import { r2rRoutes } from './r2rRoutes.ts';

export const hazardsResource: FastifyPluginAsync = async (app) => {
  await app.register(hazardRoutes);
  await app.register(r2rRoutes);
};
