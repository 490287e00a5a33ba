// Custom reports (access §1, §2 "data/reports" tab custom, §5 "Custom reports", §9): a PDF a user asks for over a
// range, assets and closure types of their choosing. The document gives the rules and the texts, not the calls
// (§7 "Custom report calls: paths not shown"), so the record, the request and the two kinds are ours
// (docs/data.md): an Activity report (distance, positions, time alerting, incidents and the chosen closures) and
// a Mileage report (distance per asset, in miles or kilometers, optionally by region). Read top to bottom: names,
// the record, the request, the dashboard's item and mapper, the rules.
import * as v from 'valibot';
import { MILEAGE_UNITS, type MileageUnit } from '#domain/exports/exportRecord';
import {
  ASSET_REQUIRED,
  CLOSURE_OR_ASSET_REQUIRED,
  pastRangeProblem,
  type OpenRange,
} from '#domain/exports/exportRules';
import { startOfMonthInZone } from '#domain/units/zonedTime';
import { decodeRecords, parseServerTime, type DecodeResult } from '#domain/wire/decode';
import { RequestIdSchema } from '#domain/wire/requestParts';

// ---------------------------------------------------------------------------------------------
// Names

export const CUSTOM_REPORT_TYPES = ['activity', 'mileage'] as const;
export type CustomReportType = (typeof CUSTOM_REPORT_TYPES)[number];

export const CUSTOM_REPORT_TYPE_LABELS: Readonly<Record<CustomReportType, string>> = {
  activity: 'Activity',
  mileage: 'Mileage',
};

/** Access §5: a custom report includes manual or feed closures (automated ones follow an asset, which is chosen
 * as an asset). */
export const REPORT_CLOSURE_TYPES = ['manual', 'feed'] as const;
export type ReportClosureType = (typeof REPORT_CLOSURE_TYPES)[number];

export const REPORT_CLOSURE_TYPE_LABELS: Readonly<Record<ReportClosureType, string>> = {
  manual: 'Manual closures',
  feed: 'Feed closures',
};

export const CUSTOM_REPORT_TITLE_MAX_LENGTH = 255;

const isoTime = v.pipe(
  v.string(),
  v.check((text) => !Number.isNaN(Date.parse(text)), 'must be an ISO 8601 time'),
);

// ---------------------------------------------------------------------------------------------
// The record, as the simulator lists it and its events carry it

export const CustomReportRecordSchema = v.object({
  id: v.string(),
  organization_id: v.string(),
  requested_by: v.string(),
  requested_by_name: v.string(),
  report_type: v.picklist(CUSTOM_REPORT_TYPES),
  title: v.string(),
  report_start_time: v.string(),
  report_end_time: v.string(),
  use_utc: v.boolean(),
  /** The zone the report's times and days are in: the organization's, or UTC when asked. */
  time_zone: v.string(),
  thing_uuids: v.array(v.string()),
  closures_to_include: v.array(v.picklist(REPORT_CLOSURE_TYPES)),
  by_region: v.boolean(),
  unit_of_measurement: v.picklist(MILEAGE_UNITS),
  requested_at: v.string(),
  /** `custom-{id}.pdf`, made when first asked for through the file link call. */
  file_id: v.string(),
});
export type CustomReportRecord = v.InferOutput<typeof CustomReportRecordSchema>;

export const CustomReportListSchema = v.array(CustomReportRecordSchema);

// ---------------------------------------------------------------------------------------------
// The create body; the rules across fields are below and in the simulator's decider

export const CustomReportRequestSchema = v.object({
  report_type: v.picklist(CUSTOM_REPORT_TYPES, 'must be activity or mileage'),
  title: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'Required'),
    v.maxLength(CUSTOM_REPORT_TITLE_MAX_LENGTH, `at most ${CUSTOM_REPORT_TITLE_MAX_LENGTH} characters`),
  ),
  report_start_time: isoTime,
  report_end_time: isoTime,
  use_utc: v.optional(v.boolean(), false),
  organization_id: RequestIdSchema,
  thing_uuids: v.optional(v.pipe(v.array(RequestIdSchema), v.maxLength(10_000)), []),
  closures_to_include: v.optional(v.array(v.picklist(REPORT_CLOSURE_TYPES, 'must be manual or feed')), []),
  by_region: v.optional(v.boolean(), false),
  unit_of_measurement: v.optional(v.picklist(MILEAGE_UNITS, 'must be miles or kilometers'), 'miles'),
});
export type CustomReportRequest = v.InferOutput<typeof CustomReportRequestSchema>;

// ---------------------------------------------------------------------------------------------
// The dashboard's item

export type CustomReportItem = {
  id: string;
  type: CustomReportType;
  title: string;
  startDateTime: number;
  endDateTime: number;
  timeZone: string;
  assetCount: number;
  closuresToInclude: ReportClosureType[];
  byRegion: boolean;
  unitOfMeasurement: MileageUnit;
  requestedBy: string;
  requestedByName: string;
  requestedAt: number;
  fileId: string;
};

export function mapCustomReport(record: CustomReportRecord): CustomReportItem {
  return {
    id: record.id,
    type: record.report_type,
    title: record.title,
    startDateTime: parseServerTime(record.report_start_time) ?? 0,
    endDateTime: parseServerTime(record.report_end_time) ?? 0,
    timeZone: record.time_zone,
    assetCount: record.thing_uuids.length,
    closuresToInclude: record.closures_to_include,
    byRegion: record.by_region,
    unitOfMeasurement: record.unit_of_measurement,
    requestedBy: record.requested_by,
    requestedByName: record.requested_by_name,
    requestedAt: parseServerTime(record.requested_at) ?? 0,
    fileId: record.file_id,
  };
}

export function decodeCustomReports(input: unknown): DecodeResult<CustomReportItem> {
  return decodeRecords(CustomReportRecordSchema, mapCustomReport, input);
}

/** Newest request first. */
export function sortCustomReports(items: readonly CustomReportItem[]): CustomReportItem[] {
  return [...items].sort((a, b) => b.requestedAt - a.requestedAt || a.id.localeCompare(b.id));
}

// ---------------------------------------------------------------------------------------------
// Rules

/** Access §5, §9: a report covers at most 1 month, 4 for mileage. */
export function maxReportMonths(type: CustomReportType): number {
  return type === 'mileage' ? 4 : 1;
}

/** '{type label} Report {date}', the date already formatted by the caller. */
export function defaultCustomReportTitle(type: CustomReportType, dateText: string): string {
  return `${CUSTOM_REPORT_TYPE_LABELS[type]} Report ${dateText}`;
}

/** The previous full month on the wall clock of `timeZone` (within both kinds' limits). */
export function defaultCustomReportRange(now: number, timeZone: string): { start: number; end: number } {
  return { start: startOfMonthInZone(now, timeZone, -1), end: startOfMonthInZone(now, timeZone) - 1000 };
}

export function customReportRangeProblem(
  type: CustomReportType,
  range: OpenRange,
  now: number,
  timeZone: string,
): string | null {
  return pastRangeProblem(range, now, timeZone, maxReportMonths(type));
}

/** Access §5: a mileage report is about assets (at least 1); an activity report needs an asset or manual/feed
 * closures. */
export function customReportChoicesProblem(
  type: CustomReportType,
  choices: { thingIds: readonly string[]; closuresToInclude: readonly string[] },
): string | null {
  if (type === 'mileage') return choices.thingIds.length === 0 ? ASSET_REQUIRED : null;
  return choices.thingIds.length === 0 && choices.closuresToInclude.length === 0
    ? CLOSURE_OR_ASSET_REQUIRED
    : null;
}

/** `custom-{id}.pdf`. */
export function customReportFileId(id: string): string {
  return `custom-${id}.pdf`;
}

/** The report id a file id names, or null. */
export function customReportIdOf(fileId: string): string | null {
  return /^custom-([\w-]+)\.pdf$/.exec(fileId)?.[1] ?? null;
}

export const CUSTOM_REPORT_NOT_FOUND = 'Report not found';

/** Access §6 "report:manage/create/read/update/delete": who may ask for and delete custom reports. */
export const CREATE_REPORTS = ['report:create', 'report:manage'] as const;
export const DELETE_REPORTS = ['report:delete', 'report:manage'] as const;
