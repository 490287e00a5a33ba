// Hazards (issue 16; access §2 "hazards", §5 "Hazards: at least 1 type, or all"): `GET /api/hazards` answers the
// hazards of 1 to 5 assets over at most 24 hours of the past, of the types and severities asked, newest first,
// derived from the stored telemetry (hazards/hazardReads.ts), a shared asset's only from inside its share's window.
// Reads only.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  AT_LEAST_ONE_TYPE,
  HazardListSchema,
  HazardsQuerySchema,
  requestedTypes,
  type HazardRecord,
  type HazardsQuery,
} from '#domain/hazards/hazard';
import { VIEW_HAZARDS } from '#domain/session/routeGates';
import { tripSearchProblems } from '#domain/trips/tripRange';
import { parseTimeQuery } from '#domain/wire/requestParts';
import { callerOf } from '../http/caller.ts';
import { hazardsOf } from './hazardReads.ts';
import { contractRoute } from '../kernel/contract.ts';
import { createTripRepository } from '../trips/tripRepository.ts';
import { readErrorResponses, sendBadRequest, sendNotFound } from '../http/routeSupport.ts';
import { ASSET_NOT_FOUND, QUERY_FIELDS } from '../trips/tripRoutes.ts';

export const hazardRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const trips = createTripRepository(app.eventLog);

  app.get<{ Querystring: HazardsQuery }>(
    '/api/hazards',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_HAZARDS)],
      ...contractRoute({
        querystring: HazardsQuerySchema,
        response: { 200: HazardListSchema, ...readErrorResponses },
      }),
    },
    async (request, reply) => {
      const { query } = request;
      const thingIds = [...new Set(query['thing_ids[]'])];
      const start = parseTimeQuery(query.start_time);
      const end = parseTimeQuery(query.end_time);
      const types = requestedTypes(query['types[]']);
      const problems = tripSearchProblems({ start, end, thingCount: thingIds.length }, app.clock.now()).map(
        (problem) => `${QUERY_FIELDS[problem.field]}: ${problem.message}`,
      );
      if (types.length === 0) problems.push(`types[]: ${AT_LEAST_ONE_TYPE}`);
      if (problems.length > 0) return sendBadRequest(reply, problems);
      const reachable = callerOf(request).reachableOrganizationIds;
      const severities = query['severities[]'];
      const hazards: HazardRecord[] = [];
      for (const thingId of thingIds) {
        const thing = trips.visibleThing(thingId, reachable);
        if (thing === null) return sendNotFound(reply, ASSET_NOT_FOUND);
        for (const hazard of hazardsOf(trips, thing, start, end))
          if (types.includes(hazard.type) && (!severities || severities.includes(hazard.severity)))
            hazards.push(hazard);
      }
      return hazards.sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0));
    },
  );
};
