// Monthly reports of access §7: `GET /api/reports/{userOrgId}/organization_monthly_report_list` lists the reports
// of every organization the caller sees (own, managed, accessed); the PDF itself comes through the file link
// (fileRoutes.ts), made from the stored events when first asked for (reports/monthlyReports.ts);
// `GET /api/reports/organization_monthly_report_status` says whether it is ready, or how far its making is.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { FileLinkQuerySchema, type FileLinkQuery } from '#domain/exports/exportRecord';
import { FILE_NOT_FOUND } from '#domain/exports/exportRules';
import { MonthlyReportListSchema, MonthlyReportStatusSchema } from '#domain/reports/monthlyReport';
import { VIEW_REPORTS } from '#domain/session/routeGates';
import { RequestIdSchema } from '#domain/wire/requestParts';
import { callerOf } from '../http/caller.ts';
import { contractRoute } from '../kernel/contract.ts';
import { readErrorResponses, sendNotFound, sendOrganizationNotFound } from '../http/routeSupport.ts';

const ReportListParamsSchema = v.object({ userOrgId: RequestIdSchema });
type ReportListParams = v.InferOutput<typeof ReportListParamsSchema>;

export const reportRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  app.get<{ Params: ReportListParams }>(
    '/api/reports/:userOrgId/organization_monthly_report_list',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_REPORTS)],
      ...contractRoute({
        params: ReportListParamsSchema,
        response: { 200: MonthlyReportListSchema, ...readErrorResponses },
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (!caller.reachableOrganizationIds.has(request.params.userOrgId))
        return sendOrganizationNotFound(reply);
      return app.monthlyReports.list([...caller.reachableOrganizationIds]);
    },
  );

  // Asked before the link, so the dashboard can show how far a report being made is (issue 29).
  app.get<{ Querystring: FileLinkQuery }>(
    '/api/reports/organization_monthly_report_status',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_REPORTS)],
      ...contractRoute({
        querystring: FileLinkQuerySchema,
        response: { 200: MonthlyReportStatusSchema, ...readErrorResponses },
      }),
    },
    async (request, reply) => {
      const report = app.monthlyReports.parseFileId(request.query.filename);
      if (!report || !callerOf(request).reachableOrganizationIds.has(report.organizationId))
        return sendNotFound(reply, FILE_NOT_FOUND);
      return app.monthlyReports.status(report) ?? sendNotFound(reply, FILE_NOT_FOUND);
    },
  );
};
