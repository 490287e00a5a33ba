// Custom reports (access §2 tab custom, §5, §6; the document shows no paths, so they are ours, docs/contract.md):
// `GET /api/reports/custom_reports?org_ids[]=` lists them, `POST` asks for one, `DELETE .../{id}` removes it and its
// PDF. Each write is parse (domain/reports/customReport.ts) → load → decide (reports/customReportDecider.ts) →
// append, one transaction. The PDF comes through the reports' file link call (fileRoutes.ts), made on first ask.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  CREATE_REPORTS,
  CustomReportListSchema,
  CustomReportRecordSchema,
  CustomReportRequestSchema,
  DELETE_REPORTS,
  type CustomReportRequest,
} from '#domain/reports/customReport';
import { VIEW_REPORTS } from '#domain/session/routeGates';
import { IdParamsSchema, type IdParams } from '#domain/wire/requestParts';
import { callerOf } from '../http/caller.ts';
import { createExportRepository } from '../exports/exportRepository.ts';
import {
  decideCustomReport,
  type CustomReportCaller,
  type CustomReportCommand,
  type CustomReportState,
} from './customReportDecider.ts';
import { createCustomReportRepository } from './customReportRepository.ts';
import { contractRoute } from '../kernel/contract.ts';
import {
  appendDecision,
  appendLoadedDecision,
  callerReachOf,
  deleteResponses,
  organizationListRoute,
  writeErrorResponses,
} from '../http/routeSupport.ts';

export const CUSTOM_REPORTS_PATH = '/api/reports/custom_reports';

export const customReportRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const reports = createCustomReportRepository(app.eventLog.db);
  const organizations = createExportRepository(app.eventLog.db);

  function reportCaller(request: FastifyRequest): CustomReportCaller {
    const caller = callerOf(request);
    return {
      ...callerReachOf(app, caller),
      userId: caller.userId,
      userName: organizations.userName(caller.userId) ?? caller.userId,
    };
  }

  const decide = (command: CustomReportCommand, state: CustomReportState) =>
    decideCustomReport(command, state, { now: app.clock.now(), newId: randomUUID });

  organizationListRoute(app, CUSTOM_REPORTS_PATH, {
    permission: VIEW_REPORTS,
    answer: CustomReportListSchema,
    list: (organizationIds) => reports.list(organizationIds),
  });

  app.post<{ Body: CustomReportRequest }>(
    CUSTOM_REPORTS_PATH,
    {
      onRequest: [app.authenticate, app.requirePermission(CREATE_REPORTS)],
      ...contractRoute({
        body: CustomReportRequestSchema,
        response: { 201: CustomReportRecordSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const body = request.body;
      const accepted = await appendDecision(app, reply, () =>
        decide(
          { type: 'RequestCustomReport', caller: reportCaller(request), request: body },
          {
            report: null,
            visibleThingIds: organizations.visibleThingIds(body.organization_id, body.thing_uuids),
            organizationTimeZone: organizations.organizationZone(body.organization_id)?.timeZone ?? 'UTC',
          },
        ),
      );
      if (!accepted) return reply;
      return reply.code(201).send(accepted[0]?.event.data);
    },
  );

  app.delete<{ Params: IdParams }>(
    `${CUSTOM_REPORTS_PATH}/:id`,
    {
      onRequest: [app.authenticate, app.requirePermission(DELETE_REPORTS)],
      ...contractRoute({ params: IdParamsSchema, response: deleteResponses }),
    },
    async (request, reply) => {
      const deleted = await appendLoadedDecision(
        app,
        reply,
        () => reports.byId(request.params.id),
        (record) =>
          decide(
            { type: 'DeleteCustomReport', caller: reportCaller(request), id: request.params.id },
            { report: record },
          ),
      );
      if (!deleted) return reply;
      if (deleted.state) app.customReportFiles.remove(deleted.state);
      return { id: request.params.id };
    },
  );
};
