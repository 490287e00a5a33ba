// The SQL behind trips and coverage: one asset's telemetry by the time its device took it, from `trip_points`
// (store/migrations.ts, issue 16), a narrow table clustered by thing and sample time, so a day of one asset is one
// contiguous range read. Rows come back as arrays (better-sqlite3 `raw`), the cheapest form for 86,400 of them.
import type { SqliteDatabase } from '../store/database.ts';

/** One stored sample: [at (unix ms), seq, lat, lng, speed, course, enroute (1 or 0)]. */
export type TripPointRow = [number, number, number, number, number, number, number];

export type TripRepository = {
  /** The thing's key, or null when it does not exist or none of the organizations owns it or shares it. */
  visibleThingKey(thingId: string, organizationIds: ReadonlySet<string>): number | null;
  /** The thing's samples taken within [from, to] (unix ms), in time order. */
  pointsBetween(thingKey: number, from: number, to: number): TripPointRow[];
  /** The latest sample taken before `before`, or null. */
  lastPointBefore(thingKey: number, before: number): TripPointRow | null;
  /** The latest sample before `before` that was not en route, or null. */
  lastStopBefore(thingKey: number, before: number): TripPointRow | null;
  /** The first sample taken after `after`, or null. */
  firstPointAfter(thingKey: number, after: number): TripPointRow | null;
  /** The first and latest sample times, null when the thing has none. */
  coverage(thingKey: number): { first: number; last: number } | null;
  /** The thing's current run id (live §4), null when it is not en route. */
  currentRunId(thingKey: number): string | null;
};

const COLUMNS = 'at, seq, lat, lng, speed, course, enroute';

export function createTripRepository(db: SqliteDatabase): TripRepository {
  const selectThing = db.prepare<[string], { thing_key: number }>(
    'SELECT thing_key FROM things WHERE id = ?',
  );
  const selectAudience = db.prepare<[string], { organization_id: string }>(
    'SELECT organization_id FROM thing_access WHERE thing_id = ?',
  );
  const rows = (sql: string) => db.prepare<number[], TripPointRow>(sql).raw(true);
  const selectBetween = rows(
    `SELECT ${COLUMNS} FROM trip_points WHERE thing_key = ? AND at >= ? AND at <= ? ORDER BY at, seq`,
  );
  const selectLastBefore = rows(
    `SELECT ${COLUMNS} FROM trip_points WHERE thing_key = ? AND at < ? ORDER BY at DESC, seq DESC LIMIT 1`,
  );
  const selectLastStopBefore = rows(
    `SELECT ${COLUMNS} FROM trip_points WHERE thing_key = ? AND at < ? AND enroute = 0
     ORDER BY at DESC, seq DESC LIMIT 1`,
  );
  const selectFirstAfter = rows(
    `SELECT ${COLUMNS} FROM trip_points WHERE thing_key = ? AND at > ? ORDER BY at, seq LIMIT 1`,
  );
  const selectCoverage = db.prepare<[number, number], { first: number | null; last: number | null }>(
    `SELECT (SELECT min(at) FROM trip_points WHERE thing_key = ?) AS first,
       (SELECT max(at) FROM trip_points WHERE thing_key = ?) AS last`,
  );
  const selectRunId = db.prepare<[number], { run_id: string | null }>(
    'SELECT run_id FROM thing_states WHERE thing_key = ?',
  );

  return {
    visibleThingKey(thingId, organizationIds) {
      const thing = selectThing.get(thingId);
      if (!thing) return null;
      const visible = selectAudience.all(thingId).some((row) => organizationIds.has(row.organization_id));
      return visible ? thing.thing_key : null;
    },
    pointsBetween: (thingKey, from, to) => selectBetween.all(thingKey, from, to),
    lastPointBefore: (thingKey, before) => selectLastBefore.get(thingKey, before) ?? null,
    lastStopBefore: (thingKey, before) => selectLastStopBefore.get(thingKey, before) ?? null,
    firstPointAfter: (thingKey, after) => selectFirstAfter.get(thingKey, after) ?? null,
    coverage(thingKey) {
      const row = selectCoverage.get(thingKey, thingKey);
      return row?.first == null || row.last == null ? null : { first: row.first, last: row.last };
    },
    currentRunId: (thingKey) => selectRunId.get(thingKey)?.run_id ?? null,
  };
}
