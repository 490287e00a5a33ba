// The export rules of access §2 "Export wizard", §4, §5 "Exports", §6 and §9: type labels and the default title,
// default and largest date ranges, the range's problems in the product's words (`pastRangeProblem` serves custom
// reports too), the status groups the list's tabs show, and who may delete. Time and time zone come in as arguments.
import { addMonthsInZone, startOfDayInZone, startOfMonthInZone } from '#domain/units/zonedTime';
import type { ExportStatus, ExportType } from './exportRecord.ts';

export const EXPORT_TYPE_LABELS: Readonly<Record<ExportType, string>> = {
  incident: 'Incident',
  point: 'Point',
  asset: 'Asset',
  closure: 'Closure',
  mileage: 'Asset Mileage',
};

/** '{type label}s Export {date}', the date already formatted by the caller. */
export function defaultExportTitle(type: ExportType, dateText: string): string {
  return `${EXPORT_TYPE_LABELS[type]}s Export ${dateText}`;
}

export type ExportRange = { start: number; end: number };

/** The previous day, or for mileage the previous full month, on the wall clock of `timeZone`. */
export function defaultExportRange(type: ExportType, now: number, timeZone: string): ExportRange {
  if (type === 'mileage')
    return { start: startOfMonthInZone(now, timeZone, -1), end: startOfMonthInZone(now, timeZone) - 1000 };
  return { start: startOfDayInZone(now, timeZone, -1), end: startOfDayInZone(now, timeZone) - 1000 };
}

/** Access §9: an export covers at most 1 month, 4 for mileage. */
export function maxExportMonths(type: ExportType): number {
  return type === 'mileage' ? 4 : 1;
}

export const RANGE_REQUIRED = 'Must include valid dates';
export const END_IN_FUTURE = 'Must be past date';
export const END_BEFORE_START = 'End time must be after Start time';
export const RANGE_TOO_LONG = 'Exceeds max time range';
export const ASSET_REQUIRED = 'Must select at least 1 Asset';
export const CLOSURE_OR_ASSET_REQUIRED = 'Must include at least 1 Closure type or Asset';

export type OpenRange = { start: number | null; end: number | null };

/** The first problem of a range, or null: required, end after start, end no later than now, at most `maxMonths`
 * calendar months on the wall clock of `timeZone`. Exports and custom reports share it (access §5, §9). */
export function pastRangeProblem(
  range: OpenRange,
  now: number,
  timeZone: string,
  maxMonths: number,
): string | null {
  const { start, end } = range;
  if (start === null || end === null || Number.isNaN(start) || Number.isNaN(end)) return RANGE_REQUIRED;
  if (end <= start) return END_BEFORE_START;
  if (end > now) return END_IN_FUTURE;
  if (end > addMonthsInZone(start, maxMonths, timeZone)) return RANGE_TOO_LONG;
  return null;
}

/** An export's range problem, or null. */
export function exportRangeProblem(
  type: ExportType,
  range: OpenRange,
  now: number,
  timeZone: string,
): string | null {
  return pastRangeProblem(range, now, timeZone, maxExportMonths(type));
}

export type ExportChoices = { thingIds: readonly string[]; closuresToInclude: readonly string[] };

/** What the type needs chosen besides the range (access §5: a Point export needs an asset; a closure export a
 * closure type or an asset), or null. */
export function exportChoicesProblem(type: ExportType, choices: ExportChoices): string | null {
  if (type === 'point' && choices.thingIds.length === 0) return ASSET_REQUIRED;
  if (type === 'closure' && choices.thingIds.length === 0 && choices.closuresToInclude.length === 0)
    return CLOSURE_OR_ASSET_REQUIRED;
  return null;
}

/** Access §4: requested and in progress both show as requested (the In-Progress tab). */
export type ExportStatusGroup = 'requested' | 'errored' | 'completed';

export function exportStatusGroup(status: ExportStatus): ExportStatusGroup {
  return status === 'in_progress' ? 'requested' : status;
}

export const ONLY_CREATOR_CAN_DELETE = 'Only the export creator can delete';

/** Characters from the limit at which a counter turns red (access §5 "Forms in general"). */
export const COUNTER_WARNING_CHARACTERS = 5;

/** A request title's problem (exports and custom reports): required, and at most `maxLength` characters. */
export function titleProblem(title: string, maxLength: number): string | null {
  if (title.trim() === '') return 'Required';
  return title.length > maxLength ? `${maxLength} Max Characters` : null;
}
export const EXPORT_NOT_FOUND = 'Export not found';
export const FILE_NOT_FOUND = 'File not found';
export const FAILED_EXPORTS_NOTICE = 'The requested exports have failed and are no longer In-Progress.';
export const EXPORT_IN_PROGRESS_NOTICE =
  'Export In-Progress. When the file is ready, you can download directly from the Exports home section.';

/** Access §6: only the requester deletes an export. */
export function mayDeleteExport(requestedBy: string, userId: string): boolean {
  return requestedBy === userId;
}

/** Access §2, §9. */
export const EXPORT_DATE_FORMAT = 'dd-LLL-yy, pp';
export const EXPORT_ROW_HEIGHT_PX = 85;
export const EXPORT_SCROLL_DEBOUNCE_MS = 250;
export const EXPORT_REDIRECT_MS = 250;
/** A CSV larger than this is handed out zipped. */
export const EXPORT_ZIP_THRESHOLD_BYTES = 5 * 1024 * 1024;

/** Access §6 "Create or delete export": export create or delete, or manage. */
export const WRITE_EXPORTS = ['export:create', 'export:delete', 'export:manage'] as const;
