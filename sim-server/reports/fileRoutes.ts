// File links and downloads (access §7 "Reports and exports"): `GET /api/reports/organization_monthly_report_pdf_link`
// answers a short-lived link to a monthly or custom report's PDF (made on first ask), or with `is_downloadable=true` to an export's file, once the
// caller's permission and organization are checked; `GET /api/files/{kind}/{fileId}` serves what such a link names
// (the link's signature stands in for the bearer token a browser download cannot send).
import fs from 'node:fs';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { exportFileName } from '#domain/exports/export';
import { FileLinkAnswerSchema, FileLinkQuerySchema, type FileLinkQuery } from '#domain/exports/exportRecord';
import { FILE_NOT_FOUND } from '#domain/exports/exportRules';
import { customReportIdOf } from '#domain/reports/customReport';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { VIEW_DATA, VIEW_EXPORTS, VIEW_REPORTS } from '#domain/session/routeGates';
import { callerOf } from '../http/caller.ts';
import { createExportRepository } from '../exports/exportRepository.ts';
import { createCustomReportRepository } from './customReportRepository.ts';
import { FILE_KINDS, type FileKind } from '../files/fileStore.ts';
import { contractRoute } from '../kernel/contract.ts';
import { errorSchema } from '../http/errorSchema.ts';
import { readErrorResponses, sendForbidden, sendNotFound } from '../http/routeSupport.ts';

const FileParamsSchema = v.object({
  kind: v.picklist(FILE_KINDS),
  fileId: v.pipe(v.string(), v.regex(/^[\w.-]{1,200}$/, 'must be a file name')),
});
type FileParams = v.InferOutput<typeof FileParamsSchema>;

const FileQuerySchema = v.object({
  expires: v.pipe(v.string(), v.regex(/^\d{1,16}$/, 'must be a time')),
  signature: v.pipe(v.string(), v.maxLength(100)),
});
type FileQuery = v.InferOutput<typeof FileQuerySchema>;

const CONTENT_TYPES: Record<string, string> = {
  '.csv': 'text/csv; charset=utf-8',
  '.zip': 'application/zip',
  '.pdf': 'application/pdf',
};

export const fileRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const exports = createExportRepository(app.eventLog.db);
  const customReports = createCustomReportRepository(app.eventLog.db);
  const exportIdOf = (fileId: string) => fileId.replace(/\.(csv|zip)$/, '');

  /** The absolute link, on the public origin (never the request's Host: issue 24), for `kind/fileId` once the file
   * exists, else 404 "File not found". */
  function answerLink(reply: FastifyReply, kind: FileKind, fileId: string) {
    if (!app.files.exists(kind, fileId)) return sendNotFound(reply, FILE_NOT_FOUND);
    return { file_url: `${app.links.origin()}${app.files.linkTo(kind, fileId, app.clock.now())}` };
  }

  app.get<{ Querystring: FileLinkQuery }>(
    '/api/reports/organization_monthly_report_pdf_link',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_DATA)],
      ...contractRoute({
        querystring: FileLinkQuerySchema,
        response: { 200: FileLinkAnswerSchema, ...readErrorResponses },
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { filename } = request.query;
      if (request.query.is_downloadable === 'true') {
        if (!hasAnyPermission(caller.permissions, VIEW_EXPORTS)) return sendForbidden(reply);
        const record = exports.byId(exportIdOf(filename));
        if (
          !record ||
          record.file_id !== filename ||
          !caller.reachableOrganizationIds.has(record.organization_id)
        )
          return sendNotFound(reply, FILE_NOT_FOUND);
        return answerLink(reply, 'exports', filename);
      }
      if (!hasAnyPermission(caller.permissions, VIEW_REPORTS)) return sendForbidden(reply);
      const customId = customReportIdOf(filename);
      if (customId !== null) {
        const custom = customReports.byId(customId);
        if (!custom || !caller.reachableOrganizationIds.has(custom.organization_id))
          return sendNotFound(reply, FILE_NOT_FOUND);
        await app.customReportFiles.ensure(custom);
        return answerLink(reply, 'reports', filename);
      }
      const report = app.monthlyReports.parseFileId(filename);
      if (!report || !caller.reachableOrganizationIds.has(report.organizationId))
        return sendNotFound(reply, FILE_NOT_FOUND);
      if (!(await app.monthlyReports.ensure(report))) return sendNotFound(reply, FILE_NOT_FOUND);
      return answerLink(reply, 'reports', filename);
    },
  );

  app.get<{ Params: FileParams; Querystring: FileQuery }>(
    '/api/files/:kind/:fileId',
    {
      ...contractRoute({
        params: FileParamsSchema,
        querystring: FileQuerySchema,
        response: { 400: errorSchema, 404: errorSchema },
      }),
    },
    async (request, reply) => {
      const { kind, fileId } = request.params;
      const link = {
        kind,
        fileId,
        expires: Number(request.query.expires),
        signature: request.query.signature,
      };
      if (!app.files.verify(link, app.clock.now()) || !app.files.exists(kind, fileId))
        return sendNotFound(reply, FILE_NOT_FOUND);
      const extension = fileId.slice(fileId.lastIndexOf('.'));
      const record = kind === 'exports' ? exports.byId(exportIdOf(fileId)) : null;
      const downloadName = record
        ? exportFileName(record.title, fileId)
        : ((kind === 'reports' ? app.monthlyReports.downloadName(fileId) : null) ?? fileId);
      return reply
        .header('content-type', CONTENT_TYPES[extension] ?? 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${downloadName}"`)
        .send(fs.createReadStream(app.files.pathOf(kind, fileId)));
    },
  );
};
