// What an organization's month says, from the simulator's stored events: its assets, the distance they drove (per
// day and per asset), time spent en route with lights on (alerting), its incidents and those its assets were on scene
// at (domain/reports/incidentCount.ts, the custom report's definition too), and closures. The telemetry is read a
// page per `step` so that a month of 1 Hz points for hundreds of assets never sits in memory and the caller yields
// between pages.
import type { ClosureRecord } from '#domain/closures/closureRecord';
import { spanOverlaps } from '#domain/exports/exportRows';
import { incidentsWithAssetsOnScene } from '#domain/reports/incidentCount';
import type { LocationRecord } from '#domain/locations/locationRecord';
import type { ExportRepository } from '../exports/exportRepository.ts';
import { telemetryTotals } from '../exports/telemetryTotals.ts';

export type MonthlySummary = {
  organizationName: string;
  year: number;
  month: number;
  timeZone: string;
  /** Whether the month is still running at the time of the report. */
  toDate: boolean;
  assets: number;
  reportingAssets: number;
  points: number;
  metres: number;
  enrouteMs: number;
  /** Metres per day of the month (index 0 is the 1st). */
  metresByDay: number[];
  /** The assets that drove furthest, most first. */
  topAssets: { name: string; metres: number }[];
  incidents: number;
  incidentsWithAssets: number;
  closuresByType: Record<string, number>;
};

export type SummaryScan = { step(): boolean; progress(): number; result(): MonthlySummary };

export function scanMonthlySummary(
  repository: ExportRepository,
  subject: {
    organizationId: string;
    organizationName: string;
    year: number;
    month: number;
    timeZone: string;
    start: number;
    end: number;
    now: number;
  },
): SummaryScan {
  const things = repository.exportThings(subject.organizationId, []);
  const end = Math.min(subject.end, subject.now);
  const days = Math.max(1, Math.round((subject.end - subject.start) / 86_400_000));
  const scan = telemetryTotals(
    repository,
    subject.organizationId,
    things.map((thing) => thing.id),
    { start: subject.start, end },
    { dayOf: (time) => Math.min(days - 1, Math.floor((time - subject.start) / 86_400_000)) },
  );
  return {
    step: () => scan.step(),
    progress: () => scan.progress(),
    result() {
      const totals = [...scan.totals.entries()];
      const metresOf = (id: string) =>
        [...(scan.totals.get(id)?.metres.values() ?? [])].reduce((sum, metres) => sum + metres, 0);
      const locations = repository
        .locationsOverlapping(subject.organizationId, subject.start, end)
        .map((json) => JSON.parse(json) as LocationRecord);
      const closuresByType: Record<string, number> = {};
      for (const json of repository.closures(subject.organizationId)) {
        const closure = JSON.parse(json) as ClosureRecord;
        if (spanOverlaps(closure.start_time, closure.end_time, subject.start, end))
          closuresByType[closure.closure_type] = (closuresByType[closure.closure_type] ?? 0) + 1;
      }
      return {
        organizationName: subject.organizationName,
        year: subject.year,
        month: subject.month,
        timeZone: subject.timeZone,
        toDate: subject.now < subject.end,
        assets: things.length,
        reportingAssets: totals.filter(([, total]) => total.points + total.heartbeats > 0).length,
        points: totals.reduce((sum, [, total]) => sum + total.points, 0),
        metres: things.reduce((sum, thing) => sum + metresOf(thing.id), 0),
        enrouteMs: totals.reduce((sum, [, total]) => sum + total.enrouteMs, 0),
        metresByDay: Array.from({ length: days }, (_, day) => scan.metresByDay.get(day) ?? 0),
        topAssets: things
          .map((thing) => ({ name: thing.name, metres: metresOf(thing.id) }))
          .filter((asset) => asset.metres > 0)
          .sort((a, b) => b.metres - a.metres)
          .slice(0, 10),
        incidents: locations.length,
        incidentsWithAssets: incidentsWithAssetsOnScene(
          repository
            .anyLocationsOverlapping(subject.start, end)
            .map((json) => JSON.parse(json) as LocationRecord),
          { start: subject.start, end },
          new Set(things.map((thing) => thing.id)),
        ).length,
        closuresByType,
      };
    },
  };
}
