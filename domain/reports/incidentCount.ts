// Which incidents a report counts (issue 37 item 5), one definition for the monthly and the custom (activity)
// reports: an incident counts for a report's assets when one of them was on scene at it during the report's range,
// whichever organization's incident it is (a managing organization's report counts its managed units' incidents).
// A unit was on scene from its entry's start_time to its end_time, or for as long as it still is (no end time).
// Pure: the incidents, the range and the assets come in.
import type { LocationRecord } from '#domain/locations/locationRecord';

export type ReportRange = { start: number; end: number };

function onSceneDuring(entry: { start_time: string; end_time: string | null }, range: ReportRange): boolean {
  const arrived = Date.parse(entry.start_time);
  const left = entry.end_time === null ? Infinity : Date.parse(entry.end_time);
  return arrived <= range.end && left >= range.start;
}

/** The incidents at which one of `assetIds` was on scene during `range`, each once, in the order given. */
export function incidentsWithAssetsOnScene(
  incidents: readonly LocationRecord[],
  range: ReportRange,
  assetIds: ReadonlySet<string>,
): LocationRecord[] {
  return incidents.filter((incident) =>
    [...incident.things_active, ...incident.things_inactive].some(
      (entry) => assetIds.has(entry.id) && onSceneDuring(entry, range),
    ),
  );
}
