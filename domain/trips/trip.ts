// Trips as the dashboard reads them (access §3 "Trip", §7 "Trips and coverage", §8 "Trips"): the provider's answer
// per asset read leniently (a run that fails its check is dropped, "a failed run yields null"), the client trip
// with its map path, the merge of one query per asset from their settled results, and the error texts. Read top to
// bottom: wire schema, client model, mapper, merge, rules.
import * as v from 'valibot';
import { decodeRecords, idLike, nullishBoolean, nullishNumber, parseServerTime } from '#domain/wire/decode';

// ---------------------------------------------------------------------------------------------
// Wire schema

const ServerTripPointSchema = v.looseObject({
  lat: v.number(),
  lng: v.number(),
  course: nullishNumber,
  speed: nullishNumber,
  timestamp: v.union([v.string(), v.number()]),
});

export const ServerTripRunSchema = v.looseObject({
  run_id: idLike,
  run_start: v.union([v.string(), v.number()]),
  run_end: v.nullish(v.union([v.string(), v.number()])),
  run_duration: nullishNumber,
  is_active: nullishBoolean,
  points: v.array(ServerTripPointSchema),
});
type ServerTripRun = v.InferOutput<typeof ServerTripRunSchema>;

export const ServerTripSchema = v.looseObject({
  thing_id: idLike,
  runs: v.array(v.unknown()),
});

// ---------------------------------------------------------------------------------------------
// Client model

/** The altitude every path point carries (access §9). */
export const TRIP_PATH_ALTITUDE = 10;

export type Trip = {
  /** Thing id and run id: unique across the merged list. */
  id: string;
  thingId: string;
  thingName: string;
  runId: string;
  /** Unix ms. */
  start: number;
  end: number;
  /** Milliseconds. */
  duration: number;
  isActive: boolean;
  /** [lng, lat, altitude] per point, in time order. */
  path: [number, number, number][];
  /** Per point: degrees, metres per second, unix ms. */
  courses: number[];
  speeds: number[];
  timestamps: number[];
};

// ---------------------------------------------------------------------------------------------
// Mapper

function mapRun(thingId: string, thingName: string, run: ServerTripRun): Trip | null {
  const start = parseServerTime(run.run_start);
  if (start === null) return null;
  const path: [number, number, number][] = [];
  const courses: number[] = [];
  const speeds: number[] = [];
  const timestamps: number[] = [];
  for (const point of run.points) {
    const at = parseServerTime(point.timestamp);
    if (at === null) continue;
    path.push([point.lng, point.lat, TRIP_PATH_ALTITUDE]);
    courses.push(point.course ?? 0);
    speeds.push(point.speed ?? 0);
    timestamps.push(at);
  }
  const end = parseServerTime(run.run_end) ?? timestamps[timestamps.length - 1] ?? start;
  return {
    id: `${thingId}:${run.run_id}`,
    thingId,
    thingName,
    runId: run.run_id,
    start,
    end,
    duration:
      run.run_duration !== null && run.run_duration !== undefined ? run.run_duration * 1000 : end - start,
    isActive: run.is_active ?? false,
    path,
    courses,
    speeds,
    timestamps,
  };
}

/** The trips of one asset's answer; null when the answer itself is unreadable. Unreadable runs are dropped. */
export function decodeTrips(input: unknown, thingName: string): Trip[] | null {
  const parsed = v.safeParse(ServerTripSchema, input);
  if (!parsed.success) return null;
  const trips: Trip[] = [];
  for (const raw of parsed.output.runs) {
    const run = v.safeParse(ServerTripRunSchema, raw);
    const trip = run.success ? mapRun(parsed.output.thing_id, thingName, run.output) : null;
    if (trip) trips.push(trip);
  }
  return trips;
}

// ---------------------------------------------------------------------------------------------
// Merge of the per-asset queries

export const UNKNOWN_ERROR = 'Unknown Error';

/** Trip errors by status (access §8). */
export function tripErrorMessage(status: number): string {
  if (status === 0) return 'Connection failed';
  if (status === 404) return 'Asset not found';
  return 'Unknown failure';
}

/** One asset's query as it settled: its answer, or the status it failed with (0 when never answered). */
export type SettledTripQuery =
  | { thingId: string; thingName: string; ok: true; data: unknown }
  | { thingId: string; thingName: string; ok: false; status: number };

export type MergedTrips = {
  /** Newest first. */
  trips: Trip[];
  /** Per asset that failed, its message. */
  failures: { thingId: string; thingName: string; message: string }[];
  /** 'Unknown Error' when every query failed; null otherwise. */
  error: string | null;
};

/** Merges the settled per-asset queries: what succeeded is shown, what failed is named, all failing is an error. */
export function mergeSettledTrips(settled: readonly SettledTripQuery[]): MergedTrips {
  const trips: Trip[] = [];
  const failures: MergedTrips['failures'] = [];
  for (const query of settled) {
    const decoded = query.ok ? decodeTrips(query.data, query.thingName) : null;
    if (decoded) trips.push(...decoded);
    else
      failures.push({
        thingId: query.thingId,
        thingName: query.thingName,
        message: tripErrorMessage(query.ok ? -1 : query.status),
      });
  }
  return {
    trips: sortTripsNewestFirst(trips),
    failures,
    error: settled.length > 0 && failures.length === settled.length ? UNKNOWN_ERROR : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Coverage ("returned per thing", access §3): the first and latest telemetry the provider holds of each asset.

const ServerCoverageSchema = v.looseObject({
  thing_id: idLike,
  first_time: v.nullish(v.union([v.string(), v.number()])),
  last_time: v.nullish(v.union([v.string(), v.number()])),
});

export type Coverage = { thingId: string; first: number | null; last: number | null };

export function decodeCoverage(input: unknown): Coverage[] {
  return decodeRecords(
    ServerCoverageSchema,
    (server) => ({
      thingId: server.thing_id,
      first: parseServerTime(server.first_time),
      last: parseServerTime(server.last_time),
    }),
    input,
  ).records;
}

// ---------------------------------------------------------------------------------------------
// Rules

export function sortTripsNewestFirst(trips: readonly Trip[]): Trip[] {
  return [...trips].sort((a, b) => b.start - a.start || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The bounding box [[west, south], [east, north]] of [lng, lat, ...] positions, or null when there are none. */
export function positionBounds(
  positions: readonly (readonly number[])[],
): [[number, number], [number, number]] | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [lng = NaN, lat = NaN] of positions) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return Number.isFinite(west) && Number.isFinite(south)
    ? [
        [west, south],
        [east, north],
      ]
    : null;
}

/** The bounding box of the trips' paths, or null when they have no points. */
export function tripBounds(trips: readonly Trip[]): [[number, number], [number, number]] | null {
  return positionBounds(trips.flatMap((trip) => trip.path));
}
