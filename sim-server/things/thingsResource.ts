// The assets as one plugin: their pages (`thingRoutes.ts`) and their edits (`thingEditRoutes.ts`).
import type { FastifyPluginAsync } from 'fastify';
import { thingEditRoutes } from './thingEditRoutes.ts';
import { thingRoutes } from './thingRoutes.ts';

export const thingsResource: FastifyPluginAsync = async (app) => {
  await app.register(thingRoutes);
  await app.register(thingEditRoutes);
};
