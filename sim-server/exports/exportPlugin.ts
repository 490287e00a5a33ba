// `app.files` and `app.exportWorker`: the download folder and the export worker, started once the app is ready
// (resuming what a previous run left requested or in progress) and stopped before the database closes.
import os from 'node:os';
import { EXPORT_ZIP_THRESHOLD_BYTES } from '#domain/exports/exportRules';
import { sharedPlugin } from '../plugins/sharedPlugin.ts';
import { createFileStore, type FileStore } from '../files/fileStore.ts';
import { createExportRepository } from './exportRepository.ts';
import { createExportWorker, type ExportWorker } from './exportWorker.ts';
import { defaultFilesDir } from '../files/fileStore.ts';

declare module 'fastify' {
  interface FastifyInstance {
    files: FileStore;
    exportWorker: ExportWorker;
  }
}

export type ExportPluginOptions = {
  databasePath: string;
  /** Where downloads are kept (default: beside the database file). */
  filesDir?: string;
  /** Longest stretch of export work between turns of the event loop (default 8 ms). */
  sliceMs?: number;
  zipThresholdBytes?: number;
};

export const exportPlugin = sharedPlugin<ExportPluginOptions>('exports', async (app, options) => {
  const files = createFileStore(options.filesDir ?? defaultFilesDir(options.databasePath, os.tmpdir()));
  const worker = createExportWorker({
    log: app.eventLog,
    repository: createExportRepository(app.eventLog.db),
    files,
    clock: app.clock,
    sliceMs: options.sliceMs ?? 8,
    zipThresholdBytes: options.zipThresholdBytes ?? EXPORT_ZIP_THRESHOLD_BYTES,
    progressIntervalMs: 1000,
    onError: (id, error) => app.log.warn({ err: error, exportId: id }, 'export failed'),
  });
  app.decorate('files', files);
  app.decorate('exportWorker', worker);
  app.addHook('onReady', async () => {
    worker.resumeUnfinished();
  });
  app.addHook('preClose', async () => {
    await worker.stop();
  });
});
