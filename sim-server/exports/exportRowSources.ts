// Where each export type's rows come from (the simulator's own records): Point rows are the telemetry points in the
// log; Asset and Asset Mileage rows total the telemetry per asset (and per region); Incident and Closure rows are
// the organization's incidents and closures in the range. A source hands out its CSV a page at a time (`next`), so
// the worker never holds a month of telemetry, only one page of it and the running totals. The telemetry totals, the
// regions and the incident and closure choices also serve the monthly and custom reports (sim-server/reports/).
import type { ClosureRecord } from '#domain/closures/closureRecord';
import type { ExportRecord } from '#domain/exports/exportRecord';
import {
  csvLine,
  distanceIn,
  legMetres,
  OUTSIDE_REGIONS,
  regionOf,
  spanOverlaps,
  type CsvCell,
  type Region,
  type TrackFix,
} from '#domain/exports/exportRows';
import type { LocationRecord } from '#domain/locations/locationRecord';
import type { AreaRecord } from '#domain/areas/areaRecord';
import { displayedSpeed, speedUnitFor } from '#domain/units/speed';
import { zonedTimestampFormatter } from '#domain/units/zonedTime';
import type { TelemetryRecord } from '../store/events.ts';
import type { ExportRepository, ExportThing } from './exportRepository.ts';

/** A page of CSV text and how many rows it holds; null once the source is exhausted. */
export type RowPage = { text: string; rows: number } | null;

export type RowSource = { header: string; next(): RowPage };

/** Points a device uploads late (buffered while out of coverage) are recorded after their time: the log is read up
 * to this long past the range's end, and each point is kept by its own time. */
export const LATE_UPLOAD_GRACE_MS = 60 * 60 * 1000;

/** Telemetry events read per page. */
export const TELEMETRY_PAGE = 2_000;

type SourceContext = {
  record: ExportRecord;
  repository: ExportRepository;
  start: number;
  end: number;
  formatTime: (instant: number) => string;
  countryCode: string | null;
};

const timeHeader = (context: SourceContext) => `time (${context.record.time_zone})`;

function thingsById(context: SourceContext): Map<string, ExportThing> {
  const { record, repository } = context;
  return new Map(
    repository.exportThings(record.organization_id, record.thing_uuids).map((thing) => [thing.id, thing]),
  );
}

/** A source that computes everything on its first call and hands it out at once (the small exports). */
function oneShot(header: string, rows: () => CsvCell[][]): RowSource {
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

function pointSource(context: SourceContext): RowSource {
  const { repository, start, end, formatTime } = context;
  const things = thingsById(context);
  const idsJson = JSON.stringify([...things.keys()]);
  const window = repository.seqWindow(start, end + LATE_UPLOAD_GRACE_MS);
  const speedUnit = speedUnitFor(context.countryCode);
  let afterSeq = window.afterSeq;
  return {
    header: csvLine([
      timeHeader(context),
      'asset',
      'device_id',
      'asset_type',
      'lat',
      'lng',
      `speed (${speedUnit})`,
      'course',
      'accuracy (m)',
      'enroute',
      'street',
    ]),
    next() {
      const page = repository.telemetryPage(window, afterSeq, idsJson, ['PointRecorded'], TELEMETRY_PAGE);
      if (page.length === 0) return null;
      let text = '';
      let rows = 0;
      for (const event of page) {
        const point = JSON.parse(event.data) as TelemetryRecord;
        const time = Date.parse(point.time);
        const thing = things.get(event.stream_id);
        if (time < start || time > end || !thing) continue;
        text += csvLine([
          formatTime(time),
          thing.name,
          thing.system_identifier,
          thing.thing_type,
          point.lat,
          point.lng,
          displayedSpeed(point.speed, context.countryCode).value,
          point.course,
          point.accuracy,
          point.enroute,
          point.street,
        ]);
        rows += 1;
      }
      afterSeq = page[page.length - 1]?.seq ?? afterSeq;
      return { text, rows };
    },
  };
}

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
  thingIds: readonly string[],
  range: { start: number; end: number },
  options: { regions?: readonly Region[] | null; dayOf?: (time: number) => number } = {},
): TelemetryTotals {
  const { start, end } = range;
  const idsJson = JSON.stringify(thingIds);
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
        if (time < start || time > end || !total) continue;
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

/** A source that scans the telemetry totals a page per `next`, then hands out `rowsOf` the totals at once. */
function totalsSource(
  context: SourceContext,
  header: string,
  regions: readonly Region[] | null,
  rowsOf: (things: Map<string, ExportThing>, totals: Map<string, AssetTotals>) => CsvCell[][],
): RowSource {
  const things = thingsById(context);
  const scan = telemetryTotals(context.repository, [...things.keys()], context, { regions });
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

function assetSource(context: SourceContext): RowSource {
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

/** The organization's areas as the regions mileage is split by. */
export function organizationRegions(repository: ExportRepository, organizationId: string): Region[] {
  return repository.areas(organizationId).map((json) => {
    const area = JSON.parse(json) as AreaRecord;
    return {
      name: area.name,
      polygon: area.area_geom,
      centre: area.lat === null || area.lng === null ? null : { lat: area.lat, lng: area.lng },
      radiusMetres: area.radius_dist,
    };
  });
}

/** The organization's incidents overlapping [start, end] that involve one of `wanted` (any when empty), or that
 * involve no asset when `includeNoThings`. */
export function chosenIncidents(
  repository: ExportRepository,
  organizationId: string,
  range: { start: number; end: number },
  wanted: ReadonlySet<string>,
  includeNoThings: boolean,
): LocationRecord[] {
  return repository
    .locationsOverlapping(organizationId, range.start, range.end)
    .map((json) => JSON.parse(json) as LocationRecord)
    .filter((location) => {
      const things = [...location.things_active, ...location.things_inactive];
      if (things.length === 0) return includeNoThings;
      return wanted.size === 0 || things.some((thing) => wanted.has(thing.id));
    });
}

/** The organization's closures overlapping [start, end] whose type is one of `types`, or that one of `wanted`
 * drives or is associated with. */
export function chosenClosures(
  repository: ExportRepository,
  organizationId: string,
  range: { start: number; end: number },
  types: ReadonlySet<string>,
  wanted: ReadonlySet<string>,
): ClosureRecord[] {
  return repository
    .closures(organizationId)
    .map((json) => JSON.parse(json) as ClosureRecord)
    .filter(
      (closure) =>
        spanOverlaps(closure.start_time, closure.end_time, range.start, range.end) &&
        (types.has(closure.closure_type) ||
          [closure.thing_id, ...closure.things_associated].some((id) => id !== null && wanted.has(id))),
    );
}

function mileageSource(context: SourceContext): RowSource {
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

const timeOrNull = (context: SourceContext, text: string | null) => {
  const time = text === null ? Number.NaN : Date.parse(text);
  return Number.isNaN(time) ? null : context.formatTime(time);
};

function incidentSource(context: SourceContext): RowSource {
  const { record, repository } = context;
  const wanted = new Set(record.thing_uuids);
  return oneShot(
    csvLine([
      'incident_id',
      `start_time (${record.time_zone})`,
      `end_time (${record.time_zone})`,
      'active',
      'street',
      'lat',
      'lng',
      'alert_message',
      'assets',
      'features',
    ]),
    () =>
      chosenIncidents(repository, record.organization_id, context, wanted, record.include_no_thing_il).map(
        (location) => [
          location.id,
          timeOrNull(context, location.start_time),
          timeOrNull(context, location.end_time),
          location.is_active,
          location.street,
          location.lat,
          location.lng,
          location.alert_message,
          [...location.things_active, ...location.things_inactive]
            .map((thing) => thing.nickname ?? thing.system_identifier)
            .join('; '),
          location.features.map((feature) => feature.type).join('; '),
        ],
      ),
  );
}

function closureSource(context: SourceContext): RowSource {
  const { record, repository } = context;
  const types = new Set<string>(record.closures_to_include);
  const wanted = new Set(record.thing_uuids);
  return oneShot(
    csvLine([
      'closure_id',
      'closure_type',
      'description',
      'direction',
      'street_start',
      'street_end',
      `start_time (${record.time_zone})`,
      `end_time (${record.time_zone})`,
      'active',
      'impacted_lanes',
      'asset',
      'wzdx_id',
    ]),
    () =>
      chosenClosures(repository, record.organization_id, context, types, wanted).map((closure) => [
        closure.id,
        closure.closure_type,
        closure.description,
        closure.direction,
        closure.street_start,
        closure.street_end,
        timeOrNull(context, closure.start_time),
        timeOrNull(context, closure.end_time),
        closure.is_active,
        closure.impacted_lanes.join(' '),
        closure.thing ? (closure.thing.nickname ?? closure.thing.system_identifier) : null,
        closure.external_id,
      ]),
  );
}

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
