// Areas (exclusion zones, points of interest, stations) of live §7: list, create, update, delete. Each write is
// parse (domain/areas/areaRecord.ts) → load (areaRepository) → decide (areaDecider) → append.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AreaListSchema, AreaRecordSchema, AreaSaveSchema, type AreaSave } from '#domain/areas/areaRecord';
import {
  ADD_AREA,
  DELETE_AREA,
  EDIT_AREA,
  EDIT_AUTONOMOUS_VEHICLE_AREA,
  VIEW_AREAS,
} from '#domain/session/liveOperationsPermissions';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { IdParamsSchema, type IdParams } from '#domain/wire/requestParts';
import { decideArea, type AreaCaller, type AreaCommand, type AreaState } from './areaDecider.ts';
import { createAreaRepository } from './areaRepository.ts';
import { callerOf } from '../http/caller.ts';
import { contractRoute } from '../kernel/contract.ts';
import {
  appendDecision,
  callerReachOf,
  deleteResponses,
  writeErrorResponses,
  organizationListRoute,
} from '../http/routeSupport.ts';

export const areaRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const areas = createAreaRepository(app.eventLog.db);

  function areaCaller(request: FastifyRequest): AreaCaller {
    const caller = callerOf(request);
    return {
      ...callerReachOf(app, caller),
      isStaff: hasAnyPermission(caller.permissions, EDIT_AUTONOMOUS_VEHICLE_AREA),
    };
  }

  function stateFor(areaId: string | null, organizationId: string | null, save: AreaSave | null): AreaState {
    const area = areaId === null ? null : areas.byId(areaId);
    const owner = organizationId ?? area?.organization_id ?? null;
    return {
      area,
      areaType: save?.ez_type_id === null || save === null ? null : areas.areaType(String(save.ez_type_id)),
      organizationName: owner === null ? null : areas.organizationName(owner),
    };
  }

  const decide = (command: AreaCommand, state: AreaState) =>
    decideArea(command, state, { now: app.clock.now(), newId: randomUUID });

  organizationListRoute(app, '/api/organization/exclusion_zone', {
    permission: VIEW_AREAS,
    answer: AreaListSchema,
    list: (organizationIds) => areas.list(organizationIds),
  });

  app.post<{ Body: AreaSave }>(
    '/api/organization/exclusion_zone',
    {
      onRequest: [app.authenticate, app.requirePermission(ADD_AREA)],
      ...contractRoute({ body: AreaSaveSchema, response: { 201: AreaRecordSchema, ...writeErrorResponses } }),
    },
    async (request, reply) => {
      const organizationId = request.body.organization_id ?? callerOf(request).organizationId;
      const accepted = await appendDecision(app, reply, () =>
        decide(
          { type: 'CreateArea', caller: areaCaller(request), organizationId, save: request.body },
          stateFor(null, organizationId, request.body),
        ),
      );
      return accepted ? reply.code(201).send(accepted[0]?.event.data) : reply;
    },
  );

  app.put<{ Params: IdParams; Body: AreaSave }>(
    '/api/organization/exclusion_zone/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(EDIT_AREA)],
      ...contractRoute({
        params: IdParamsSchema,
        body: AreaSaveSchema,
        response: { 200: AreaRecordSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const accepted = await appendDecision(app, reply, () =>
        decide(
          { type: 'UpdateArea', caller: areaCaller(request), areaId: request.params.id, save: request.body },
          stateFor(request.params.id, null, request.body),
        ),
      );
      return accepted ? accepted[0]?.event.data : reply;
    },
  );

  app.delete<{ Params: IdParams }>(
    '/api/organization/exclusion_zone/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(DELETE_AREA)],
      ...contractRoute({ params: IdParamsSchema, response: deleteResponses }),
    },
    async (request, reply) => {
      const accepted = await appendDecision(app, reply, () =>
        decide(
          { type: 'DeleteArea', caller: areaCaller(request), areaId: request.params.id },
          stateFor(request.params.id, null, null),
        ),
      );
      return accepted ? { id: request.params.id } : reply;
    },
  );
};
