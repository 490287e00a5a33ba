// Reports as one plugin: monthly reports (`reportRoutes.ts`), custom reports (`customReportRoutes.ts`) and the
// files both are downloaded from (`fileRoutes.ts`).
import type { FastifyPluginAsync } from 'fastify';
import { customReportRoutes } from './customReportRoutes.ts';
import { fileRoutes } from './fileRoutes.ts';
import { reportRoutes } from './reportRoutes.ts';

export const reportsResource: FastifyPluginAsync = async (app) => {
  await app.register(fileRoutes);
  await app.register(reportRoutes);
  await app.register(customReportRoutes);
};
