// Issue 37 items 1–2 as a property through the real app (fast-check): whatever the seed and however the replay's
// ticks are spaced, through a simulated hour of the seeded world with the live dispatcher (incidents, units driving
// to them, arriving, clearing; a user's edits and devices dropping out beside them), every simulated minute no unit
// on an active incident's scene is farther than the scene's radius from it, and at each check every screen names
// the same street for each unit on scene: the stored state, the owner's list, the managing organization's list and
// the asset detail (the domain mapper the dashboard's detail reads the listed record through).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWithinScene } from '#domain/locations/onScene';
import { mapServerThing, type ServerThing } from '#domain/things/thing';
import { dispatchWorld, liveIncidents, storedThings } from './support/dispatchWorld.ts';
import { listed } from './support/scenes.ts';
import { organizationIds, signIn } from './support/simulatorHarness.ts';

const HOUR = 3_600_000;
/** The screens are read every this often (each read is a few list calls); the radius every minute. */
const SCREENS_EVERY_MS = 15 * 60_000;

describe('a simulated hour of the live dispatcher', () => {
  it('never has a unit on scene beyond the radius, and no two screens disagree on its street', async () => {
    let runs = 0;
    let checkedOnScene = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom(1_000, 5_000, 15_000, 30_000),
        async (seed, tickMs) => {
          runs += 1;
          const world = await dispatchWorld({ seed, tickMs });
          try {
            const { harness } = world;
            const ids = organizationIds(harness.app);
            const stored = storedThings(harness);
            const farther: string[] = [];
            const disagree: string[] = [];
            let nextScreens = SCREENS_EVERY_MS;
            let nextMinute = 60_000;
            while (world.replayed < HOUR) {
              await world.tick();
              if (world.replayed < nextMinute) continue;
              nextMinute += 60_000;
              const active = liveIncidents(harness).filter((incident) => incident.is_active);
              for (const incident of active)
                for (const unit of incident.things_active) {
                  checkedOnScene += 1;
                  if (!isWithinScene(incident, stored(unit.id)))
                    farther.push(`${unit.nickname} at ${incident.street} (+${world.replayed / 60_000} min)`);
                }
              if (world.replayed < nextScreens) continue;
              nextScreens += SCREENS_EVERY_MS;
              const token = (await signIn(harness.app, 'admin@demo.test')).access_token;
              const lists = new Map([
                [ids.responders, await listed(harness, token, ids.responders)],
                [ids.coordination, await listed(harness, token, ids.coordination)],
              ]);
              for (const incident of active)
                for (const unit of incident.things_active) {
                  const owners = lists.get(incident.organization_id)?.get(unit.id);
                  const managed = lists.get(ids.coordination)?.get(unit.id);
                  const detail = owners ? mapServerThing(owners as unknown as ServerThing).street : undefined;
                  const streets = [stored(unit.id).street ?? '', owners?.street, managed?.street, detail];
                  if (new Set(streets.filter((street) => street !== undefined)).size !== 1)
                    disagree.push(`${unit.nickname}: ${streets.join(' / ')}`);
                }
            }
            expect(farther, `seed ${seed}, ticks of ${tickMs} ms`).toEqual([]);
            expect(disagree, `seed ${seed}, ticks of ${tickMs} ms`).toEqual([]);
          } finally {
            await world.harness.close();
          }
        },
      ),
      { numRuns: 3 },
    );
    expect(runs).toBe(3);
    // The hours had units on scene to check.
    expect(checkedOnScene).toBeGreaterThan(10);
  }, 900_000);
});
