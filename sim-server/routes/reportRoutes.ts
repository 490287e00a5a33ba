// Monthly reports of access §7: `GET /api/reports/{userOrgId}/organization_monthly_report_list` lists the reports
// of every organization the caller sees (own, managed, accessed); the PDF itself comes through the file link
// (fileRoutes.ts), made from the stored events when first asked for (reports/monthlyReports.ts).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { MonthlyReportListSchema } from '#domain/reports/monthlyReport';
import { VIEW_REPORTS } from '#domain/session/routeGates';
import { RequestIdSchema } from '#domain/wire/requestParts';
import { callerOf } from '../auth/authPlugin.ts';
import { contractRoute } from '../shared/contract.ts';
import { readErrorResponses, sendOrganizationNotFound } from './routeSupport.ts';

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
};
