// Exports of access §7: list, create, delete. Each write is parse (domain/exports/exportRecord.ts) → load
// (exportRepository) → decide (exportDecider) → append; a created export goes to the worker's queue, which moves it
// on in the background (exports/exportWorker.ts).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ExportListSchema,
  ExportRecordSchema,
  ExportRequestSchema,
  type ExportRequest,
} from '#domain/exports/exportRecord';
import { WRITE_EXPORTS } from '#domain/exports/exportRules';
import { VIEW_EXPORTS } from '#domain/session/routeGates';
import { IdParamsSchema, type IdParams } from '#domain/wire/requestParts';
import { callerOf } from '../http/caller.ts';
import { decideExport, type ExportCaller, type ExportCommand, type ExportState } from './exportDecider.ts';
import { createExportRepository } from './exportRepository.ts';
import { contractRoute } from '../kernel/contract.ts';
import {
  appendDecision,
  appendLoadedDecision,
  callerReachOf,
  deleteResponses,
  writeErrorResponses,
  organizationListRoute,
} from '../http/routeSupport.ts';

export const exportRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const exports = createExportRepository(app.eventLog.db);

  function exportCaller(request: FastifyRequest): ExportCaller {
    const caller = callerOf(request);
    return {
      ...callerReachOf(app, caller),
      userId: caller.userId,
      userName: exports.userName(caller.userId) ?? caller.userId,
    };
  }

  const decide = (command: ExportCommand, state: ExportState) =>
    decideExport(command, state, { now: app.clock.now(), newId: randomUUID });

  organizationListRoute(app, '/api/organization/export', {
    permission: VIEW_EXPORTS,
    answer: ExportListSchema,
    list: (organizationIds) => exports.list(organizationIds),
  });

  app.post<{ Body: ExportRequest }>(
    '/api/organization/export',
    {
      onRequest: [app.authenticate, app.requirePermission(WRITE_EXPORTS)],
      ...contractRoute({
        body: ExportRequestSchema,
        response: { 201: ExportRecordSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const body = request.body;
      const accepted = await appendDecision(app, reply, () =>
        decide(
          { type: 'RequestExport', caller: exportCaller(request), request: body },
          {
            export: null,
            visibleThingIds: exports.visibleThingIds(body.organization_id, body.thing_uuids),
            organizationTimeZone: exports.organizationZone(body.organization_id)?.timeZone ?? 'UTC',
          },
        ),
      );
      if (!accepted) return reply;
      const created = accepted[0]?.event.data as { id: string };
      app.exportWorker.enqueue(created.id);
      return reply.code(201).send(created);
    },
  );

  app.delete<{ Params: IdParams }>(
    '/api/organization/export/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(WRITE_EXPORTS)],
      ...contractRoute({ params: IdParamsSchema, response: deleteResponses }),
    },
    async (request, reply) => {
      const deleted = await appendLoadedDecision(
        app,
        reply,
        () => exports.byId(request.params.id),
        (record) =>
          decide(
            { type: 'DeleteExport', caller: exportCaller(request), id: request.params.id },
            { export: record },
          ),
      );
      if (!deleted) return reply;
      if (deleted.state?.file_id) app.files.remove('exports', deleted.state.file_id);
      return { id: request.params.id };
    },
  );
};
