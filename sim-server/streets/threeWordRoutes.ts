// `GET /api/three_words?id&lat&lng`: the simulator's stand-in for the three-word address service the event detail
// asks (live §2, §7). The naming rule is the domain's (domain/locations/threeWordAddress.ts); this route only reads
// the point, names it, or answers 404 for a point the stand-in cannot name. `id` is the event's, accepted as the
// real service's call carries it, and not needed to name a point.
import type { FastifyPluginAsync } from 'fastify';
import {
  threeWordAddress,
  ThreeWordAnswerSchema,
  ThreeWordQuerySchema,
  type ThreeWordQuery,
} from '#domain/locations/threeWordAddress';
import { VIEW_EVENTS } from '#domain/session/liveOperationsPermissions';
import { contractRoute } from '../kernel/contract.ts';
import { readErrorResponses, sendBadRequest, sendNotFound } from '../http/routeSupport.ts';

/** A decimal number as a query writes it; anything else is no coordinate. */
function coordinateOf(text: string): number {
  return /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : Number.NaN;
}

export const threeWordRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: ThreeWordQuery }>(
    '/api/three_words',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_EVENTS)],
      ...contractRoute({
        querystring: ThreeWordQuerySchema,
        response: { 200: ThreeWordAnswerSchema, ...readErrorResponses },
      }),
    },
    async (request, reply) => {
      const lat = coordinateOf(request.query.lat);
      const lng = coordinateOf(request.query.lng);
      if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
        return sendBadRequest(reply, ['lat and lng: decimal degrees (-90..90, -180..180)']);
      const words = threeWordAddress(lat, lng);
      return words === null ? sendNotFound(reply, 'No three-word address for this point') : { words };
    },
  );
};
