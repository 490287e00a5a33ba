// Run-to-run (R2R) search (access §2 "Run-to-run page", §3 "Run-to-run form", §4, §5, §9): one alerted asset and a
// start in the past; the window ends 15 minutes later. The answer (our design; the product shows no results
// screen) is the asset's points in the window and the alerts it raised there (its hazards, domain/hazards/).
// Read top to bottom: query and record, rules, client model and mapper.
import * as v from 'valibot';
import { HazardRecordSchema, decodeHazards, type Hazard } from '#domain/hazards/hazard';
import { decodeTrips, TRIP_PATH_ALTITUDE } from '#domain/trips/trip';
import { TripPointRecordSchema } from '#domain/trips/tripRecord';
import { idLike, parseServerTime } from '#domain/wire/decode';
import { TimeQueryTextSchema } from '#domain/wire/requestParts';

export const R2RQuerySchema = v.object({ start_time: TimeQueryTextSchema });
export type R2RQuery = v.InferOutput<typeof R2RQuerySchema>;

export const R2RRunRecordSchema = v.object({
  thing_id: v.string(),
  start_time: v.string(),
  end_time: v.string(),
  points: v.array(TripPointRecordSchema),
  alerts: v.array(HazardRecordSchema),
});
export type R2RRunRecord = v.InferOutput<typeof R2RRunRecordSchema>;

// ---------------------------------------------------------------------------------------------
// Rules

/** The run-to-run window (access §9). */
export const R2R_WINDOW_MS = 15 * 60 * 1000;
export const START_REQUIRED = 'Start time is required';
export const START_IN_PAST = 'Start time must be in the past';
export const SELECT_ASSET = 'Select an asset';
/** Live §6 and access §6 name this reason; the same text as the asset detail's R2R controls. */
export const R2R_NOT_ENABLED = 'R2R not enabled';

/** The end is derived: start plus 15 minutes (access §4). */
export function r2rEnd(start: number): number {
  return start + R2R_WINDOW_MS;
}

/** What is wrong with a start time (it cannot be after now, access §5), or null. */
export function r2rStartProblem(start: number | null, now: number): string | null {
  if (start === null || !Number.isFinite(start)) return START_REQUIRED;
  return start > now ? START_IN_PAST : null;
}

// ---------------------------------------------------------------------------------------------
// Client model and mapper

/**
 * Whether an asset's runs may be searched (access §6 "R2R testing is limited to hardware models HA5 and HA7"): only
 * HA5 and HA7 devices with R2R enabled; otherwise "R2R not enabled", the reason the product names.
 */
export function r2rSearchRefusal(asset: { deviceType: string | null; isR2REnabled: boolean }): string | null {
  const hardware = asset.deviceType === 'ha5' || asset.deviceType === 'ha7';
  return hardware && asset.isR2REnabled ? null : R2R_NOT_ENABLED;
}

export type R2RRun = {
  thingId: string;
  start: number;
  end: number;
  points: { lng: number; lat: number; speed: number; course: number; time: number }[];
  /** [lng, lat, altitude] per point, for the map. */
  path: [number, number, number][];
  alerts: Hazard[];
};

const ServerR2RRunSchema = v.looseObject({
  thing_id: idLike,
  start_time: v.union([v.string(), v.number()]),
  end_time: v.union([v.string(), v.number()]),
  points: v.array(v.unknown()),
  alerts: v.array(v.unknown()),
});

export function decodeR2RRun(input: unknown): R2RRun | null {
  const parsed = v.safeParse(ServerR2RRunSchema, input);
  if (!parsed.success) return null;
  const start = parseServerTime(parsed.output.start_time);
  const end = parseServerTime(parsed.output.end_time);
  if (start === null || end === null) return null;
  // The points read as one run of a trip, with the same leniency.
  const [trip] =
    decodeTrips(
      {
        thing_id: parsed.output.thing_id,
        runs: [{ run_id: 'r2r', run_start: start, run_end: end, points: parsed.output.points }],
      },
      '',
    ) ?? [];
  return {
    thingId: parsed.output.thing_id,
    start,
    end,
    points: (trip?.path ?? []).map(([lng, lat], index) => ({
      lng,
      lat,
      speed: trip?.speeds[index] ?? 0,
      course: trip?.courses[index] ?? 0,
      time: trip?.timestamps[index] ?? start,
    })),
    path: (trip?.path ?? []).map(([lng, lat]) => [lng, lat, TRIP_PATH_ALTITUDE]),
    alerts: decodeHazards(parsed.output.alerts),
  };
}
