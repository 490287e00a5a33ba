// Closures of live §7: the list (full, then incremental by `last_updated_timestamp`), create, update (the whole
// form or the list's quick Activate/Deactivate), delete. Each write is parse (domain/closures/closureRecord.ts) →
// load (closureRepository) → decide (closureDecider) → append; the cable hears saves from the log.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import {
  ClosureDeletedAnswerSchema,
  ClosureListSchema,
  ClosureRecordSchema,
  ClosureSaveSchema,
  type ClosureRecord,
  type ClosureSave,
} from '#domain/closures/closureRecord';
import {
  ADD_CLOSURE,
  DELETE_CLOSURE,
  EDIT_CLOSURE,
  VIEW_CLOSURES,
} from '#domain/session/liveOperationsPermissions';
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
import {
  decideClosure,
  NO_CLOSURE_STATE,
  requestedClosureId,
  type ClosureCommand,
  type ClosureState,
} from './closureDecider.ts';
import { createClosureRepository } from './closureRepository.ts';
import { contractRoute } from '../kernel/contract.ts';
import {
  appendDecision,
  appendLoadedDecision,
  callerReachOf,
  readableOrganizationIds,
  readErrorResponses,
  requestedOrganizationIds,
  sendBadRequest,
  writeErrorResponses,
} from '../http/routeSupport.ts';

const ClosureListQuerySchema = v.looseObject({
  ...OrganizationIdsQueryEntries,
  last_updated_timestamp: v.optional(TimeQueryTextSchema),
});

export const closureRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const closures = createClosureRepository(app.eventLog.db);

  /** What a save decides on: the closure, the organization it goes to, the asset and WZDx id the body names. */
  function stateFor(
    closure: ClosureRecord | null,
    organizationId: string,
    save: ClosureSave | null,
  ): ClosureState {
    const externalId = save?.external_id?.trim();
    return {
      closure,
      organization: closures.organization(organizationId),
      asset: save?.thing_id ? closures.assetSeenBy(save.thing_id, organizationId) : null,
      externalIdHolder: externalId ? closures.externalIdHolder(externalId) : null,
    };
  }

  function decide(command: ClosureCommand, state: ClosureState) {
    return decideClosure(command, state, { now: app.clock.now(), newId: randomUUID });
  }

  app.get<{ Querystring: v.InferOutput<typeof ClosureListQuerySchema> }>(
    '/api/organization/closure',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_CLOSURES)],
      ...contractRoute({
        querystring: ClosureListQuerySchema,
        response: { 200: ClosureListSchema, ...readErrorResponses },
      }),
    },
    async (request, reply) => {
      const organizationIds = readableOrganizationIds(callerOf(request), request.query, reply);
      if (!organizationIds) return reply;
      const cursor = request.query.last_updated_timestamp;
      const since = cursor === undefined ? 0 : parseTimeQuery(cursor);
      if (!Number.isFinite(since))
        return sendBadRequest(reply, ['last_updated_timestamp: an ISO 8601 time or unix milliseconds']);
      return closures.list(organizationIds, since);
    },
  );

  app.post<{ Querystring: OrganizationIdsQuery; Body: ClosureSave }>(
    '/api/organization/closure',
    {
      onRequest: [app.authenticate, app.requirePermission(ADD_CLOSURE)],
      ...contractRoute({
        querystring: OrganizationIdsQuerySchema,
        body: ClosureSaveSchema,
        response: { 201: ClosureRecordSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const [organizationId = caller.organizationId] = requestedOrganizationIds(request.query, caller);
      const requestedId = requestedClosureId(request.body);
      const accepted = await appendDecision(app, reply, () =>
        decide(
          { type: 'CreateClosure', caller: callerReachOf(app, caller), organizationId, save: request.body },
          stateFor(requestedId === null ? null : closures.byId(requestedId), organizationId, request.body),
        ),
      );
      return accepted ? reply.code(201).send(accepted[0]?.event.data) : reply;
    },
  );

  app.put<{ Params: IdParams; Body: ClosureSave }>(
    '/api/organization/closure/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(EDIT_CLOSURE)],
      ...contractRoute({
        params: IdParamsSchema,
        body: ClosureSaveSchema,
        response: { 200: ClosureRecordSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const accepted = await appendDecision(app, reply, () => {
        const closure = closures.byId(request.params.id);
        return decide(
          {
            type: 'UpdateClosure',
            caller: callerReachOf(app, callerOf(request)),
            closureId: request.params.id,
            save: request.body,
          },
          closure ? stateFor(closure, closure.organization.id, request.body) : NO_CLOSURE_STATE,
        );
      });
      return accepted ? accepted[0]?.event.data : reply;
    },
  );

  app.delete<{ Params: IdParams }>(
    '/api/organization/closure/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(DELETE_CLOSURE)],
      ...contractRoute({
        params: IdParamsSchema,
        response: { 200: ClosureDeletedAnswerSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const deleted = await appendLoadedDecision(
        app,
        reply,
        () => closures.byId(request.params.id),
        (closure) =>
          decide(
            {
              type: 'DeleteClosure',
              caller: callerReachOf(app, callerOf(request)),
              closureId: request.params.id,
            },
            { ...NO_CLOSURE_STATE, closure },
          ),
      );
      const closure = deleted?.state;
      return closure ? { id: closure.id, external_id: closure.external_id } : reply;
    },
  );
};
