// `GET /api/organization/things`: the assets of the requested organizations, a page at a time (live §7).
import type { FastifyPluginAsync } from 'fastify';
import { unreachableOrganizationIds } from '#domain/organizations/organizationAccess';
import { normalisePageRequest } from '#domain/paging/page';
import { VIEW_THINGS } from '#domain/session/rolePermissions';
import { callerOf } from '../auth/authPlugin.ts';
import { thingSchema } from '../things/thingSchema.ts';
import { createThingReadModel, thingPageJson } from '../things/thingReadModel.ts';
import { errorSchema, ORGANIZATION_NOT_FOUND } from './errorSchema.ts';

type ThingsQuery = {
  'org_ids[]'?: string[];
  org_ids?: string[];
  page?: number;
  per_page?: number;
  last_updated_timestamp?: string;
};

const organizationIdList = {
  type: 'array',
  maxItems: 100,
  items: { type: 'string', minLength: 1, maxLength: 100 },
} as const;

const thingsQuerySchema = {
  type: 'object',
  properties: {
    'org_ids[]': organizationIdList,
    org_ids: organizationIdList,
    page: { type: 'integer', minimum: 1 },
    per_page: { type: 'integer', minimum: 1 },
    last_updated_timestamp: { type: 'string', minLength: 1, maxLength: 40 },
  },
} as const;

const thingPageSchema = {
  type: 'object',
  required: ['data', 'meta'],
  properties: {
    data: { type: 'array', items: thingSchema },
    meta: {
      type: 'object',
      required: ['page', 'per_page', 'total'],
      properties: { page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' } },
    },
  },
} as const;

/** ISO 8601, or unix milliseconds as digits; NaN when it is neither. */
export function parseChangedSince(value: string): number {
  return /^\d+$/.test(value) ? Number(value) : Date.parse(value);
}

export const thingRoutes: FastifyPluginAsync = async (app) => {
  const things = createThingReadModel(app.eventLog);

  app.get<{ Querystring: ThingsQuery }>(
    '/api/organization/things',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_THINGS)],
      schema: {
        querystring: thingsQuerySchema,
        response: {
          200: thingPageSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const query = request.query;
      const requested = [...(query['org_ids[]'] ?? []), ...(query.org_ids ?? [])];
      const organizationIds = requested.length > 0 ? [...new Set(requested)] : [caller.organizationId];
      if (unreachableOrganizationIds(organizationIds, caller.reachableOrganizationIds).length > 0) {
        return reply.code(404).send(ORGANIZATION_NOT_FOUND);
      }
      const changedSince =
        query.last_updated_timestamp === undefined ? null : parseChangedSince(query.last_updated_timestamp);
      if (changedSince !== null && !Number.isFinite(changedSince)) {
        return reply.code(400).send({
          error: 'bad_request',
          message: 'last_updated_timestamp must be an ISO 8601 time or unix milliseconds',
        });
      }
      const { page, perPage } = normalisePageRequest(query.page, query.per_page);
      const result = things.page({ organizationIds, changedSince, page, perPage });
      // Already JSON text (see thingWire.ts): sent as is, the 200 schema documents its shape.
      return reply
        .type('application/json; charset=utf-8')
        .send(thingPageJson(result, { page, per_page: perPage }));
    },
  );
};
