// What trips, hazards and run-to-run read: one asset's samples by the time its device took them, from the trip
// store (tripStore.ts: sealed blocks and the samples it still holds), and the few rows around them (the thing and
// who sees it, its current run).
import type { EventLog } from '../store/eventLog.ts';
import type { TripPoints } from './tripBlock.ts';
import type { TripStore } from './tripStore.ts';

export type TripRepository = {
  /** The thing's key, or null when it does not exist or none of the organizations owns it or shares it. */
  visibleThingKey(thingId: string, organizationIds: ReadonlySet<string>): number | null;
  /** The thing's hardware and whether R2R is on, for the run-to-run search's HA5/HA7 rule. */
  r2rHardware(thingKey: number): { deviceType: string; isR2REnabled: boolean } | null;
  /** The thing's samples taken within [from, to] (unix ms), in time order (at, then seq). */
  pointsBetween(thingKey: number, from: number, to: number): TripPoints;
  /** The start of the latest UTC hour with a sample taken before `before`, or null. */
  latestHourBefore(thingKey: number, before: number): number | null;
  /** The first and latest sample times, null when the thing has none. */
  coverage(thingKey: number): { first: number; last: number } | null;
  /** The thing's current run id (live §4), null when it is not en route. */
  currentRunId(thingKey: number): string | null;
};

export function createTripRepository(log: EventLog): TripRepository {
  const { db } = log;
  const store: TripStore = log.projections.trips;
  const selectThing = db.prepare<[string], { thing_key: number }>(
    'SELECT thing_key FROM things WHERE id = ?',
  );
  const selectHardware = db.prepare<[number], { device_type: string; r2r: number }>(
    'SELECT device_type, r2r FROM things WHERE thing_key = ?',
  );
  const selectAudience = db.prepare<[string], { organization_id: string }>(
    'SELECT organization_id FROM thing_access WHERE thing_id = ?',
  );
  const selectRunId = db.prepare<[number], { run_id: string | null }>(
    'SELECT run_id FROM thing_states WHERE thing_key = ?',
  );

  return {
    r2rHardware(thingKey) {
      const found = selectHardware.get(thingKey);
      return found ? { deviceType: found.device_type, isR2REnabled: found.r2r === 1 } : null;
    },
    visibleThingKey(thingId, organizationIds) {
      const thing = selectThing.get(thingId);
      if (!thing) return null;
      const visible = selectAudience.all(thingId).some((row) => organizationIds.has(row.organization_id));
      return visible ? thing.thing_key : null;
    },
    pointsBetween: (thingKey, from, to) => store.pointsBetween(thingKey, from, to),
    latestHourBefore: (thingKey, before) => store.latestHourBefore(thingKey, before),
    coverage: (thingKey) => store.coverage(thingKey),
    currentRunId: (thingKey) => selectRunId.get(thingKey)?.run_id ?? null,
  };
}
