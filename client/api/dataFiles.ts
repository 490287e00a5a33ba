// The Data section's calls (access §7 "Reports and exports"): the export list, create and delete, the monthly report
// list, the custom reports' list, create and delete (paths ours: docs/contract.md), and file links. Failures come back as the texts the section shows (access §8 "Reports", "Exports").
import { decodeExports, type ExportItem } from '#domain/exports/export';
import type { ExportRequest } from '#domain/exports/exportRecord';
import * as v from 'valibot';
import {
  decodeMonthlyReports,
  MonthlyReportStatusSchema,
  type MonthlyReportItem,
  type MonthlyReportStatus,
} from '#domain/reports/monthlyReport';
import {
  decodeCustomReports,
  type CustomReportItem,
  type CustomReportRequest,
} from '#domain/reports/customReport';
import type { ApiClient, ApiResult } from './httpClient.ts';
import { failure, succeeded, type Result } from '../ui/result.ts';

/** Access §8 "Reports": 'Connection failed' for status 0, else the server's message or 'Unknown failure'. */
function failureText(result: Extract<ApiResult<unknown>, { ok: false }>): string {
  if (result.status === 0) return 'Connection failed';
  const body = result.body as { message?: unknown; error?: unknown } | null;
  const text =
    typeof body?.message === 'string' ? body.message : typeof body?.error === 'string' ? body.error : '';
  return text && text !== 'bad_request' ? text : 'Unknown failure';
}

function outcome<T, R>(result: ApiResult<T>, map: (data: T) => R): Result<R> {
  return result.ok ? succeeded(map(result.value)) : failure(failureText(result));
}

export async function listExports(client: ApiClient, organizationId: string): Promise<Result<ExportItem[]>> {
  const result = await client.request<unknown>('GET', '/organization/export', {
    query: { 'org_ids[]': [organizationId] },
  });
  return outcome(result, (data) => decodeExports(data).records);
}

/** The server payload (access §3 "Export request (server payload)"), as the wizard builds it. */
export type ExportPayload = Omit<ExportRequest, 'use_utc'> & { use_utc: boolean };

export async function createExport(client: ApiClient, payload: ExportPayload): Promise<Result<null>> {
  const result = await client.request('POST', '/organization/export', { body: payload });
  return outcome(result, () => null);
}

export async function deleteExport(client: ApiClient, id: string): Promise<Result<null>> {
  const result = await client.request('DELETE', `/organization/export/${encodeURIComponent(id)}`);
  return outcome(result, () => null);
}

export async function listMonthlyReports(
  client: ApiClient,
  userOrganizationId: string,
): Promise<Result<MonthlyReportItem[]>> {
  const result = await client.request<unknown>(
    'GET',
    `/reports/${encodeURIComponent(userOrganizationId)}/organization_monthly_report_list`,
  );
  return outcome(result, (data) => decodeMonthlyReports(data).records);
}

const CUSTOM_REPORTS = '/reports/custom_reports';

export async function listCustomReports(
  client: ApiClient,
  organizationId: string,
): Promise<Result<CustomReportItem[]>> {
  const result = await client.request<unknown>('GET', CUSTOM_REPORTS, {
    query: { 'org_ids[]': [organizationId] },
  });
  return outcome(result, (data) => decodeCustomReports(data).records);
}

export async function createCustomReport(
  client: ApiClient,
  payload: CustomReportRequest,
): Promise<Result<null>> {
  const result = await client.request('POST', CUSTOM_REPORTS, { body: payload });
  return outcome(result, () => null);
}

export async function deleteCustomReport(client: ApiClient, id: string): Promise<Result<null>> {
  const result = await client.request('DELETE', `${CUSTOM_REPORTS}/${encodeURIComponent(id)}`);
  return outcome(result, () => null);
}

/** A file's download URL; a missing file reads 'File not found'. */
export async function fileLink(
  client: ApiClient,
  fileId: string,
  isExport: boolean,
): Promise<Result<string>> {
  const result = await client.request<{ file_url?: unknown }>(
    'GET',
    '/reports/organization_monthly_report_pdf_link',
    {
      query: { filename: fileId, ...(isExport ? { is_downloadable: 'true' } : {}) },
    },
  );
  return outcome(result, (data) => (typeof data.file_url === 'string' ? data.file_url : ''));
}

/** Whether a monthly report's PDF is ready, or how far its making is; starts the making (the simulator's call). */
export async function monthlyReportStatus(
  client: ApiClient,
  fileId: string,
): Promise<Result<MonthlyReportStatus>> {
  const result = await client.request<unknown>('GET', '/reports/organization_monthly_report_status', {
    query: { filename: fileId },
  });
  if (!result.ok) return { ok: false, message: failureText(result) };
  const parsed = v.safeParse(MonthlyReportStatusSchema, result.value);
  return parsed.success ? { ok: true, value: parsed.output } : { ok: false, message: 'Unknown failure' };
}
