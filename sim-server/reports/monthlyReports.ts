// Monthly reports (access §2, §3, §7): one per organization and month, from the month the simulator's log begins to
// the current one (in the organization's time zone). The PDF is made from the stored events when first asked for
// and kept; the running month's is made again once it is older than REPORT_REFRESH_MS. Making one reads the month's
// telemetry a page at a time with a turn of the event loop between slices, like the export worker. While it is made,
// `status` says how far the reading is (issue 29: the first download shows progress); `warm` makes the current and
// previous month of every organization in the background after start, so a user rarely waits at all.
import fs from 'node:fs';
import {
  monthlyReportFileId,
  monthlyReportFileName,
  parseMonthlyReportFileId,
  type MonthlyReportRecord,
} from '#domain/reports/monthlyReport';
import { speedUnitFor } from '#domain/units/speed';
import { monthInZone, startOfMonthInZone } from '#domain/units/zonedTime';
import type { Clock } from '../kernel/clock.ts';
import type { SqliteDatabase } from '../store/database.ts';
import { firstLogEventFrom } from '../store/logReader.ts';
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
  /** The name the report `fileId` downloads under (organization and month), or null when it is no monthly report. */
  downloadName(fileId: string): string | null;
  /** Makes the report's PDF when missing or stale; false when there is no such report. */
  ensure(subject: ReportSubject): Promise<boolean>;
  /**
   * Whether the report's PDF is ready, else starts making it (without waiting) and says how far it is (0 to 1);
   * null when there is no such report.
   */
  status(subject: ReportSubject): { ready: boolean; progress: number } | null;
  /** Makes the current and previous month's reports of every organization that are missing, one after another. */
  warm(): Promise<void>;
  /** Stops background and running work at the next slice (the app is closing); resolves when it has stopped. */
  stop(): Promise<void>;
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
  // Sealed telemetry and rows alike (store/logReader.ts).
  const firstRecorded = { get: () => firstLogEventFrom(db, 1) };
  const selectOrganizations = db.prepare<[string], OrganizationRow>(
    'SELECT id, name, timezone, country_code FROM organizations WHERE id IN (SELECT value FROM json_each(?))',
  );
  const selectAllOrganizations = db.prepare<[], OrganizationRow>(
    'SELECT id, name, timezone, country_code FROM organizations ORDER BY name',
  );
  const making = new Map<string, { done: Promise<boolean>; progress: () => number }>();
  let stopped = false;
  let warming: Promise<void> | null = null;

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

  async function make(
    subject: ReportSubject,
    organization: OrganizationRow,
    fileId: string,
    reportProgress: (progress: () => number) => void,
  ): Promise<boolean> {
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
    // Reading the month is nearly all the work; writing the PDF is the last few per cent.
    reportProgress(() => scan.progress() * 0.95);
    await runInSlices(() => stopped || scan.step(), options.sliceMs);
    if (stopped) return false;
    files.folder('reports');
    const partPath = files.pathOf('reports', `${fileId}.part`);
    await writeMonthlyReportPdf(scan.result(), partPath, speedUnitFor(organization.country_code) === 'mph');
    fs.renameSync(partPath, files.pathOf('reports', fileId));
    return true;
  }

  /** The first instant after the subject's month, on the organization's calendar. */
  function endOfMonth(subject: ReportSubject, timeZone: string): number {
    const current = monthInZone(clock.now(), timeZone);
    const monthsBack = (subject.year - current.year) * 12 + (subject.month - current.month);
    return startOfMonthInZone(clock.now(), timeZone, monthsBack + 1);
  }

  function isRunning(subject: ReportSubject, timeZone: string): boolean {
    const current = monthInZone(clock.now(), timeZone);
    return current.year === subject.year && current.month === subject.month;
  }

  /**
   * A running month's file is fresh for REPORT_REFRESH_MS; a closed month's once it was made after the month ended
   * (one made while the month ran covers it only to that day).
   */
  function isFresh(fileId: string, subject: ReportSubject, timeZone: string): boolean {
    if (!files.exists('reports', fileId)) return false;
    const madeAt = fs.statSync(files.pathOf('reports', fileId)).mtimeMs;
    if (isRunning(subject, timeZone)) return clock.now() - madeAt < REPORT_REFRESH_MS;
    return madeAt >= endOfMonth(subject, timeZone);
  }

  /** Whether the background should make the report: missing, or a closed month's made before it ended. */
  function worthWarming(fileId: string, subject: ReportSubject, timeZone: string): boolean {
    if (!files.exists('reports', fileId)) return true;
    return !isRunning(subject, timeZone) && !isFresh(fileId, subject, timeZone);
  }

  /** The organization, its zone and the report's file id, when the report exists in the list. */
  function located(subject: ReportSubject): { organization: OrganizationRow; fileId: string; timeZone: string } | null {
    const organization = selectOrganizations.all(JSON.stringify([subject.organizationId]))[0];
    if (!organization) return null;
    const timeZone = organization.timezone || 'UTC';
    if (!monthsOf(timeZone).some((month) => month.year === subject.year && month.month === subject.month)) return null;
    return { organization, timeZone, fileId: monthlyReportFileId(subject.organizationId, subject.year, subject.month) };
  }

  /** The running making of the report, or a new one. */
  function startMaking(subject: ReportSubject, organization: OrganizationRow, fileId: string) {
    const running = making.get(fileId);
    if (running) return running;
    const entry = { done: Promise.resolve(false), progress: () => 0 };
    entry.done = make(subject, organization, fileId, (progress) => {
      entry.progress = progress;
    }).finally(() => making.delete(fileId));
    making.set(fileId, entry);
    return entry;
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
    downloadName(fileId) {
      const subject = parseMonthlyReportFileId(fileId);
      const organization = subject && selectOrganizations.all(JSON.stringify([subject.organizationId]))[0];
      return subject && organization ? monthlyReportFileName(organization.name, subject.year, subject.month) : null;
    },
    ensure(subject) {
      const found = located(subject);
      if (!found) return Promise.resolve(false);
      if (isFresh(found.fileId, subject, found.timeZone)) return Promise.resolve(true);
      return startMaking(subject, found.organization, found.fileId).done;
    },
    status(subject) {
      const found = located(subject);
      if (!found) return null;
      if (isFresh(found.fileId, subject, found.timeZone)) return { ready: true, progress: 1 };
      const entry = startMaking(subject, found.organization, found.fileId);
      // A failed making is logged by whoever waits on it (the link call); here it only stops counting.
      entry.done.catch(() => undefined);
      return { ready: false, progress: entry.progress() };
    },
    warm() {
      warming ??= (async () => {
        for (const organization of selectAllOrganizations.all()) {
          const timeZone = organization.timezone || 'UTC';
          // monthsOf lists the months the log covers, newest first: the current and the previous one. A running
          // month's older file is remade when asked for, not over and over in the background, so warming again
          // after a month closes costs about one report per organization.
          for (const month of monthsOf(timeZone).slice(0, 2)) {
            if (stopped) return;
            const subject = { organizationId: organization.id, ...month };
            const fileId = monthlyReportFileId(organization.id, month.year, month.month);
            if (worthWarming(fileId, subject, timeZone)) await startMaking(subject, organization, fileId).done;
          }
        }
      })().finally(() => {
        warming = null;
      });
      return warming;
    },
    async stop() {
      stopped = true;
      await Promise.allSettled([warming, ...[...making.values()].map((entry) => entry.done)]);
    },
  };
}
