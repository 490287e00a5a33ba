// Run-to-run search (access §2 "Run-to-run page", issue 16): `GET /api/things/{id}/r2r_run?start_time=` answers
// the asset's points from the start to 15 minutes later and the alerts (hazards) it raised there. The start cannot
// be after now; the window may reach into the present; a shared asset's points and alerts only from inside its
// share's window (trips/tripVisibility.ts). Only HA5/HA7 assets with R2R on (access §6), else 422. Reads only; provider engineers (engineer:test) only.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  R2RQuerySchema,
  R2RRunRecordSchema,
  r2rEnd,
  r2rSearchRefusal,
  r2rStartProblem,
  type R2RQuery,
} from '#domain/r2r/r2rRun';
import { VIEW_R2R } from '#domain/session/routeGates';
import { IdParamsSchema, parseTimeQuery, type IdParams } from '#domain/wire/requestParts';
import { callerOf } from '../http/caller.ts';
import { hazardsOf } from './hazardReads.ts';
import { contractRoute } from '../kernel/contract.ts';
import { tripPointRecords } from '../trips/tripJson.ts';
import { createTripRepository } from '../trips/tripRepository.ts';
import { visiblePoints } from '../trips/tripVisibility.ts';
import { errorSchema } from '../http/errorSchema.ts';
import { readErrorResponses, sendBadRequest, sendNotFound, sendUnprocessable } from '../http/routeSupport.ts';
import { ASSET_NOT_FOUND } from '../trips/tripRoutes.ts';

export const r2rRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const trips = createTripRepository(app.eventLog);

  app.get<{ Params: IdParams; Querystring: R2RQuery }>(
    '/api/things/:id/r2r_run',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_R2R)],
      ...contractRoute({
        params: IdParamsSchema,
        querystring: R2RQuerySchema,
        response: { 200: R2RRunRecordSchema, ...readErrorResponses, 422: errorSchema },
      }),
    },
    async (request, reply) => {
      const start = parseTimeQuery(request.query.start_time);
      const problem = r2rStartProblem(start, app.clock.now());
      if (problem) return sendBadRequest(reply, [`start_time: ${problem}`]);
      const thing = trips.visibleThing(request.params.id, callerOf(request).reachableOrganizationIds);
      if (thing === null) return sendNotFound(reply, ASSET_NOT_FOUND);
      const hardware = trips.r2rHardware(thing.key);
      const refusal = hardware ? r2rSearchRefusal(hardware) : null;
      if (refusal) return sendUnprocessable(reply, refusal);
      const end = r2rEnd(start);
      return {
        thing_id: thing.id,
        start_time: new Date(start).toISOString(),
        end_time: new Date(end).toISOString(),
        points: tripPointRecords(visiblePoints(thing, trips.pointsBetween(thing.key, start, end))),
        alerts: hazardsOf(trips, thing, start, end),
      };
    },
  );
};
