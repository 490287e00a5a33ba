// The organization profile (access §7 `PUT /organization/{id}`; the read is ours): read and save the name and
// address. The save is parse (domain/organizations/organizationAddress.ts) → load (the organization read model) →
// decide (organizationDecider) → append.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { OrganizationSaveSchema, type OrganizationSave } from '#domain/organizations/organizationAddress';
import { OrganizationWireRecordSchema } from '#domain/organizations/profileRecord';
import { EDIT_ORGANIZATION, VIEW_ORGANIZATION } from '#domain/session/routeGates';
import { IdParamsSchema, type IdParams } from '#domain/wire/requestParts';
import { callerOf } from '../http/caller.ts';
import {
  decideOrganization,
  ORGANIZATION_NOT_FOUND_TEXT,
  type OrganizationState,
} from './organizationDecider.ts';
import { contractRoute } from '../kernel/contract.ts';
import { errorSchema } from '../http/errorSchema.ts';
import {
  appendDecision,
  callerReachOf,
  readErrorResponses,
  sendUnprocessable,
  writeErrorResponses,
} from '../http/routeSupport.ts';

export const organizationRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  function stateOf(organizationId: string): OrganizationState {
    const found = app.organizations.byId(organizationId);
    if (!found) return { organization: null };
    return {
      organization: {
        id: found.id,
        name: found.name,
        address1: found.address1 ?? '',
        address2: found.address2 ?? '',
        city: found.city ?? '',
        state: found.state ?? '',
        postal_code: found.postal_code ?? '',
        country_code: found.country_code ?? '',
      },
    };
  }

  app.get<{ Params: IdParams }>(
    '/api/organization/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_ORGANIZATION)],
      ...contractRoute({
        params: IdParamsSchema,
        response: { 200: OrganizationWireRecordSchema, ...readErrorResponses, 422: errorSchema },
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const organization = callerOf(request).reachableOrganizationIds.has(id)
        ? app.organizations.byId(id)
        : null;
      return organization ?? sendUnprocessable(reply, ORGANIZATION_NOT_FOUND_TEXT);
    },
  );

  app.put<{ Params: IdParams; Body: OrganizationSave }>(
    '/api/organization/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(EDIT_ORGANIZATION)],
      ...contractRoute({
        params: IdParamsSchema,
        body: OrganizationSaveSchema,
        response: { 200: OrganizationWireRecordSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const updated = await appendDecision(app, reply, () =>
        decideOrganization(
          {
            type: 'UpdateOrganization',
            caller: callerReachOf(app, callerOf(request)),
            organizationId: id,
            save: request.body,
          },
          stateOf(id),
          { now: app.clock.now(), newId: randomUUID },
        ),
      );
      return updated ? app.organizations.byId(id) : reply;
    },
  );
};
