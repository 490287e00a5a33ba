// An export (access §3 "Export (server)") exactly as the simulator writes it: what `GET /api/organization/export`
// lists, what a create answers and the export events carry; then the create body (access §3 "Export request (server
// payload)") with its field rules. The rules across fields (range, assets) are in exportRules.ts; the dashboard's
// model and mapper in export.ts. Read top to bottom: the names, the record, the request.
import * as v from 'valibot';
import { CLOSURE_TYPES } from '#domain/closures/closure';
import { RequestIdSchema } from '#domain/wire/requestParts';

// ---------------------------------------------------------------------------------------------
// Names

/** The five export types of the wizard (access §2 "Export wizard"), by their wire names. */
export const EXPORT_TYPES = ['incident', 'point', 'asset', 'closure', 'mileage'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** Access §3: requested, then in progress, then completed or errored. */
export const EXPORT_STATUSES = ['requested', 'in_progress', 'errored', 'completed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const MILEAGE_UNITS = ['miles', 'kilometers'] as const;
export type MileageUnit = (typeof MILEAGE_UNITS)[number];

export const EXPORT_TITLE_MAX_LENGTH = 255;
const ISO_TIME_PROBLEM = 'must be an ISO 8601 time';
const isoTime = v.pipe(
  v.string(),
  v.check((text) => !Number.isNaN(Date.parse(text)), ISO_TIME_PROBLEM),
);

// ---------------------------------------------------------------------------------------------
// The record

export const ExportRecordSchema = v.object({
  id: v.string(),
  organization_id: v.string(),
  /** The requesting user's id: only they may delete it. */
  requested_by: v.string(),
  requested_by_name: v.string(),
  export_type: v.picklist(EXPORT_TYPES),
  title: v.string(),
  export_start_time: v.string(),
  export_end_time: v.string(),
  use_utc: v.boolean(),
  /** The organization's time zone the rows' times are written in unless `use_utc`. */
  time_zone: v.string(),
  thing_uuids: v.array(v.string()),
  include_no_thing_il: v.boolean(),
  closures_to_include: v.array(v.picklist(CLOSURE_TYPES)),
  by_region: v.boolean(),
  unit_of_measurement: v.picklist(MILEAGE_UNITS),
  requested_at: v.string(),
  completed_at: v.nullable(v.string()),
  /** `{id}.csv`, or `{id}.zip` when the CSV was large; null until completed. */
  file_id: v.nullable(v.string()),
  status: v.picklist(EXPORT_STATUSES),
  /** Rows written so far (the list shows progress) or in all once completed. */
  rows_written: v.number(),
  /** Why it failed, for an errored export. */
  error_reason: v.nullable(v.string()),
});
export type ExportRecord = v.InferOutput<typeof ExportRecordSchema>;

export const ExportListSchema = v.array(ExportRecordSchema);

// ---------------------------------------------------------------------------------------------
// The create body. Type options that do not apply to the type are accepted and ignored.

export const ExportRequestSchema = v.object({
  export_type: v.picklist(EXPORT_TYPES, 'must be incident, point, asset, closure or mileage'),
  title: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'Required'),
    v.maxLength(EXPORT_TITLE_MAX_LENGTH, `at most ${EXPORT_TITLE_MAX_LENGTH} characters`),
  ),
  export_start_time: isoTime,
  export_end_time: isoTime,
  use_utc: v.optional(v.boolean(), false),
  organization_id: RequestIdSchema,
  thing_uuids: v.optional(v.pipe(v.array(RequestIdSchema), v.maxLength(10_000)), []),
  include_no_thing_il: v.optional(v.boolean(), false),
  closures_to_include: v.optional(
    v.array(v.picklist(CLOSURE_TYPES, 'must be manual, automated or feed')),
    [],
  ),
  by_region: v.optional(v.boolean(), false),
  unit_of_measurement: v.optional(v.picklist(MILEAGE_UNITS, 'must be miles or kilometers'), 'miles'),
});
export type ExportRequest = v.InferOutput<typeof ExportRequestSchema>;

/** `GET /api/reports/organization_monthly_report_pdf_link`: a report's or (with is_downloadable) an export's file. */
export const FileLinkQuerySchema = v.object({
  filename: v.pipe(v.string(), v.regex(/^[\w.-]{1,200}$/, 'must be a file name')),
  is_downloadable: v.optional(v.picklist(['true', 'false'])),
});
export type FileLinkQuery = v.InferOutput<typeof FileLinkQuerySchema>;

export const FileLinkAnswerSchema = v.object({ file_url: v.string() });
export type FileLinkAnswer = v.InferOutput<typeof FileLinkAnswerSchema>;
