// The Asset and Asset Mileage exports' rows: the telemetry totals per asset (and per region), handed out once the
// range's log has been scanned a page per call.
import { csvLine, distanceIn, type CsvCell, type Region } from '#domain/exports/exportRows';
import type { ExportThing } from './exportRepository.ts';
import { organizationRegions } from './exportChoices.ts';
import { thingsById, type RowSource, type SourceContext } from './rowSource.ts';
import { telemetryTotals, type AssetTotals } from './telemetryTotals.ts';

/** A source that scans the telemetry totals a page per `next`, then hands out `rowsOf` the totals at once. */
function totalsSource(
  context: SourceContext,
  header: string,
  regions: readonly Region[] | null,
  rowsOf: (things: Map<string, ExportThing>, totals: Map<string, AssetTotals>) => CsvCell[][],
): RowSource {
  const things = thingsById(context);
  const scan = telemetryTotals(
    context.repository,
    context.record.organization_id,
    [...things.keys()],
    context,
    { regions },
  );
  let scanned = false;
  let done = false;
  return {
    header,
    next() {
      if (done) return null;
      if (scanned) {
        done = true;
        const lines = rowsOf(things, scan.totals);
        return { text: lines.map(csvLine).join(''), rows: lines.length };
      }
      scanned = scan.step();
      return { text: '', rows: 0 };
    },
  };
}

const sumMetres = (total: AssetTotals) => [...total.metres.values()].reduce((sum, metres) => sum + metres, 0);

export function assetSource(context: SourceContext): RowSource {
  const { formatTime } = context;
  const header = csvLine([
    'asset',
    'device_id',
    'asset_type',
    'asset_subtype',
    'in_service',
    'points',
    'heartbeats',
    'distance (miles)',
    `first_report (${context.record.time_zone})`,
    `last_point (${context.record.time_zone})`,
    'last_lat',
    'last_lng',
  ]);
  return totalsSource(context, header, null, (things, totals) =>
    [...things.values()].map((thing) => {
      const total = totals.get(thing.id);
      const last = total?.hasFix ? total.last : null;
      return [
        thing.name,
        thing.system_identifier,
        thing.thing_type,
        thing.thing_subtype,
        thing.in_service,
        total?.points ?? 0,
        total?.heartbeats ?? 0,
        total ? distanceIn('miles', sumMetres(total)) : 0,
        total?.first == null ? null : formatTime(total.first),
        last ? formatTime(last.time) : null,
        last?.lat ?? null,
        last?.lng ?? null,
      ];
    }),
  );
}

export function mileageSource(context: SourceContext): RowSource {
  const { record } = context;
  const unit = record.unit_of_measurement;
  const header = csvLine([
    'asset',
    'device_id',
    'asset_type',
    ...(record.by_region ? ['region'] : []),
    `distance (${unit})`,
    'points',
  ]);
  const regions = record.by_region ? organizationRegions(context.repository, record.organization_id) : null;
  return totalsSource(context, header, regions, (things, totals) =>
    [...things.values()].flatMap((thing): CsvCell[][] => {
      const total = totals.get(thing.id);
      const base = [thing.name, thing.system_identifier, thing.thing_type];
      if (!record.by_region)
        return [[...base, distanceIn(unit, total ? sumMetres(total) : 0), total?.points ?? 0]];
      const byRegion = [...(total?.metres ?? new Map<string, number>())].sort(([a], [b]) =>
        a.localeCompare(b),
      );
      return byRegion.map(([region, metres]) => [...base, region, distanceIn(unit, metres), '']);
    }),
  );
}
