// The incidents as one plugin: the product's location routes (`locationRoutes.ts`) and the simulator's incident feed
// (`simLocationRoutes.ts`). A moved incident is named by the street at its new place; the network is read on the
// first move (reading the street file is not free, and most runs move nothing).
import type { FastifyPluginAsync } from 'fastify';
import { streetNameNear } from '../streets/edgeIndex.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import { locationRoutes } from './locationRoutes.ts';
import { simLocationRoutes } from './simLocationRoutes.ts';

export type LocationsResourceOptions = { network: () => StreetNetwork };

export const locationsResource: FastifyPluginAsync<LocationsResourceOptions> = async (app, options) => {
  await app.register(locationRoutes, { streetAt: (point) => streetNameNear(options.network(), point) });
  await app.register(simLocationRoutes);
};
