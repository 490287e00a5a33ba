// The dashboard's export item (access §3 "Export item (client)") and its mapper from the simulator's record; items
// failing the schema are dropped and counted. The file name a user downloads is the title with the file's kind.
import { decodeRecords, parseServerTime, type DecodeResult } from '#domain/wire/decode';
import { ExportRecordSchema, type ExportRecord, type ExportType } from './exportRecord.ts';
import { exportStatusGroup, type ExportStatusGroup } from './exportRules.ts';

export type ExportItem = {
  id: string;
  title: string;
  type: ExportType;
  fileId: string | null;
  fileName: string | null;
  startDateTime: number;
  endDateTime: number;
  requestedAt: number;
  requestedBy: string;
  requestedByName: string;
  completedAt: number | null;
  status: ExportStatusGroup;
  rowsWritten: number;
  errorReason: string | null;
};

/** "Points Export 2026-03-01" + ".csv" → "Points_Export_2026-03-01.csv". */
export function exportFileName(title: string, fileId: string): string {
  const extension = fileId.slice(fileId.lastIndexOf('.'));
  const base = title.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'export';
  return `${base}${extension}`;
}

export function mapExportRecord(record: ExportRecord): ExportItem {
  return {
    id: record.id,
    title: record.title,
    type: record.export_type,
    fileId: record.file_id,
    fileName: record.file_id === null ? null : exportFileName(record.title, record.file_id),
    startDateTime: parseServerTime(record.export_start_time) ?? 0,
    endDateTime: parseServerTime(record.export_end_time) ?? 0,
    requestedAt: parseServerTime(record.requested_at) ?? 0,
    requestedBy: record.requested_by,
    requestedByName: record.requested_by_name,
    completedAt: parseServerTime(record.completed_at),
    status: exportStatusGroup(record.status),
    rowsWritten: record.rows_written,
    errorReason: record.error_reason,
  };
}

export function decodeExports(input: unknown): DecodeResult<ExportItem> {
  return decodeRecords(ExportRecordSchema, mapExportRecord, input);
}

/** Newest request first. */
export function sortExports(items: readonly ExportItem[]): ExportItem[] {
  return [...items].sort((a, b) => b.requestedAt - a.requestedAt || a.id.localeCompare(b.id));
}
