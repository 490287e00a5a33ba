// The billing view (access §2 accounts/billing, billing:read; the path and the plan data are ours, docs/contract.md
// "Billing"): an organization's billing id, plan, period, renewal and usage. Read-only: the provider's billing system
// changes plans, the dashboard does not. Its own and managed organizations only; one it merely accesses is not its
// business (403), any other is "Organization not found".
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { BILLING_NOT_FOUND, BillingRecordSchema } from '#domain/billing/billing';
import { VIEW_BILLING } from '#domain/session/routeGates';
import { IdParamsSchema, type IdParams } from '#domain/wire/requestParts';
import { callerOf } from '../http/caller.ts';
import { createBillingRepository } from './billingRepository.ts';
import { ORGANIZATION_NOT_FOUND_TEXT } from './organizationDecider.ts';
import { contractRoute } from '../kernel/contract.ts';
import { errorSchema } from '../http/errorSchema.ts';
import { callerReachOf, readErrorResponses, sendForbidden, sendUnprocessable } from '../http/routeSupport.ts';

export const billingRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const billing = createBillingRepository(app.eventLog.db);

  app.get<{ Params: IdParams }>(
    '/api/organization/:id/billing',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_BILLING)],
      ...contractRoute({
        params: IdParamsSchema,
        response: { 200: BillingRecordSchema, ...readErrorResponses, 422: errorSchema },
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const reach = callerReachOf(app, callerOf(request));
      if (!reach.reachable.has(id)) return sendUnprocessable(reply, ORGANIZATION_NOT_FOUND_TEXT);
      if (!reach.writable.has(id)) return sendForbidden(reply);
      return billing.billingOf(id) ?? sendUnprocessable(reply, BILLING_NOT_FOUND);
    },
  );
};
