// Monthly reports (access §2 "Monthly reports", §3 "Monthly report item", §5): the list item as the simulator
// writes it, the dashboard's item and mapper (items failing the schema are dropped), the report's file name, and
// the year → month → organization tree the screen shows, newest first. Read top to bottom: schema, type, mapper,
// rules.
import * as v from 'valibot';
import { decodeRecords, type DecodeResult } from '#domain/wire/decode';

/** Access §5 and §9: reports exist from 2014. */
export const FIRST_REPORT_YEAR = 2014;

export const MonthlyReportRecordSchema = v.object({
  file_id: v.string(),
  year: v.pipe(v.number(), v.integer(), v.minValue(FIRST_REPORT_YEAR)),
  month: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  organization_id: v.string(),
  organization_name: v.string(),
});
export type MonthlyReportRecord = v.InferOutput<typeof MonthlyReportRecordSchema>;

export const MonthlyReportListSchema = v.array(MonthlyReportRecordSchema);

/**
 * `GET /reports/organization_monthly_report_status?filename=` (the simulator's; issue 29): whether the PDF is ready
 * and, while it is being made, how much of the month has been read (0 to 1). Asking starts the making.
 */
export const MonthlyReportStatusSchema = v.object({
  ready: v.boolean(),
  progress: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
});
export type MonthlyReportStatus = v.InferOutput<typeof MonthlyReportStatusSchema>;

/** The progress line a download shows while the report is made (issue 29). */
export function preparingText(progress: number | null): string {
  if (progress === null) return 'Preparing report…';
  return `Preparing report: ${Math.floor(progress * 100)}% of the month read`;
}

export type MonthlyReportItem = {
  fileId: string;
  year: number;
  month: number;
  organizationId: string;
  organizationName: string;
};

export function mapMonthlyReport(record: MonthlyReportRecord): MonthlyReportItem {
  return {
    fileId: record.file_id,
    year: record.year,
    month: record.month,
    organizationId: record.organization_id,
    organizationName: record.organization_name,
  };
}

export function decodeMonthlyReports(input: unknown): DecodeResult<MonthlyReportItem> {
  return decodeRecords(MonthlyReportRecordSchema, mapMonthlyReport, input);
}

// ---------------------------------------------------------------------------------------------
// Rules

/** `monthly-{organization}-{yyyy}-{mm}.pdf`. */
export function monthlyReportFileId(organizationId: string, year: number, month: number): string {
  return `monthly-${organizationId}-${year}-${String(month).padStart(2, '0')}.pdf`;
}

/**
 * The name a monthly report downloads under (issue 37 item 11): the organization and the month, not the file's id —
 * "Cook_County_Coordination_Center_2026-03_monthly_report.pdf"; the same characters as an export's name.
 */
export function monthlyReportFileName(organizationName: string, year: number, month: number): string {
  const base = organizationName.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'organization';
  return `${base}_${year}-${String(month).padStart(2, '0')}_monthly_report.pdf`;
}

export function parseMonthlyReportFileId(
  fileId: string,
): { organizationId: string; year: number; month: number } | null {
  const match = /^monthly-([\w-]+)-(\d{4})-(\d{2})\.pdf$/.exec(fileId);
  if (!match) return null;
  const year = Number(match[2]);
  const month = Number(match[3]);
  if (year < FIRST_REPORT_YEAR || month < 1 || month > 12) return null;
  return { organizationId: match[1] ?? '', year, month };
}

export type ReportMonth = { month: number; reports: MonthlyReportItem[] };
export type ReportYear = { year: number; months: ReportMonth[] };

/**
 * The tree: years newest first, each year's months newest first, each month's organizations by name in the user's
 * text order (`compareText` from the edge).
 */
export function monthlyReportTree(
  items: readonly MonthlyReportItem[],
  compareText: (a: string, b: string) => number,
): ReportYear[] {
  const sorted = [...items].sort(
    (a, b) =>
      b.year - a.year ||
      b.month - a.month ||
      compareText(a.organizationName, b.organizationName) ||
      a.organizationId.localeCompare(b.organizationId),
  );
  const years: ReportYear[] = [];
  for (const item of sorted) {
    let year = years.at(-1);
    if (year?.year !== item.year) {
      year = { year: item.year, months: [] };
      years.push(year);
    }
    let month = year.months.at(-1);
    if (month?.month !== item.month) {
      month = { month: item.month, reports: [] };
      year.months.push(month);
    }
    month.reports.push(item);
  }
  return years;
}
