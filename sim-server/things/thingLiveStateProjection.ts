// Projects telemetry: every sample into the trip store (its whole stored event: the store keeps every field, so
// that sealing needs no row back, issue 36), and the latest into the thing's live state. The hot path reads
// nothing: the key of each thing and its live state, as written, stay in memory until `forget`.
import { toFlag, type SqliteDatabase } from '../store/database.ts';
import type { TelemetryEvent } from '../store/events.ts';
import { createTripStore, type TripStore, type TripStoreLimits } from '../trips/tripStore.ts';
import { nextLiveState, type ThingLiveState } from '../store/thingLiveState.ts';

export type ThingLiveStateProjection = {
  /** The thing's live state after the sample, or null when the sample was older than the latest and moved nothing. */
  applyTelemetry(event: TelemetryEvent): ThingLiveState | null;
  liveStateOf(thingKey: number): ThingLiveState;
  trips: TripStore;
  forget(): void;
};

export function createThingLiveStateProjection(
  db: SqliteDatabase,
  tripLimits?: TripStoreLimits,
): ThingLiveStateProjection {
  const updateThingState = db.prepare(`
    UPDATE thing_states SET lat = ?, lng = ?, speed = ?, course = ?, accuracy = ?, enroute = ?, run_id = ?,
      street = ?, heartbeat_at = ?, updated_at = ?
    WHERE thing_key = ?`);
  // Every sample, older ones too: a trip is the history, the live state only the latest (trips/tripStore.ts). Not
  // among PROJECTION_TABLES: log retention trims it by sample time (logRetention.ts), and the points of telemetry
  // already gone from the log stay, so a rebuild keeps it and only adds what is missing.
  const trips = createTripStore(db, tripLimits);
  const selectLiveState = db.prepare<
    [number],
    { heartbeat_at: number | null; enroute: number; run_id: string | null; street: string | null }
  >('SELECT heartbeat_at, enroute, run_id, street FROM thing_states WHERE thing_key = ?');
  const selectThingKey = db.prepare<[string], { thing_key: number }>(
    'SELECT thing_key FROM things WHERE id = ?',
  );
  const thingKeys = new Map<string, number>();
  const liveStates = new Map<number, ThingLiveState>();

  function storedLiveStateOf(thingKey: number): ThingLiveState {
    const row = selectLiveState.get(thingKey);
    if (!row) throw new Error(`No live state for thing ${thingKey}`);
    return {
      heartbeatAt: row.heartbeat_at,
      enroute: row.enroute === 1,
      runId: row.run_id,
      street: row.street,
    };
  }

  function liveStateOf(thingKey: number): ThingLiveState {
    const known = liveStates.get(thingKey);
    if (known) return known;
    const stored = storedLiveStateOf(thingKey);
    liveStates.set(thingKey, stored);
    return stored;
  }

  function applyTelemetry(event: TelemetryEvent): ThingLiveState | null {
    const { data: record, recordedAt } = event;
    const thingKey = thingKeyOf(event.streamId);
    const time = Date.parse(record.time);
    trips.record(thingKey, event, time);
    const next = nextLiveState(liveStateOf(thingKey), record, event.seq, time);
    if (!next) return null;
    liveStates.set(thingKey, next);
    updateThingState.run(
      record.lat,
      record.lng,
      record.speed,
      record.course,
      record.accuracy,
      toFlag(next.enroute),
      next.runId,
      next.street,
      next.heartbeatAt,
      recordedAt,
      thingKey,
    );
    return next;
  }

  function thingKeyOf(thingId: string): number {
    const known = thingKeys.get(thingId);
    if (known !== undefined) return known;
    const row = selectThingKey.get(thingId);
    if (!row) throw new Error(`Telemetry for unknown thing ${thingId}`);
    thingKeys.set(thingId, row.thing_key);
    return row.thing_key;
  }

  function forget() {
    thingKeys.clear();
    liveStates.clear();
    trips.forget();
  }

  return {
    applyTelemetry,
    liveStateOf,
    trips,
    forget,
  };
}
