// Monthly reports (access §2, §3, §7): one per organization and month, from the month the simulator's log begins to
// the current one (in the organization's time zone). The PDF is made from the stored events when first asked for
// and kept; the running month's is made again once it is older than REPORT_REFRESH_MS. Making one reads the month's
// telemetry a page at a time with a turn of the event loop between slices, like the export worker.
import fs from 'node:fs';
import { monthlyReportFileId, parseMonthlyReportFileId, type MonthlyReportRecord } from '#domain/reports/monthlyReport';
import { speedUnitFor } from '#domain/units/speed';
import { monthInZone, startOfMonthInZone } from '#domain/units/zonedTime';
import type { Clock } from '../shared/clock.ts';
import type { SqliteDatabase } from '../store/database.ts';
import type { ExportRepository } from '../exports/exportRepository.ts';
import type { FileStore } from '../files/fileStore.ts';
import { runInSlices } from './inSlices.ts';
import { writeMonthlyReportPdf } from './monthlyReportPdf.ts';
import { scanMonthlySummary } from './monthlySummary.ts';

/** The running month's report is made again when older than this. */
export const REPORT_REFRESH_MS = 5 * 60 * 1000;

export type ReportSubject = { organizationId: string; year: number; month: number };

export type MonthlyReports = {
  /** Every report of the organizations, newest month first, then by organization name. */
  list(organizationIds: readonly string[]): MonthlyReportRecord[];
  parseFileId(fileId: string): ReportSubject | null;
  /** Makes the report's PDF when missing or stale; false when there is no such report. */
  ensure(subject: ReportSubject): Promise<boolean>;
};

type OrganizationRow = { id: string; name: string; timezone: string | null; country_code: string | null };

export function createMonthlyReports(options: {
  db: SqliteDatabase;
  repository: ExportRepository;
  files: FileStore;
  clock: Clock;
  sliceMs: number;
}): MonthlyReports {
  const { db, repository, files, clock } = options;
  const firstRecorded = db.prepare<[], { recorded_at: number }>('SELECT recorded_at FROM events ORDER BY seq LIMIT 1');
  const selectOrganizations = db.prepare<[string], OrganizationRow>(
    'SELECT id, name, timezone, country_code FROM organizations WHERE id IN (SELECT value FROM json_each(?))',
  );
  const making = new Map<string, Promise<boolean>>();

  /** The months (year, month) an organization has reports for, newest first. */
  function monthsOf(timeZone: string): { year: number; month: number }[] {
    const first = firstRecorded.get()?.recorded_at;
    if (first === undefined) return [];
    const now = clock.now();
    const months: { year: number; month: number }[] = [];
    for (let offset = 0; ; offset -= 1) {
      const start = startOfMonthInZone(now, timeZone, offset);
      if (startOfMonthInZone(now, timeZone, offset + 1) <= first) break;
      months.push(monthInZone(start, timeZone));
      if (months.length > 12 * 50) break;
    }
    return months;
  }

  async function make(subject: ReportSubject, organization: OrganizationRow, fileId: string): Promise<boolean> {
    const timeZone = organization.timezone || 'UTC';
    const now = clock.now();
    const monthsBack = (() => {
      const current = monthInZone(now, timeZone);
      return (subject.year - current.year) * 12 + (subject.month - current.month);
    })();
    const start = startOfMonthInZone(now, timeZone, monthsBack);
    const end = startOfMonthInZone(now, timeZone, monthsBack + 1) - 1;
    const scan = scanMonthlySummary(repository, {
      organizationId: organization.id,
      organizationName: organization.name,
      year: subject.year,
      month: subject.month,
      timeZone,
      start,
      end,
      now,
    });
    await runInSlices(() => scan.step(), options.sliceMs);
    files.folder('reports');
    const partPath = files.pathOf('reports', `${fileId}.part`);
    await writeMonthlyReportPdf(scan.result(), partPath, speedUnitFor(organization.country_code) === 'mph');
    fs.renameSync(partPath, files.pathOf('reports', fileId));
    return true;
  }

  function isFresh(fileId: string, subject: ReportSubject, timeZone: string): boolean {
    if (!files.exists('reports', fileId)) return false;
    const madeAt = fs.statSync(files.pathOf('reports', fileId)).mtimeMs;
    const current = monthInZone(clock.now(), timeZone);
    const running = current.year === subject.year && current.month === subject.month;
    return !running || clock.now() - madeAt < REPORT_REFRESH_MS;
  }

  return {
    list(organizationIds) {
      const records: MonthlyReportRecord[] = [];
      for (const organization of selectOrganizations.all(JSON.stringify(organizationIds)))
        for (const { year, month } of monthsOf(organization.timezone || 'UTC'))
          records.push({
            file_id: monthlyReportFileId(organization.id, year, month),
            year,
            month,
            organization_id: organization.id,
            organization_name: organization.name,
          });
      return records.sort(
        (a, b) => b.year - a.year || b.month - a.month || a.organization_name.localeCompare(b.organization_name),
      );
    },
    parseFileId: parseMonthlyReportFileId,
    ensure(subject) {
      const organization = selectOrganizations.all(JSON.stringify([subject.organizationId]))[0];
      if (!organization) return Promise.resolve(false);
      const timeZone = organization.timezone || 'UTC';
      if (!monthsOf(timeZone).some((month) => month.year === subject.year && month.month === subject.month))
        return Promise.resolve(false);
      const fileId = monthlyReportFileId(subject.organizationId, subject.year, subject.month);
      if (isFresh(fileId, subject, timeZone)) return Promise.resolve(true);
      const running = making.get(fileId);
      if (running) return running;
      const made = make(subject, organization, fileId).finally(() => making.delete(fileId));
      making.set(fileId, made);
      return made;
    },
  };
}
