// Reading exports and what an export's rows come from: the exports projection, the organization's assets, areas,
// incidents and closures, and the telemetry in the event log. Telemetry is read by log position: the log is in time
// order (recorded_at never goes back as seq grows), so a time window is a seq range found by binary search over the
// primary key, with no index on time that would cost every ingested point; pages then walk that range by seq.
import type { ExportRecord } from '#domain/exports/exportRecord';
import type { SqliteDatabase } from '../store/database.ts';
import { audienceHistoriesOf } from '../sharing/audienceHistoryRepository.ts';
import { visibleSpans, withinSpans, type Span } from '../sharing/audienceWindows.ts';
import { firstLogEventFrom, readLogPage } from '../store/logReader.ts';

export type ExportThing = {
  id: string;
  name: string;
  system_identifier: string;
  thing_type: string;
  thing_subtype: string | null;
  in_service: boolean;
};

type ThingRow = Omit<ExportThing, 'in_service'> & { in_service: number };

export type TelemetryRow = { seq: number; stream_id: string; type: string; data: string };

export type SeqWindow = { afterSeq: number; lastSeq: number };

export type ExportRepository = {
  list(organizationIds: readonly string[]): ExportRecord[];
  byId(id: string): ExportRecord | null;
  /** Requested and in-progress exports, oldest request first: the worker's queue after a restart. */
  unfinished(): ExportRecord[];
  statusOf(id: string): string | null;
  /** Of `thingIds`, those the organization sees (owns, manages or accesses). */
  visibleThingIds(organizationId: string, thingIds: readonly string[]): Set<string>;
  /**
   * Whether the organization saw a thing's event at its log position (sharing/audienceWindows.ts): a thing shared
   * with it only inside the share's windows, as time travel and trips read it (issue 34 finding 7).
   */
  sightOf(organizationId: string, thingIds: readonly string[]): (thingId: string, seq: number) => boolean;
  /** The assets an export covers: those named, else every asset the organization sees, by name. */
  exportThings(organizationId: string, thingIds: readonly string[]): ExportThing[];
  organizationZone(organizationId: string): { timeZone: string; countryCode: string | null } | null;
  userName(userId: string): string | null;
  /** The log positions whose recorded time is within [start, end]. */
  seqWindow(start: number, end: number): SeqWindow;
  /** Up to `limit` telemetry events of `types` after `afterSeq` up to `lastSeq`, of the given things, by seq. */
  telemetryPage(
    window: SeqWindow,
    afterSeq: number,
    thingIdsJson: string,
    types: readonly ('PointRecorded' | 'HeartbeatRecorded')[],
    limit: number,
  ): TelemetryRow[];
  /** Incidents (locations) of the organization whose time on scene overlaps [start, end], by start. */
  locationsOverlapping(organizationId: string, start: number, end: number): string[];
  /** Every organization's locations overlapping [start, end] (wire JSON): the reports count the incidents their
   * assets were on, whoever's incidents they are (domain/reports/incidentCount.ts). */
  anyLocationsOverlapping(start: number, end: number): string[];
  /** The organization's closures (wire JSON), by id. */
  closures(organizationId: string): string[];
  /** The organization's areas (wire JSON), by id. */
  areas(organizationId: string): string[];
};

export function createExportRepository(db: SqliteDatabase): ExportRepository {
  const selectList = db.prepare<[string], { data: string }>(
    'SELECT data FROM exports WHERE organization_id IN (SELECT value FROM json_each(?)) ORDER BY updated_at DESC, id',
  );
  const selectOne = db.prepare<[string], { data: string }>('SELECT data FROM exports WHERE id = ?');
  const selectUnfinished = db.prepare<[], { data: string }>(
    "SELECT data FROM exports WHERE status IN ('requested', 'in_progress') ORDER BY json_extract(data, '$.requested_at'), id",
  );
  const selectStatus = db.prepare<[string], { status: string }>('SELECT status FROM exports WHERE id = ?');
  const selectVisible = db.prepare<[string, string], { thing_id: string }>(
    'SELECT thing_id FROM thing_access WHERE organization_id = ? AND thing_id IN (SELECT value FROM json_each(?))',
  );
  const thingColumns = `t.id, coalesce(t.nickname, t.system_identifier) AS name, t.system_identifier, t.thing_type,
    t.thing_subtype, t.in_service`;
  const selectNamedThings = db.prepare<[string, string], ThingRow>(`
    SELECT ${thingColumns} FROM thing_access a JOIN things t ON t.id = a.thing_id
    WHERE a.organization_id = ? AND a.thing_id IN (SELECT value FROM json_each(?)) ORDER BY name, t.id`);
  const selectAllThings = db.prepare<[string], ThingRow>(`
    SELECT ${thingColumns} FROM thing_access a JOIN things t ON t.id = a.thing_id
    WHERE a.organization_id = ? ORDER BY name, t.id`);
  const selectZone = db.prepare<[string], { timezone: string | null; country_code: string | null }>(
    'SELECT timezone, country_code FROM organizations WHERE id = ?',
  );
  const selectUser = db.prepare<[string], { firstname: string; lastname: string; email: string }>(
    'SELECT firstname, lastname, email FROM users WHERE id = ?',
  );
  // Sealed telemetry and rows alike (store/logReader.ts).
  const recordedAtOf = { get: (seq: number) => firstLogEventFrom(db, seq) };
  const lastSeq = db.prepare<[], { seq: number | null }>('SELECT max(seq) AS seq FROM events');
  const selectLocations = db.prepare<[string, number, number], { data: string }>(`
    SELECT data FROM locations WHERE organization_id = ? AND start_at <= ? AND (end_at IS NULL OR end_at >= ?)
    ORDER BY start_at, id`);
  const selectAnyLocations = db.prepare<[number, number], { data: string }>(`
    SELECT data FROM locations WHERE start_at <= ? AND (end_at IS NULL OR end_at >= ?) ORDER BY start_at, id`);
  const selectClosures = db.prepare<[string], { data: string }>(
    'SELECT data FROM closures WHERE organization_id = ? ORDER BY id',
  );
  const selectAreas = db.prepare<[string], { data: string }>(
    'SELECT data FROM areas WHERE organization_id = ? ORDER BY id',
  );

  /** The first seq whose recorded time is at least `time` (one past the end when none is). */
  function firstSeqAtOrAfter(time: number, high: number): number {
    let low = 1;
    let top = high + 1;
    while (low < top) {
      const middle = Math.floor((low + top) / 2);
      const row = recordedAtOf.get(middle);
      if (!row) {
        top = middle;
      } else if (row.recorded_at < time) {
        low = Math.min(row.seq + 1, top);
      } else {
        top = middle;
      }
    }
    return low;
  }

  const things = (rows: ThingRow[]): ExportThing[] =>
    rows.map((row) => ({ ...row, in_service: row.in_service === 1 }));

  return {
    list: (organizationIds) =>
      selectList.all(JSON.stringify(organizationIds)).map((row) => JSON.parse(row.data) as ExportRecord),
    byId(id) {
      const row = selectOne.get(id);
      return row ? (JSON.parse(row.data) as ExportRecord) : null;
    },
    unfinished: () => selectUnfinished.all().map((row) => JSON.parse(row.data) as ExportRecord),
    statusOf: (id) => selectStatus.get(id)?.status ?? null,
    visibleThingIds: (organizationId, thingIds) =>
      new Set(selectVisible.all(organizationId, JSON.stringify(thingIds)).map((row) => row.thing_id)),
    sightOf(organizationId, thingIds) {
      const changed = audienceHistoriesOf(db).changedThings();
      const viewers = new Set([organizationId]);
      const windows = new Map<string, Span[]>();
      for (const thingId of thingIds) {
        const history = changed.get(thingId);
        if (history) windows.set(thingId, visibleSpans(history, viewers, 'seq'));
      }
      return (thingId, seq) => {
        const spans = windows.get(thingId);
        return spans === undefined || withinSpans(spans, seq);
      };
    },
    exportThings: (organizationId, thingIds) =>
      things(
        thingIds.length > 0
          ? selectNamedThings.all(organizationId, JSON.stringify(thingIds))
          : selectAllThings.all(organizationId),
      ),
    organizationZone(organizationId) {
      const row = selectZone.get(organizationId);
      return row ? { timeZone: row.timezone || 'UTC', countryCode: row.country_code } : null;
    },
    userName(userId) {
      const row = selectUser.get(userId);
      if (!row) return null;
      const name = `${row.firstname} ${row.lastname}`.trim();
      return name || row.email;
    },
    seqWindow(start, end) {
      const high = lastSeq.get()?.seq ?? 0;
      const first = firstSeqAtOrAfter(start, high);
      const afterEnd = firstSeqAtOrAfter(end + 1, high);
      return { afterSeq: first - 1, lastSeq: afterEnd - 1 };
    },
    telemetryPage(window, afterSeq, thingIdsJson, types, limit) {
      const streamIds = new Set(JSON.parse(thingIdsJson) as string[]);
      const from = Math.max(afterSeq, window.afterSeq);
      return readLogPage(db, from, window.lastSeq, limit, { types, streamIds }) as TelemetryRow[];
    },
    locationsOverlapping: (organizationId, start, end) =>
      selectLocations.all(organizationId, end, start).map((row) => row.data),
    anyLocationsOverlapping: (start, end) => selectAnyLocations.all(end, start).map((row) => row.data),
    closures: (organizationId) => selectClosures.all(organizationId).map((row) => row.data),
    areas: (organizationId) => selectAreas.all(organizationId).map((row) => row.data),
  };
}
