// (In composition/: it wires exports/ with reports/, which reads exports/.)
// `app.files`, `app.exportWorker`, `app.monthlyReports` and `app.customReportFiles`: the download folder, the export
// worker, the monthly reports and the custom reports' PDFs. The worker starts once the app is ready (resuming what a previous run left requested or in progress) and
// stops before the database closes; so does the monthly reports' background making (when asked for).
import fs from 'node:fs';
import os from 'node:os';
import { EXPORT_ZIP_THRESHOLD_BYTES } from '#domain/exports/exportRules';
import { sharedPlugin } from '../plugins/sharedPlugin.ts';
import { createFileStore, type FileStore } from '../files/fileStore.ts';
import { createExportRepository } from '../exports/exportRepository.ts';
import { createExportWorker, type ExportWorker } from '../exports/exportWorker.ts';
import { defaultFilesDir } from '../files/fileStore.ts';
import { createMonthlyReports, type MonthlyReports } from '../reports/monthlyReports.ts';
import { createCustomReportFiles, type CustomReportFiles } from '../reports/customReports.ts';

/** How often the simulator looks for monthly reports to make ahead (a month that closed, a new organization). */
const REPORT_WARM_INTERVAL_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    files: FileStore;
    exportWorker: ExportWorker;
    monthlyReports: MonthlyReports;
    customReportFiles: CustomReportFiles;
  }
}

export type ExportPluginOptions = {
  databasePath: string;
  /** A fresh database starts with no files either (report file names repeat across worlds of the same seed). */
  fresh: boolean;
  /** Where downloads are kept (default: beside the database file). */
  filesDir?: string;
  /** Longest stretch of export work between turns of the event loop (default 8 ms). */
  sliceMs?: number;
  zipThresholdBytes?: number;
  /** Make the current and previous month's reports in the background once ready (issue 29; the simulator does). */
  warmReports?: boolean;
};

export const exportPlugin = sharedPlugin<ExportPluginOptions>('exports', async (app, options) => {
  const filesDir = options.filesDir ?? defaultFilesDir(options.databasePath, os.tmpdir());
  if (options.fresh) fs.rmSync(filesDir, { recursive: true, force: true });
  const files = createFileStore(filesDir);
  const repository = createExportRepository(app.eventLog.db);
  const sliceMs = options.sliceMs ?? 8;
  const worker = createExportWorker({
    log: app.eventLog,
    repository,
    files,
    clock: app.clock,
    sliceMs,
    zipThresholdBytes: options.zipThresholdBytes ?? EXPORT_ZIP_THRESHOLD_BYTES,
    progressIntervalMs: 1000,
    onError: (id, error) => app.log.warn({ err: error, exportId: id }, 'export failed'),
  });
  app.decorate('files', files);
  app.decorate('exportWorker', worker);
  const monthlyReports = createMonthlyReports({
    db: app.eventLog.db,
    repository,
    files,
    clock: app.clock,
    sliceMs,
  });
  app.decorate('monthlyReports', monthlyReports);
  app.decorate(
    'customReportFiles',
    createCustomReportFiles({ db: app.eventLog.db, repository, files, sliceMs }),
  );
  const warm = () =>
    void monthlyReports
      .warm()
      .catch((error: unknown) => app.log.warn({ err: error }, 'report warm-up failed'));
  let warmTimer: ReturnType<typeof setInterval> | null = null;
  app.addHook('onReady', async () => {
    worker.resumeUnfinished();
    if (!options.warmReports) return;
    warm();
    // Again every hour, so the month that just closed (and the new one) are made soon after the turn of the month.
    warmTimer = setInterval(warm, REPORT_WARM_INTERVAL_MS);
    warmTimer.unref();
  });
  app.addHook('preClose', async () => {
    if (warmTimer) clearInterval(warmTimer);
    await Promise.all([worker.stop(), monthlyReports.stop()]);
  });
});
