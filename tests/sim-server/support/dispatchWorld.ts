// The seeded world with the replay, the live dispatcher (unless turned off) and the offline watch ticked by hand on
// an injected clock (issue 37): shared by the live-dispatcher tests, the user's-edit test and the property test over
// a simulated hour. `liveIncidents` reads the incidents the dispatcher started (the seed's started before the clock).
import type { LocationRecord } from '#domain/locations/locationRecord';
import { OFFLINE_WATCH_INTERVAL_MS } from '#sim/alarms/offlineWatchPlugin';
import { manualClock, startHarness, type Harness } from './simulatorHarness.ts';
import type { StoredThing } from './scenes.ts';

export const DISPATCH_START = Date.parse('2026-12-02T15:00:00.000Z');

export type DispatchWorld = { harness: Harness; tick(): Promise<void>; replayed: number };

export async function dispatchWorld(
  options: { dispatch?: boolean; seed?: number; tickMs?: number } = {},
): Promise<DispatchWorld> {
  const tickMs = options.tickMs ?? 5_000;
  const replayTasks: (() => void | Promise<void>)[] = [];
  const watchTasks: (() => void | Promise<void>)[] = [];
  const collect = (into: (() => void | Promise<void>)[]) => ({
    every: (_intervalMs: number, task: () => void | Promise<void>) => {
      into.push(task);
      return () => into.splice(into.indexOf(task), 1);
    },
  });
  const clock = manualClock(DISPATCH_START);
  const harness = await startHarness({
    clock,
    replay: {
      scheduler: collect(replayTasks),
      seed: options.seed ?? 7,
      ...(options.dispatch === false ? { dispatch: false } : {}),
    },
    offlineWatch: { scheduler: collect(watchTasks) },
  });
  const state: DispatchWorld = {
    harness,
    replayed: 0,
    async tick() {
      const before = state.replayed;
      clock.advance(tickMs);
      state.replayed += tickMs;
      for (const task of [...replayTasks]) await task();
      // The watch runs whenever its interval was crossed, however the ticks are spaced.
      if (
        Math.floor(state.replayed / OFFLINE_WATCH_INTERVAL_MS) >
        Math.floor(before / OFFLINE_WATCH_INTERVAL_MS)
      )
        for (const task of [...watchTasks]) await task();
    },
  };
  return state;
}

/** Every incident the dispatcher started (the seed's started before the world's clock). */
export function liveIncidents(harness: Harness): LocationRecord[] {
  return harness.app.eventLog.db
    .prepare<[], { data: string }>('SELECT data FROM locations ORDER BY id')
    .all()
    .map((row) => JSON.parse(row.data) as LocationRecord)
    .filter((location) => Date.parse(location.start_time) > DISPATCH_START);
}

/** The stored state of a thing (the projection every read path reads). */
export function storedThings(harness: Harness): (thingId: string) => StoredThing {
  const select = harness.app.eventLog.db.prepare<[string], StoredThing>(
    'SELECT id, lat, lng, street, speed, sim_behaviour FROM things_with_state WHERE id = ?',
  );
  return (thingId: string) => select.get(thingId) as StoredThing;
}
