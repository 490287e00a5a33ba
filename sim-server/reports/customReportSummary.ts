// What a custom report says, from the simulator's stored events: for the chosen assets, the distance they drove (in
// all, per day, per asset and, for a mileage report by region, per region), positions recorded and time alerting;
// for an activity report also the incidents they were on scene at, whoever's (domain/reports/incidentCount.ts, the
// monthly report's definition too), and the closures chosen (manual/feed types, or driven by
// or associated with a chosen asset). The telemetry is read a page per `step`, as for the monthly report.
import type { ClosureRecord } from '#domain/closures/closureRecord';
import type { MileageUnit } from '#domain/exports/exportRecord';
import type { LocationRecord } from '#domain/locations/locationRecord';
import { incidentsWithAssetsOnScene } from '#domain/reports/incidentCount';
import type { CustomReportRecord } from '#domain/reports/customReport';
import { speedUnitFor } from '#domain/units/speed';
import type { ExportRepository } from '../exports/exportRepository.ts';
import { chosenClosures, organizationRegions } from '../exports/exportChoices.ts';
import { telemetryTotals } from '../exports/telemetryTotals.ts';

export type CustomReportAsset = {
  name: string;
  points: number;
  metres: number;
  enrouteMs: number;
  /** Metres per region, by region name (a mileage report by region), else empty. */
  regions: [string, number][];
};

export type CustomReportSummary = {
  record: CustomReportRecord;
  organizationName: string;
  /** The unit distances are written in: the report's for mileage, else the organization's country's. */
  unit: MileageUnit;
  assets: CustomReportAsset[];
  reportingAssets: number;
  points: number;
  metres: number;
  enrouteMs: number;
  /** Metres per day from the range's start (index 0 is its first 24 hours). */
  metresByDay: number[];
  /** Incidents at which a chosen asset was on scene during the range, whoever's (activity reports;
   * domain/reports/incidentCount.ts, the monthly report's definition too). */
  incidents: number;
  closures: ClosureRecord[];
};

export type CustomReportScan = { step(): boolean; result(): CustomReportSummary };

const DAY_MS = 86_400_000;

export function scanCustomReport(
  repository: ExportRepository,
  record: CustomReportRecord,
  organizationName: string,
): CustomReportScan {
  const range = { start: Date.parse(record.report_start_time), end: Date.parse(record.report_end_time) };
  const things =
    record.thing_uuids.length > 0 ? repository.exportThings(record.organization_id, record.thing_uuids) : [];
  const days = Math.max(1, Math.ceil((range.end - range.start) / DAY_MS));
  const regions =
    record.report_type === 'mileage' && record.by_region
      ? organizationRegions(repository, record.organization_id)
      : null;
  const scan = telemetryTotals(
    repository,
    record.organization_id,
    things.map((thing) => thing.id),
    range,
    { regions, dayOf: (time) => Math.min(days - 1, Math.floor((time - range.start) / DAY_MS)) },
  );
  return {
    step: () => scan.step(),
    result() {
      const countryCode = repository.organizationZone(record.organization_id)?.countryCode ?? null;
      const unit: MileageUnit =
        record.report_type === 'mileage'
          ? record.unit_of_measurement
          : speedUnitFor(countryCode) === 'mph'
            ? 'miles'
            : 'kilometers';
      const assets = things.map((thing): CustomReportAsset => {
        const total = scan.totals.get(thing.id);
        const byRegion = [...(total?.metres ?? new Map<string, number>())].sort(([a], [b]) =>
          a.localeCompare(b),
        );
        return {
          name: thing.name,
          points: total?.points ?? 0,
          metres: byRegion.reduce((sum, [, metres]) => sum + metres, 0),
          enrouteMs: total?.enrouteMs ?? 0,
          regions: regions ? byRegion : [],
        };
      });
      const wanted = new Set(record.thing_uuids);
      const activity = record.report_type === 'activity';
      const incidents =
        activity && wanted.size > 0
          ? incidentsWithAssetsOnScene(
              repository
                .anyLocationsOverlapping(range.start, range.end)
                .map((json) => JSON.parse(json) as LocationRecord),
              range,
              wanted,
            )
          : [];
      return {
        record,
        organizationName,
        unit,
        assets,
        reportingAssets: [...scan.totals.values()].filter((total) => total.points + total.heartbeats > 0)
          .length,
        points: assets.reduce((sum, asset) => sum + asset.points, 0),
        metres: assets.reduce((sum, asset) => sum + asset.metres, 0),
        enrouteMs: assets.reduce((sum, asset) => sum + asset.enrouteMs, 0),
        metresByDay: Array.from({ length: days }, (_, day) => scan.metresByDay.get(day) ?? 0),
        incidents: incidents.length,
        closures: activity
          ? chosenClosures(
              repository,
              record.organization_id,
              range,
              new Set(record.closures_to_include),
              wanted,
            )
          : [],
      };
    },
  };
}
