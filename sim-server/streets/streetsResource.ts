// The street services as one plugin: the basemap (`basemapRoutes.ts`), directions (`directionsRoutes.ts`) and
// three-word addresses (`threeWordRoutes.ts`).
import type { FastifyPluginAsync } from 'fastify';
import { basemapRoutes, type BasemapRoutesOptions } from './basemapRoutes.ts';
import { directionsRoutes, type DirectionsRoutesOptions } from './directionsRoutes.ts';
import { threeWordRoutes } from './threeWordRoutes.ts';

export type StreetsResourceOptions = BasemapRoutesOptions & DirectionsRoutesOptions;

export const streetsResource: FastifyPluginAsync<StreetsResourceOptions> = async (app, options) => {
  await app.register(basemapRoutes, { streetLines: options.streetLines });
  await app.register(directionsRoutes, { network: options.network });
  await app.register(threeWordRoutes);
};
