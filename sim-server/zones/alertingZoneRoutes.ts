// Alerting zones of live §7 (wrong-way-driver zones): list (optionally by hotspot), create, update, delete. Each
// write is parse (domain/zones/alertingZoneRecord.ts) → load (alertingZoneRepository) → decide → append.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { MANAGE_ZONES, VIEW_ZONES } from '#domain/session/liveOperationsPermissions';
import {
  IdParamsSchema,
  OrganizationIdsQueryEntries,
  RequestIdSchema,
  type IdParams,
} from '#domain/wire/requestParts';
import {
  AlertingZoneListSchema,
  AlertingZoneRecordSchema,
  AlertingZoneSaveSchema,
  type AlertingZoneSave,
} from '#domain/zones/alertingZoneRecord';
import { callerOf } from '../http/caller.ts';
import { contractRoute } from '../kernel/contract.ts';
import {
  decideAlertingZone,
  type AlertingZoneCommand,
  type AlertingZoneState,
} from './alertingZoneDecider.ts';
import { createAlertingZoneRepository } from './alertingZoneRepository.ts';
import {
  appendDecision,
  callerReachOf,
  deleteResponses,
  readableOrganizationIds,
  readErrorResponses,
  writeErrorResponses,
} from '../http/routeSupport.ts';

const AlertingZoneListQuerySchema = v.looseObject({
  ...OrganizationIdsQueryEntries,
  hotspot_id: v.optional(RequestIdSchema),
});

export const alertingZoneRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const zones = createAlertingZoneRepository(app.eventLog.db);
  const decide = (command: AlertingZoneCommand, state: AlertingZoneState) =>
    decideAlertingZone(command, state, { now: app.clock.now(), newId: randomUUID });

  app.get<{ Querystring: v.InferOutput<typeof AlertingZoneListQuerySchema> }>(
    '/api/organization/alerting_zones',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_ZONES)],
      ...contractRoute({
        querystring: AlertingZoneListQuerySchema,
        response: { 200: AlertingZoneListSchema, ...readErrorResponses },
      }),
    },
    async (request, reply) => {
      const organizationIds = readableOrganizationIds(callerOf(request), request.query, reply);
      if (!organizationIds) return reply;
      return zones.list(organizationIds, request.query.hotspot_id ?? null);
    },
  );

  app.post<{ Body: AlertingZoneSave }>(
    '/api/organization/alerting_zones',
    {
      onRequest: [app.authenticate, app.requirePermission(MANAGE_ZONES)],
      ...contractRoute({
        body: AlertingZoneSaveSchema,
        response: { 201: AlertingZoneRecordSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const accepted = await appendDecision(app, reply, () =>
        decide(
          {
            type: 'CreateAlertingZone',
            caller: callerReachOf(app, caller),
            organizationId: request.body.organization_id ?? caller.organizationId,
            save: request.body,
          },
          null,
        ),
      );
      return accepted ? reply.code(201).send(accepted[0]?.event.data) : reply;
    },
  );

  app.put<{ Params: IdParams; Body: AlertingZoneSave }>(
    '/api/organization/alerting_zones/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(MANAGE_ZONES)],
      ...contractRoute({
        params: IdParamsSchema,
        body: AlertingZoneSaveSchema,
        response: { 200: AlertingZoneRecordSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const accepted = await appendDecision(app, reply, () =>
        decide(
          {
            type: 'UpdateAlertingZone',
            caller: callerReachOf(app, callerOf(request)),
            zoneId: request.params.id,
            save: request.body,
          },
          zones.byId(request.params.id),
        ),
      );
      return accepted ? accepted[0]?.event.data : reply;
    },
  );

  app.delete<{ Params: IdParams }>(
    '/api/organization/alerting_zones/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(MANAGE_ZONES)],
      ...contractRoute({ params: IdParamsSchema, response: deleteResponses }),
    },
    async (request, reply) => {
      const accepted = await appendDecision(app, reply, () =>
        decide(
          {
            type: 'DeleteAlertingZone',
            caller: callerReachOf(app, callerOf(request)),
            zoneId: request.params.id,
          },
          zones.byId(request.params.id),
        ),
      );
      return accepted ? { id: request.params.id } : reply;
    },
  );
};
