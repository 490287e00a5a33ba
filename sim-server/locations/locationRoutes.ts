// Locations (events, incidents) of live §7: the recent list (`start_date`, `last_updated_timestamp`), the active
// ones, and moving a location (`PUT /api/locations/{id}`): parse (the contract in domain/locations/locationRecord.ts),
// load (locationRepository), decide (locationDecider), append. The cable hears the move from the log. Creating a
// location (`POST /api/locations`, the dashboard's `events/new`) goes the same way: parse, decide, append.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import {
  LocationCreateSchema,
  LocationListSchema,
  LocationMoveSchema,
  LocationRecordSchema,
  type LocationCreate,
  type LocationMove,
  type LocationRecord,
} from '#domain/locations/locationRecord';
import { EDIT_EVENT, VIEW_EVENTS } from '#domain/session/liveOperationsPermissions';
import {
  IdParamsSchema,
  OrganizationIdsQueryEntries,
  OrganizationIdsQuerySchema,
  parseTimeQuery,
  TimeQueryTextSchema,
  type IdParams,
  type OrganizationIdsQuery,
} from '#domain/wire/requestParts';
import { callerOf } from '../http/caller.ts';
import { decideLocation, decideLocationCreate } from './locationDecider.ts';
import { createLocationRepository } from './locationRepository.ts';
import { contractRoute } from '../kernel/contract.ts';
import type { LngLat } from '../streets/geometry.ts';
import {
  appendDecision,
  callerReachOf,
  readableOrganizationIds,
  readErrorResponses,
  sendBadRequest,
  writeErrorResponses,
} from '../http/routeSupport.ts';

const LocationsQuerySchema = v.looseObject({
  ...OrganizationIdsQueryEntries,
  start_date: v.optional(TimeQueryTextSchema),
  last_updated_timestamp: v.optional(TimeQueryTextSchema),
});
type LocationsQuery = v.InferOutput<typeof LocationsQuerySchema>;

/** `streetAt`: the street the map names at a point (null when none is near); a moved incident takes its name. */
export type LocationRoutesOptions = { streetAt: (point: LngLat) => string | null };

export const locationRoutes: FastifyPluginAsync<LocationRoutesOptions> = async (app, options) => {
  const locations = createLocationRepository(app.eventLog.db);

  app.get<{ Querystring: LocationsQuery }>(
    '/api/locations',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_EVENTS)],
      ...contractRoute({
        querystring: LocationsQuerySchema,
        response: { 200: LocationListSchema, ...readErrorResponses },
      }),
    },
    async (request, reply) => {
      const organizationIds = readableOrganizationIds(callerOf(request), request.query, reply);
      if (!organizationIds) return reply;
      const { start_date, last_updated_timestamp } = request.query;
      const startDate = start_date === undefined ? 0 : parseTimeQuery(start_date);
      const since = last_updated_timestamp === undefined ? 0 : parseTimeQuery(last_updated_timestamp);
      if (!Number.isFinite(startDate) || !Number.isFinite(since))
        return sendBadRequest(reply, [
          'start_date and last_updated_timestamp: ISO 8601 times or unix milliseconds',
        ]);
      return locations.recent(organizationIds, startDate, since);
    },
  );

  app.get<{ Querystring: OrganizationIdsQuery }>(
    '/api/locations/active',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_EVENTS)],
      ...contractRoute({
        querystring: OrganizationIdsQuerySchema,
        response: { 200: LocationListSchema, ...readErrorResponses },
      }),
    },
    async (request, reply) => {
      const organizationIds = readableOrganizationIds(callerOf(request), request.query, reply);
      if (!organizationIds) return reply;
      return locations.active(organizationIds);
    },
  );

  app.put<{ Params: IdParams; Body: LocationMove }>(
    '/api/locations/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(EDIT_EVENT)],
      ...contractRoute({
        params: IdParamsSchema,
        body: LocationMoveSchema,
        response: { 200: LocationRecordSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const accepted = await appendDecision(app, reply, () =>
        decideLocation(
          {
            type: 'MoveLocation',
            locationId: request.params.id,
            move: request.body,
            streetAtMove: options.streetAt([request.body.lng, request.body.lat]),
            caller: callerReachOf(app, callerOf(request)),
          },
          locations.byId(request.params.id),
        ),
      );
      return accepted ? (accepted[0]?.event.data as LocationRecord) : reply;
    },
  );

  app.post<{ Body: LocationCreate }>(
    '/api/locations',
    {
      onRequest: [app.authenticate, app.requirePermission(EDIT_EVENT)],
      ...contractRoute({
        body: LocationCreateSchema,
        response: { 200: LocationRecordSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const accepted = await appendDecision(app, reply, () =>
        decideLocationCreate(
          { type: 'CreateLocation', create: request.body, caller: callerReachOf(app, callerOf(request)) },
          { now: app.clock.now(), newId: randomUUID },
        ),
      );
      return accepted ? (accepted[0]?.event.data as LocationRecord) : reply;
    },
  );
};
