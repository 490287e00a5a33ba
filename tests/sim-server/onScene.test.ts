// Issue 37 items 1 and 2: units on an incident are at its scene, got there by driving, stand still there while the
// replay runs, and every read path names the same street for them; a unit that clears drives again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocationRecord } from '#domain/locations/locationRecord';
import { isWithinScene } from '#domain/locations/onScene';
import { expectUnitsAtTheirScenes as expectScenes, type StoredThing } from './support/scenes.ts';
import { manualClock, signIn, startHarness, type Harness } from './support/simulatorHarness.ts';

const START = Date.parse('2026-12-02T15:00:00.000Z');
const tasks: (() => void | Promise<void>)[] = [];
const scheduler = {
  every: (_intervalMs: number, task: () => void | Promise<void>) => {
    tasks.push(task);
    return () => tasks.splice(tasks.indexOf(task), 1);
  },
};
const clock = manualClock(START);
let world: Harness;
let token: string;

beforeAll(async () => {
  world = await startHarness({ clock, replay: { scheduler, seed: 7 } });
  token = (await signIn(world.app, 'user@demo.test')).access_token;
}, 60_000);
afterAll(async () => {
  await world.close();
});

/** Moves the clock on by `minutes` and lets the replay catch up half a minute at a time. */
async function replayFor(minutes: number) {
  for (let step = 0; step < minutes * 2; step += 1) {
    clock.advance(30_000);
    for (const task of [...tasks]) await task();
  }
}

function activeIncidents(): LocationRecord[] {
  return world.app.eventLog.db
    .prepare<[], { data: string }>('SELECT data FROM locations WHERE is_active = 1 ORDER BY id')
    .all()
    .map((row) => JSON.parse(row.data) as LocationRecord);
}

const stored = (thingId: string): StoredThing =>
  world.app.eventLog.db
    .prepare<[string], StoredThing>(
      'SELECT id, lat, lng, street, speed, sim_behaviour FROM things_with_state WHERE id = ?',
    )
    .get(thingId) as StoredThing;

/** Every unit on scene is within the radius and every read path names the incident's street for it. */
const expectUnitsAtTheirScenes = (atLeast = 4) =>
  expectScenes(world, token, activeIncidents(), stored, atLeast);

describe('units on scene', () => {
  it('drove there: each arrived after the incident started, by its own drive (never a Time-to-Scene of 0 s)', () => {
    const times = activeIncidents().flatMap((incident) =>
      [...incident.things_active, ...incident.things_inactive].map(
        (unit) => Date.parse(unit.start_time) - Date.parse(incident.start_time),
      ),
    );
    expect(times.length).toBeGreaterThanOrEqual(6);
    expect(Math.min(...times)).toBeGreaterThan(0);
    // Drives of a few hundred metres to a few kilometres at city speeds.
    expect(Math.max(...times)).toBeLessThan(30 * 60_000);
    expect(new Set(times).size).toBe(times.length);
  });

  it('are within the radius of their scene, and every read path gives the same street', async () => {
    await expectUnitsAtTheirScenes();
  });

  it('stand still on scene while the replay runs, at 0 mph, on the same street', async () => {
    await replayFor(10);
    await expectUnitsAtTheirScenes();
  });

  it('drive again once cleared from the scene', async () => {
    const incident = activeIncidents().find((candidate) =>
      candidate.things_active.some((unit) => stored(unit.id).sim_behaviour === 'roaming'),
    ) as LocationRecord;
    const cleared = incident.things_active.find((unit) => stored(unit.id).sim_behaviour === 'roaming');
    if (!cleared) throw new Error('the seeded world has a roaming unit on scene');
    const before = stored(cleared.id);
    const saved: LocationRecord = {
      ...incident,
      things_active: incident.things_active.filter((unit) => unit.id !== cleared.id),
      things_inactive: [
        ...incident.things_inactive,
        { ...cleared, end_time: new Date(clock.now()).toISOString() },
      ],
    };
    await world.app.eventLog.write(() =>
      world.app.eventLog.record(
        { type: 'LocationSaved', data: saved },
        { streamId: saved.id, organizationId: saved.organization_id, recordedAt: clock.now() },
      ),
    );
    await replayFor(15);
    const after = stored(cleared.id);
    expect(isWithinScene(incident, after)).toBe(false);
    expect([after.lat, after.lng]).not.toEqual([before.lat, before.lng]);
    await expectUnitsAtTheirScenes(3);
  });
});
