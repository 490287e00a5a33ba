// Monthly reports (access §2, §3, §7): one per organization and month, from the month the simulator's log begins to
// the current one (in the organization's time zone). The PDF is made from the stored events when first asked for
// and kept; the running month's is made again once it is older than REPORT_REFRESH_MS. Making one reads the month's
// telemetry a page at a time with a turn of the event loop between slices, like the export worker. While it is made,
// `status` says how far the reading is (issue 29: the first download shows progress); `warm` makes the current and
// previous month of every organization in the background after start, so a user rarely waits at all.
// In pieces: the calendar rules (pure: which months, whether a file is fresh), making one PDF, the running makings,
// and `createMonthlyReports` that puts them together.
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

type Month = { year: number; month: number };

/** How many months the subject lies from the current one on the organization's calendar (0 now, -1 last month). */
export function monthOffsetOf(subject: Month, now: number, timeZone: string): number {
  const current = monthInZone(now, timeZone);
  return (subject.year - current.year) * 12 + (subject.month - current.month);
}

/** The months (year, month) an organization has reports for, newest first: back to the one the log begins in. */
export function reportMonths(firstRecordedAt: number | undefined, now: number, timeZone: string): Month[] {
  if (firstRecordedAt === undefined) return [];
  const months: Month[] = [];
  for (let offset = 0; ; offset -= 1) {
    const start = startOfMonthInZone(now, timeZone, offset);
    if (startOfMonthInZone(now, timeZone, offset + 1) <= firstRecordedAt) break;
    months.push(monthInZone(start, timeZone));
    if (months.length > 12 * 50) break;
  }
  return months;
}

/**
 * Whether a report file made at `madeAt` (null: none) still holds: a running month's for REPORT_REFRESH_MS; a
 * closed month's once it was made after the month ended (one made while the month ran covers it only to that day).
 */
export function isFreshReport(madeAt: number | null, subject: Month, now: number, timeZone: string): boolean {
  if (madeAt === null) return false;
  const offset = monthOffsetOf(subject, now, timeZone);
  if (offset === 0) return now - madeAt < REPORT_REFRESH_MS;
  return madeAt >= startOfMonthInZone(now, timeZone, offset + 1);
}

/** Whether the background should make the report: missing, or a closed month's made before it ended. */
export function isWorthWarming(
  madeAt: number | null,
  subject: Month,
  now: number,
  timeZone: string,
): boolean {
  if (madeAt === null) return true;
  return monthOffsetOf(subject, now, timeZone) !== 0 && !isFreshReport(madeAt, subject, now, timeZone);
}

type MakingDeps = { repository: ExportRepository; files: FileStore; clock: Clock; sliceMs: number };

/** Reads the month's telemetry in slices and writes its PDF; false when stopped first. */
async function makeMonthlyReport(
  deps: MakingDeps & { isStopped: () => boolean },
  subject: ReportSubject,
  organization: OrganizationRow,
  fileId: string,
  reportProgress: (progress: () => number) => void,
): Promise<boolean> {
  const { repository, files } = deps;
  const timeZone = organization.timezone || 'UTC';
  const now = deps.clock.now();
  const monthsBack = monthOffsetOf(subject, now, timeZone);
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
  await runInSlices(() => deps.isStopped() || scan.step(), deps.sliceMs);
  if (deps.isStopped()) return false;
  files.folder('reports');
  const partPath = files.pathOf('reports', `${fileId}.part`);
  await writeMonthlyReportPdf(scan.result(), partPath, speedUnitFor(organization.country_code) === 'mph');
  fs.renameSync(partPath, files.pathOf('reports', fileId));
  return true;
}

type Making = { done: Promise<boolean>; progress: () => number };

/** The reports being made, one making per file however often it is asked for, and the stop that ends them. */
function createReportMakings(deps: MakingDeps) {
  const making = new Map<string, Making>();
  let stopped = false;
  const isStopped = () => stopped;
  return {
    isStopped,
    /** The running making of the report, or a new one. */
    start(subject: ReportSubject, organization: OrganizationRow, fileId: string): Making {
      const running = making.get(fileId);
      if (running) return running;
      const entry: Making = { done: Promise.resolve(false), progress: () => 0 };
      entry.done = makeMonthlyReport({ ...deps, isStopped }, subject, organization, fileId, (progress) => {
        entry.progress = progress;
      }).finally(() => making.delete(fileId));
      making.set(fileId, entry);
      return entry;
    },
    /** Marks the makings stopped (each ends at its next slice); the ones still running. */
    stop(): Promise<boolean>[] {
      stopped = true;
      return [...making.values()].map((entry) => entry.done);
    },
  };
}

/** The organizations' rows the reports are listed and named by. */
function organizationReads(db: SqliteDatabase) {
  const selectOrganizations = db.prepare<[string], OrganizationRow>(
    'SELECT id, name, timezone, country_code FROM organizations WHERE id IN (SELECT value FROM json_each(?))',
  );
  const selectAllOrganizations = db.prepare<[], OrganizationRow>(
    'SELECT id, name, timezone, country_code FROM organizations ORDER BY name',
  );
  return {
    of: (organizationIds: readonly string[]) => selectOrganizations.all(JSON.stringify(organizationIds)),
    all: () => selectAllOrganizations.all(),
  };
}

function reportRecords(organization: OrganizationRow, months: readonly Month[]): MonthlyReportRecord[] {
  return months.map(({ year, month }) => ({
    file_id: monthlyReportFileId(organization.id, year, month),
    year,
    month,
    organization_id: organization.id,
    organization_name: organization.name,
  }));
}

export function createMonthlyReports(options: {
  db: SqliteDatabase;
  repository: ExportRepository;
  files: FileStore;
  clock: Clock;
  sliceMs: number;
}): MonthlyReports {
  const { db, files, clock } = options;
  const organizations = organizationReads(db);
  const makings = createReportMakings(options);
  let warming: Promise<void> | null = null;
  // Sealed telemetry and rows alike (store/logReader.ts).
  const monthsOf = (timeZone: string) =>
    reportMonths(firstLogEventFrom(db, 1)?.recorded_at, clock.now(), timeZone);
  const madeAt = (fileId: string) =>
    files.exists('reports', fileId) ? fs.statSync(files.pathOf('reports', fileId)).mtimeMs : null;
  const isFresh = (fileId: string, subject: ReportSubject, timeZone: string) =>
    isFreshReport(madeAt(fileId), subject, clock.now(), timeZone);

  /** The organization, its zone and the report's file id, when the report exists in the list. */
  function located(
    subject: ReportSubject,
  ): { organization: OrganizationRow; fileId: string; timeZone: string } | null {
    const organization = organizations.of([subject.organizationId])[0];
    if (!organization) return null;
    const timeZone = organization.timezone || 'UTC';
    if (!monthsOf(timeZone).some((month) => month.year === subject.year && month.month === subject.month))
      return null;
    return {
      organization,
      timeZone,
      fileId: monthlyReportFileId(subject.organizationId, subject.year, subject.month),
    };
  }

  async function warmAll(): Promise<void> {
    for (const organization of organizations.all()) {
      const timeZone = organization.timezone || 'UTC';
      // monthsOf lists the months the log covers, newest first: the current and the previous one. A running
      // month's older file is remade when asked for, not over and over in the background, so warming again
      // after a month closes costs about one report per organization.
      for (const month of monthsOf(timeZone).slice(0, 2)) {
        if (makings.isStopped()) return;
        const subject = { organizationId: organization.id, ...month };
        const fileId = monthlyReportFileId(organization.id, month.year, month.month);
        if (isWorthWarming(madeAt(fileId), subject, clock.now(), timeZone))
          await makings.start(subject, organization, fileId).done;
      }
    }
  }

  return {
    list(organizationIds) {
      const records = organizations
        .of(organizationIds)
        .flatMap((organization) => reportRecords(organization, monthsOf(organization.timezone || 'UTC')));
      return records.sort(
        (a, b) =>
          b.year - a.year || b.month - a.month || a.organization_name.localeCompare(b.organization_name),
      );
    },
    parseFileId: parseMonthlyReportFileId,
    downloadName(fileId) {
      const subject = parseMonthlyReportFileId(fileId);
      const organization = subject && organizations.of([subject.organizationId])[0];
      return subject && organization
        ? monthlyReportFileName(organization.name, subject.year, subject.month)
        : null;
    },
    ensure(subject) {
      const found = located(subject);
      if (!found) return Promise.resolve(false);
      if (isFresh(found.fileId, subject, found.timeZone)) return Promise.resolve(true);
      return makings.start(subject, found.organization, found.fileId).done;
    },
    status(subject) {
      const found = located(subject);
      if (!found) return null;
      if (isFresh(found.fileId, subject, found.timeZone)) return { ready: true, progress: 1 };
      const entry = makings.start(subject, found.organization, found.fileId);
      // A failed making is logged by whoever waits on it (the link call); here it only stops counting.
      entry.done.catch(() => undefined);
      return { ready: false, progress: entry.progress() };
    },
    warm() {
      warming ??= warmAll().finally(() => {
        warming = null;
      });
      return warming;
    },
    async stop() {
      const running = makings.stop();
      await Promise.allSettled([warming, ...running]);
    },
  };
}
