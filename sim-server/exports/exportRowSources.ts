// Where each export type's rows come from (the simulator's own records): Point rows are the telemetry points in the
// log (pointRows.ts); Asset and Asset Mileage rows total the telemetry per asset and per region (totalsRows.ts,
// telemetryTotals.ts); Incident and Closure rows are the organization's incidents and closures in the range
// (documentRows.ts). Each source hands out its CSV a page at a time (rowSource.ts).
import type { ExportRecord } from '#domain/exports/exportRecord';
import { zonedTimestampFormatter } from '#domain/units/zonedTime';
import { closureSource, incidentSource } from './documentRows.ts';
import type { ExportRepository } from './exportRepository.ts';
import { pointSource } from './pointRows.ts';
import type { RowSource, SourceContext } from './rowSource.ts';
import { assetSource, mileageSource } from './totalsRows.ts';

export function rowSourceFor(record: ExportRecord, repository: ExportRepository): RowSource {
  const context: SourceContext = {
    record,
    repository,
    start: Date.parse(record.export_start_time),
    end: Date.parse(record.export_end_time),
    formatTime: zonedTimestampFormatter(record.time_zone),
    countryCode: repository.organizationZone(record.organization_id)?.countryCode ?? null,
  };
  switch (record.export_type) {
    case 'point':
      return pointSource(context);
    case 'asset':
      return assetSource(context);
    case 'mileage':
      return mileageSource(context);
    case 'incident':
      return incidentSource(context);
    case 'closure':
      return closureSource(context);
    default: {
      const unexpected: never = record.export_type;
      throw new Error(`Unknown export type ${String(unexpected)}`);
    }
  }
}
