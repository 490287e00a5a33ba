// What every export row source is: a header and its CSV a page at a time (`next`), so the worker never holds a
// month of telemetry, only one page of it and the running totals; and the parts the sources share.
import type { ExportRecord } from '#domain/exports/exportRecord';
import { csvLine, type CsvCell } from '#domain/exports/exportRows';
import type { ExportRepository, ExportThing } from './exportRepository.ts';

/** A page of CSV text and how many rows it holds; null once the source is exhausted. */
export type RowPage = { text: string; rows: number } | null;

export type RowSource = { header: string; next(): RowPage };

export type SourceContext = {
  record: ExportRecord;
  repository: ExportRepository;
  start: number;
  end: number;
  formatTime: (instant: number) => string;
  countryCode: string | null;
};

export const timeHeader = (context: SourceContext) => `time (${context.record.time_zone})`;

export function thingsById(context: SourceContext): Map<string, ExportThing> {
  const { record, repository } = context;
  return new Map(
    repository.exportThings(record.organization_id, record.thing_uuids).map((thing) => [thing.id, thing]),
  );
}

/** A source that computes everything on its first call and hands it out at once (the small exports). */
export function oneShot(header: string, rows: () => CsvCell[][]): RowSource {
  let done = false;
  return {
    header,
    next() {
      if (done) return null;
      done = true;
      const lines = rows();
      return { text: lines.map(csvLine).join(''), rows: lines.length };
    },
  };
}

export const timeOrNull = (context: SourceContext, text: string | null) => {
  const time = text === null ? Number.NaN : Date.parse(text);
  return Number.isNaN(time) ? null : context.formatTime(time);
};
