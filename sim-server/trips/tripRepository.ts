// What trips, hazards and run-to-run read: one asset's samples by the time its device took them, from the trip
// store (tripStore.ts: sealed blocks and the samples it still holds), and the few rows around them (the thing and
// when the caller's organizations see it, by its share windows (sharing/audienceWindows.ts), its current run).
import { audienceHistoriesOf } from '../sharing/audienceHistoryRepository.ts';
import { visibleSpans } from '../sharing/audienceWindows.ts';
import type { EventLog } from '../store/eventLog.ts';
import type { Projections } from '../store/projectionSet.ts';
import type { TripPoints } from './tripBlock.ts';
import type { TripStore } from './tripStore.ts';
import { seesAlways, type VisibleThing } from './visibleThing.ts';

const HOUR_MS = 3_600_000;

export type TripRepository = {
  /**
   * The thing and the spans of time in which one of the organizations sees it, or null when it does not exist or
   * none of them ever saw it.
   */
  visibleThing(thingId: string, organizationIds: ReadonlySet<string>): VisibleThing | null;
  /** The thing's hardware and whether R2R is on, for the run-to-run search's HA5/HA7 rule. */
  r2rHardware(thingKey: number): { deviceType: string; isR2REnabled: boolean } | null;
  /** The thing's samples taken within [from, to] (unix ms), in time order (at, then seq). */
  pointsBetween(thingKey: number, from: number, to: number): TripPoints;
  /** The start of the latest UTC hour with a sample taken before `before`, or null. */
  latestHourBefore(thingKey: number, before: number): number | null;
  /** The first and latest sample times inside the thing's spans, null when it has none there. */
  coverage(thing: VisibleThing): { first: number; last: number } | null;
  /** The thing's current run id (live §4), null when it is not en route. */
  currentRunId(thingKey: number): string | null;
};

/** `log`: one whose projections carry the trip store (composition/simProjections.ts `SimEventLog`). */
export function createTripRepository(log: EventLog<Projections & { trips: TripStore }>): TripRepository {
  const { db } = log;
  const store: TripStore = log.projections.trips;
  const selectThing = db.prepare<[string], { thing_key: number }>(
    'SELECT thing_key FROM things WHERE id = ?',
  );
  const selectHardware = db.prepare<[number], { device_type: string; r2r: number }>(
    'SELECT device_type, r2r FROM things WHERE thing_key = ?',
  );
  const histories = audienceHistoriesOf(db);
  const selectRunId = db.prepare<[number], { run_id: string | null }>(
    'SELECT run_id FROM thing_states WHERE thing_key = ?',
  );

  return {
    r2rHardware(thingKey) {
      const found = selectHardware.get(thingKey);
      return found ? { deviceType: found.device_type, isR2REnabled: found.r2r === 1 } : null;
    },
    visibleThing(thingId, organizationIds) {
      const thing = selectThing.get(thingId);
      const history = histories.historyOf(thingId);
      if (!thing || !history) return null;
      const spans = visibleSpans(history, organizationIds, 'at');
      return spans.length > 0 ? { id: thingId, key: thing.thing_key, spans } : null;
    },
    pointsBetween: (thingKey, from, to) => store.pointsBetween(thingKey, from, to),
    latestHourBefore: (thingKey, before) => store.latestHourBefore(thingKey, before),
    coverage(thing) {
      const whole = store.coverage(thing.key);
      if (!whole || seesAlways(thing)) return whole;
      let first: number | null = null;
      let last: number | null = null;
      for (const span of thing.spans) {
        const from = Math.max(span.from, whole.first);
        const to = Math.min(span.until - 1, whole.last);
        if (from > to) continue;
        first ??= firstSampleWithin(thing.key, from, to);
        last = lastSampleWithin(thing.key, from, to) ?? last;
      }
      return first === null || last === null ? null : { first, last };
    },
    currentRunId: (thingKey) => selectRunId.get(thingKey)?.run_id ?? null,
  };

  /** The first sample time within [from, to], read an hour at a time forwards. */
  function firstSampleWithin(thingKey: number, from: number, to: number): number | null {
    for (let hour = Math.floor(from / HOUR_MS) * HOUR_MS; hour <= to; hour += HOUR_MS) {
      const points = store.pointsBetween(thingKey, Math.max(from, hour), Math.min(to, hour + HOUR_MS - 1));
      if (points.length > 0) return points.at[0] ?? null;
    }
    return null;
  }

  /** The latest sample time within [from, to], read an hour with samples at a time backwards. */
  function lastSampleWithin(thingKey: number, from: number, to: number): number | null {
    for (let hour = store.latestHourBefore(thingKey, to + 1); hour !== null && hour + HOUR_MS > from;) {
      const points = store.pointsBetween(thingKey, Math.max(from, hour), Math.min(to, hour + HOUR_MS - 1));
      if (points.length > 0) return points.at[points.length - 1] ?? null;
      hour = store.latestHourBefore(thingKey, hour);
    }
    return null;
  }
}
