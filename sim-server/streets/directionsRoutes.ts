// `GET /api/sim/directions?origin=lat,lng&destination=lat,lng`: the simulator's stand-in for the maps provider's
// directions service the closure form calls for its path (live §7; docs/closures.md). Any signed-in user may ask;
// the street graph and its index are built once, on the first call. No route answers 422 with the text the form
// shows under the path.
import type { FastifyPluginAsync } from 'fastify';
import {
  DirectionsAnswerSchema,
  DirectionsQuerySchema,
  NO_ROAD_NEAR_END,
  NO_ROAD_NEAR_START,
  NO_ROUTE_FOUND,
  parseWaypoint,
  type DirectionsQuery,
} from '#domain/closures/closureDirections';
import { truncateCoordinate } from '#domain/units/coordinates';
import { contractRoute } from '../kernel/contract.ts';
import { directions } from './directions.ts';
import { edgeIndexOf } from './edgeIndex.ts';
import type { StreetNetwork } from './streetNetwork.ts';
import { readErrorResponses, sendBadRequest, sendUnprocessable } from '../http/routeSupport.ts';
import { errorSchema } from '../http/errorSchema.ts';

export type DirectionsRoutesOptions = { network: () => StreetNetwork };

const REFUSALS = { start: NO_ROAD_NEAR_START, end: NO_ROAD_NEAR_END, unconnected: NO_ROUTE_FOUND } as const;

export const directionsRoutes: FastifyPluginAsync<DirectionsRoutesOptions> = async (app, options) => {
  const streets = () => {
    const network = options.network();
    return { network, index: edgeIndexOf(network) };
  };

  app.get<{ Querystring: DirectionsQuery }>(
    '/api/sim/directions',
    {
      onRequest: [app.authenticate],
      ...contractRoute({
        querystring: DirectionsQuerySchema,
        response: { 200: DirectionsAnswerSchema, ...readErrorResponses, 422: errorSchema },
      }),
    },
    async (request, reply) => {
      const origin = parseWaypoint(request.query.origin);
      const destination = parseWaypoint(request.query.destination);
      if (!origin || !destination) return sendBadRequest(reply, ['origin, destination: "lat,lng"']);
      const { network, index } = streets();
      const found = directions(network, index, [origin.lng, origin.lat], [destination.lng, destination.lat]);
      if (!found.ok) return sendUnprocessable(reply, REFUSALS[found.reason]);
      return {
        route: found.path.map(([lng, lat]) => ({
          lat: truncateCoordinate(lat),
          lng: truncateCoordinate(lng),
        })),
        street_start: found.streetStart,
        street_end: found.streetEnd,
        distance_metres: found.distanceMetres,
      };
    },
  );
};
