// Custom report files: the PDF of a requested report is made from the stored events when first asked for (its
// range is in the past, so it is kept until the report is deleted), reading the telemetry in slices like the
// monthly reports. Two requests for the same report while it is being made share the one making.
import fs from 'node:fs';
import type { CustomReportRecord } from '#domain/reports/customReport';
import type { ExportRepository } from '../exports/exportRepository.ts';
import type { FileStore } from '../files/fileStore.ts';
import type { SqliteDatabase } from '../store/database.ts';
import { writeCustomReportPdf } from './customReportPdf.ts';
import { scanCustomReport } from './customReportSummary.ts';
import { runInSlices } from './inSlices.ts';

export type CustomReportFiles = {
  /** Makes the report's PDF when it is missing. */
  ensure(record: CustomReportRecord): Promise<void>;
  /** Removes the report's PDF (the report was deleted). */
  remove(record: CustomReportRecord): void;
};

export function createCustomReportFiles(options: {
  db: SqliteDatabase;
  repository: ExportRepository;
  files: FileStore;
  sliceMs: number;
}): CustomReportFiles {
  const { repository, files } = options;
  const selectName = options.db.prepare<[string], { name: string }>(
    'SELECT name FROM organizations WHERE id = ?',
  );
  const making = new Map<string, Promise<void>>();

  async function make(record: CustomReportRecord) {
    const scan = scanCustomReport(repository, record, selectName.get(record.organization_id)?.name ?? '');
    await runInSlices(() => scan.step(), options.sliceMs);
    files.folder('reports');
    const partPath = files.pathOf('reports', `${record.file_id}.part`);
    try {
      await writeCustomReportPdf(scan.result(), partPath);
      fs.renameSync(partPath, files.pathOf('reports', record.file_id));
    } finally {
      fs.rmSync(partPath, { force: true });
    }
  }

  return {
    ensure(record) {
      if (files.exists('reports', record.file_id)) return Promise.resolve();
      const running = making.get(record.id);
      if (running) return running;
      const made = make(record).finally(() => making.delete(record.id));
      making.set(record.id, made);
      return made;
    },
    remove(record) {
      files.remove('reports', record.file_id);
    },
  };
}
