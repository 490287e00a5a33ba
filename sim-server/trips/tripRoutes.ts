// Trips and coverage of access §7: `GET /things/{id}/trips` (the asset's runs within at most 24 hours of the past,
// with their points) and `GET /things/coverage/` (the first and latest telemetry each asset has), read from the
// stored telemetry (trips/). Reads only: parse → check the range and the asset's visibility → answer. A shared
// asset's telemetry is read only inside its share's window (trips/tripVisibility.ts).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { VIEW_TRIPS } from '#domain/session/routeGates';
import {
  CoverageListSchema,
  CoverageQuerySchema,
  TripRecordSchema,
  TripsQuerySchema,
  type CoverageQuery,
  type CoverageRecord,
  type TripsQuery,
} from '#domain/trips/tripRecord';
import { timeRangeProblems } from '#domain/trips/tripRange';
import { IdParamsSchema, parseTimeQuery, type IdParams } from '#domain/wire/requestParts';
import { callerOf } from '../http/caller.ts';
import { contractRoute } from '../kernel/contract.ts';
import { createTripRepository } from './tripRepository.ts';
import { tripJson } from './tripJson.ts';
import { cutTrip } from './tripRuns.ts';
import { visibleCut } from './tripVisibility.ts';
import { readErrorResponses, sendBadRequest, sendNotFound } from '../http/routeSupport.ts';

export const ASSET_NOT_FOUND = 'Asset not found';

export const QUERY_FIELDS = { start: 'start_time', end: 'end_time', things: 'thing_ids[]' } as const;

export const tripRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const trips = createTripRepository(app.eventLog);

  app.get<{ Params: IdParams; Querystring: TripsQuery }>(
    '/api/things/:id/trips',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_TRIPS)],
      ...contractRoute({
        params: IdParamsSchema,
        querystring: TripsQuerySchema,
        response: { 200: TripRecordSchema, ...readErrorResponses },
      }),
    },
    async (request, reply) => {
      const start = parseTimeQuery(request.query.start_time);
      const end = parseTimeQuery(request.query.end_time);
      const problems = timeRangeProblems(start, end, app.clock.now());
      if (problems.length > 0)
        return sendBadRequest(
          reply,
          problems.map((problem) => `${QUERY_FIELDS[problem.field]}: ${problem.message}`),
        );
      const thing = trips.visibleThing(request.params.id, callerOf(request).reachableOrganizationIds);
      if (thing === null) return sendNotFound(reply, ASSET_NOT_FOUND);
      // A day at 1 Hz is ~86,000 points: written as text straight from the samples' columns (trips/tripJson.ts,
      // held equal to JSON.stringify of the schema's TripRecord by a test), not through the schema's serialiser.
      const cut = visibleCut(thing, cutTrip(trips, thing, start, end));
      return reply.type('application/json; charset=utf-8').send(tripJson(cut));
    },
  );

  app.get<{ Querystring: CoverageQuery }>(
    '/api/things/coverage/',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_TRIPS)],
      ...contractRoute({
        querystring: CoverageQuerySchema,
        response: { 200: CoverageListSchema, ...readErrorResponses },
      }),
    },
    async (request, reply) => {
      const reachable = callerOf(request).reachableOrganizationIds;
      const records: CoverageRecord[] = [];
      for (const thingId of new Set(request.query['thing_ids[]'])) {
        const thing = trips.visibleThing(thingId, reachable);
        if (thing === null) return sendNotFound(reply, ASSET_NOT_FOUND);
        const coverage = trips.coverage(thing);
        records.push({
          thing_id: thingId,
          first_time: coverage ? new Date(coverage.first).toISOString() : null,
          last_time: coverage ? new Date(coverage.last).toISOString() : null,
        });
      }
      return records;
    },
  );
};
