// The organization as one plugin: its settings (`organizationRoutes.ts`) and its billing (`billingRoutes.ts`).
import type { FastifyPluginAsync } from 'fastify';
import { billingRoutes } from './billingRoutes.ts';
import { organizationRoutes } from './organizationRoutes.ts';

export const organizationsResource: FastifyPluginAsync = async (app) => {
  await app.register(organizationRoutes);
  await app.register(billingRoutes);
};
