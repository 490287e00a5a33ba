// `GET /api/organization/things`: the assets of the requested organizations, a page at a time (live §7), the page
// read by the one paging rule (domain/paging/page.ts).
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { unreachableOrganizationIds } from '#domain/organizations/organizationAccess';
import { VIEW_THINGS } from '#domain/session/rolePermissions';
import { normalisePageRequest, PageMetaSchema, PageQueryEntries } from '#domain/paging/page';
import { ThingWireRecordSchema } from '#domain/things/thingRecord';
import { OrganizationIdsQueryEntries, parseTimeQuery, TimeQueryTextSchema } from '#domain/wire/requestParts';
import { callerOf } from '../http/caller.ts';
import { contractRoute } from '../kernel/contract.ts';
import { createThingReadModel, thingPageJson } from './thingReadModel.ts';
import { errorSchema, ORGANIZATION_NOT_FOUND } from '../http/errorSchema.ts';

const ThingsQuerySchema = v.looseObject({
  ...OrganizationIdsQueryEntries,
  ...PageQueryEntries,
  last_updated_timestamp: v.optional(TimeQueryTextSchema),
});
type ThingsQuery = v.InferOutput<typeof ThingsQuerySchema>;

const ThingPageSchema = v.object({ data: v.array(ThingWireRecordSchema), meta: PageMetaSchema });

export const thingRoutes: FastifyPluginAsync = async (app) => {
  const things = createThingReadModel(app.eventLog);

  app.get<{ Querystring: ThingsQuery }>(
    '/api/organization/things',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_THINGS)],
      ...contractRoute({
        querystring: ThingsQuerySchema,
        response: {
          200: ThingPageSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      }),
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
        query.last_updated_timestamp === undefined ? null : parseTimeQuery(query.last_updated_timestamp);
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
