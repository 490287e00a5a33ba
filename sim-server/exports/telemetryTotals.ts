// Totals per asset over a range's telemetry, read a page at a time: the Asset and Asset Mileage exports and the
// monthly and custom reports (sim-server/reports/) count from them.
import { legMetres, OUTSIDE_REGIONS, regionOf, type Region, type TrackFix } from '#domain/exports/exportRows';
import type { TelemetryRecord } from '../store/events.ts';
import type { ExportRepository } from './exportRepository.ts';

/** Points a device uploads late (buffered while out of coverage) are recorded after their time: the log is read up
 * to this long past the range's end, and each point is kept by its own time. */
export const LATE_UPLOAD_GRACE_MS = 60 * 60 * 1000;

/** Telemetry events read per page. */
export const TELEMETRY_PAGE = 2_000;

export type AssetTotals = {
  points: number;
  heartbeats: number;
  first: number | null;
  last: TrackFix & { enroute: boolean };
  /** Metres per region (one entry, OUTSIDE_REGIONS, when regions are not asked for). */
  metres: Map<string, number>;
  /** Milliseconds between consecutive en-route points at most MAX_ENROUTE_GAP_MS apart: time spent alerting. */
  enrouteMs: number;
  /** Whether `last` holds a point yet. */
  hasFix: boolean;
};

/** Two en-route points further apart than this are two runs, not one. */
export const MAX_ENROUTE_GAP_MS = 60_000;

export type TelemetryTotals = {
  /** Scans one page; true once the range has been read to its end. */
  step(): boolean;
  totals: Map<string, AssetTotals>;
  /** Metres per day bucket (`dayOf(time)`), when a bucketing was given. */
  metresByDay: Map<number, number>;
  /** How much of the range's log has been read, 0 to 1 (by sequence number), for a progress display. */
  progress(): number;
};

/**
 * Totals per asset over a range's telemetry, read a page per `step`. Distance counts the legs between consecutive
 * points (bad fixes excluded, domain/exports/exportRows.ts), split by region when regions are given.
 */
export function telemetryTotals(
  repository: ExportRepository,
  /** Whose view it is: a thing shared with it counts only inside the share's windows. */
  viewerOrganizationId: string,
  thingIds: readonly string[],
  range: { start: number; end: number },
  options: { regions?: readonly Region[] | null; dayOf?: (time: number) => number } = {},
): TelemetryTotals {
  const { start, end } = range;
  const idsJson = JSON.stringify(thingIds);
  const seen = repository.sightOf(viewerOrganizationId, thingIds);
  const window = repository.seqWindow(start, end + LATE_UPLOAD_GRACE_MS);
  const totals = new Map<string, AssetTotals>();
  const metresByDay = new Map<number, number>();
  for (const id of thingIds)
    totals.set(id, {
      points: 0,
      heartbeats: 0,
      first: null,
      last: { time: 0, lat: 0, lng: 0, enroute: false },
      hasFix: false,
      metres: new Map(),
      enrouteMs: 0,
    });
  let afterSeq = window.afterSeq;
  let finished = false;
  return {
    totals,
    metresByDay,
    progress() {
      const span = window.lastSeq - window.afterSeq;
      if (finished || span <= 0) return finished ? 1 : 0;
      return Math.min(1, Math.max(0, (afterSeq - window.afterSeq) / span));
    },
    step() {
      const page = repository.telemetryPage(
        window,
        afterSeq,
        idsJson,
        ['PointRecorded', 'HeartbeatRecorded'],
        TELEMETRY_PAGE,
      );
      for (const event of page) {
        const sample = JSON.parse(event.data) as TelemetryRecord;
        const time = Date.parse(sample.time);
        const total = totals.get(event.stream_id);
        if (time < start || time > end || !total || !seen(event.stream_id, event.seq)) continue;
        total.first ??= time;
        if (event.type === 'HeartbeatRecorded') {
          total.heartbeats += 1;
          continue;
        }
        total.points += 1;
        const fix = { time, lat: sample.lat, lng: sample.lng, enroute: sample.enroute };
        if (total.hasFix) {
          const previous = total.last;
          const metres = legMetres(previous, fix);
          const region = options.regions ? regionOf(fix.lat, fix.lng, options.regions) : OUTSIDE_REGIONS;
          total.metres.set(region, (total.metres.get(region) ?? 0) + metres);
          if (options.dayOf) {
            const day = options.dayOf(time);
            metresByDay.set(day, (metresByDay.get(day) ?? 0) + metres);
          }
          const gap = time - previous.time;
          if (previous.enroute && fix.enroute && gap > 0 && gap <= MAX_ENROUTE_GAP_MS) total.enrouteMs += gap;
        }
        total.last = fix;
        total.hasFix = true;
      }
      afterSeq = page[page.length - 1]?.seq ?? afterSeq;
      finished = page.length === 0;
      return finished;
    },
  };
}
