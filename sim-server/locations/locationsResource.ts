// The incidents as one plugin: the product's location routes (`locationRoutes.ts`) and the simulator's incident feed
// (`simLocationRoutes.ts`). A moved incident is named by the street at its new place, from the street network's
// index, built on the first move (reading the street file is not free, and most runs move nothing).
import type { FastifyPluginAsync } from 'fastify';
import { buildEdgeIndex, streetNameNear, type EdgeIndex } from '../streets/edgeIndex.ts';
import type { LngLat } from '../streets/geometry.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import { locationRoutes } from './locationRoutes.ts';
import { simLocationRoutes } from './simLocationRoutes.ts';

export type LocationsResourceOptions = { network: () => StreetNetwork };

export const locationsResource: FastifyPluginAsync<LocationsResourceOptions> = async (app, options) => {
  let streets: { network: StreetNetwork; index: EdgeIndex } | null = null;
  const streetAt = (point: LngLat) => {
    if (!streets) {
      const network = options.network();
      streets = { network, index: buildEdgeIndex(network) };
    }
    return streetNameNear(streets.network, streets.index, point);
  };
  await app.register(locationRoutes, { streetAt });
  await app.register(simLocationRoutes);
};
