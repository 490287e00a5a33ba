// Locations (events, incidents) of live §7: the recent list (`start_date`, `last_updated_timestamp`), the active
// ones, and moving a location (`PUT /api/locations/{id}`), whose refusals carry the texts the dashboard
// translates (live §8: "active", "access", "found").
import type { FastifyPluginAsync } from 'fastify';
import { locationProblems, type LocationWrite } from '#domain/locations/locationRules';
import { EDIT_EVENT, VIEW_EVENTS } from '#domain/session/liveOperationsPermissions';
import { callerOf } from '../auth/authPlugin.ts';
import { locationSchema, type LocationJson } from '../locations/locationSchema.ts';
import { idParams, organizationIdsQuery } from '../shared/jsonSchemaParts.ts';
import {
  canReadOrganizations,
  canWriteOrganization,
  parseTimeQuery,
  readableOrganizationIds,
  readErrorResponses,
  recordEvent,
  sendBadRequest,
  sendOrganizationNotFound,
  sendUnprocessable,
  writeErrorResponses,
  type OrganizationIdsQuery,
} from './routeSupport.ts';

type LocationsQuery = OrganizationIdsQuery & { start_date?: string; last_updated_timestamp?: string };

const timeText = { type: 'string', minLength: 1, maxLength: 40 } as const;
const locationListSchema = { type: 'array', items: locationSchema } as const;

const locationBodySchema = {
  type: 'object',
  required: ['lat', 'lng', 'organization_id'],
  properties: {
    lat: { type: 'number' },
    lng: { type: 'number' },
    roadway_heading: { type: ['number', 'null'] },
    organization_id: { type: 'string', minLength: 1, maxLength: 100 },
  },
} as const;

export const LOCATION_NOT_FOUND = 'Location not found';
export const LOCATION_NOT_ACTIVE = 'Location is no longer active';
export const LOCATION_NO_ACCESS = 'User does not have access to Location';

export const locationRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.eventLog;
  // Recent: going on, or started or ended inside the window; changed since the cursor when one is given.
  const selectRecent = db.prepare<
    [{ organizations: string; startDate: number; since: number }],
    { data: string }
  >(`
    SELECT data FROM locations
    WHERE organization_id IN (SELECT value FROM json_each(@organizations))
      AND (is_active = 1 OR start_at >= @startDate OR end_at >= @startDate) AND updated_at >= @since
    ORDER BY is_active DESC, start_at DESC, id`);
  const selectActive = db.prepare<[string], { data: string }>(`
    SELECT data FROM locations WHERE organization_id IN (SELECT value FROM json_each(?)) AND is_active = 1
    ORDER BY start_at DESC, id`);
  const selectOne = db.prepare<[string], { data: string }>('SELECT data FROM locations WHERE id = ?');
  const parse = (rows: { data: string }[]) => rows.map((row) => JSON.parse(row.data) as LocationJson);

  app.get<{ Querystring: LocationsQuery }>(
    '/api/locations',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_EVENTS)],
      schema: {
        querystring: {
          type: 'object',
          properties: { ...organizationIdsQuery, start_date: timeText, last_updated_timestamp: timeText },
        },
        response: { 200: locationListSchema, ...readErrorResponses },
      },
    },
    async (request, reply) => {
      const organizationIds = readableOrganizationIds(callerOf(request), request.query, reply);
      if (!organizationIds) return reply;
      const startDate = request.query.start_date === undefined ? 0 : parseTimeQuery(request.query.start_date);
      const since =
        request.query.last_updated_timestamp === undefined
          ? 0
          : parseTimeQuery(request.query.last_updated_timestamp);
      if (!Number.isFinite(startDate) || !Number.isFinite(since))
        return sendBadRequest(reply, [
          'start_date and last_updated_timestamp: ISO 8601 times or unix milliseconds',
        ]);
      return parse(selectRecent.all({ organizations: JSON.stringify(organizationIds), startDate, since }));
    },
  );

  app.get<{ Querystring: OrganizationIdsQuery }>(
    '/api/locations/active',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_EVENTS)],
      schema: {
        querystring: { type: 'object', properties: organizationIdsQuery },
        response: { 200: locationListSchema, ...readErrorResponses },
      },
    },
    async (request, reply) => {
      const organizationIds = readableOrganizationIds(callerOf(request), request.query, reply);
      if (!organizationIds) return reply;
      return parse(selectActive.all(JSON.stringify(organizationIds)));
    },
  );

  app.put<{ Params: { id: string }; Body: LocationWrite }>(
    '/api/locations/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(EDIT_EVENT)],
      schema: {
        params: idParams,
        body: locationBodySchema,
        response: { 200: locationSchema, ...writeErrorResponses },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const problems = locationProblems(body);
      if (problems.length > 0) return sendBadRequest(reply, problems);
      if (!canReadOrganizations(caller, [body.organization_id])) return sendOrganizationNotFound(reply);
      const stored = selectOne.get(request.params.id);
      if (!stored) return sendUnprocessable(reply, LOCATION_NOT_FOUND);
      const location = JSON.parse(stored.data) as LocationJson;
      if (
        location.organization_id !== body.organization_id ||
        !canWriteOrganization(app, caller, location.organization_id)
      )
        return sendUnprocessable(reply, LOCATION_NO_ACCESS);
      if (!location.is_active) return sendUnprocessable(reply, LOCATION_NOT_ACTIVE);
      const moved: LocationJson = {
        ...location,
        lat: body.lat,
        lng: body.lng,
        roadway_heading: body.roadway_heading === undefined ? location.roadway_heading : body.roadway_heading,
      };
      recordEvent(
        app,
        { type: 'LocationSaved', data: moved },
        { streamId: moved.id, organizationId: moved.organization_id },
      );
      return moved;
    },
  );
};
