// Issue 37 items 1 and 2 as a property (fast-check): whatever the seed, the fleet, the scenes and how the replay's
// ticks are spaced, through a simulated hour no unit on scene reports from farther than the scene's radius, and each
// of its reports names the street the nearest-street lookup gives for the scene, the street the incident shows
// (seed/seedIncidents.ts names it with the same lookup). Once released, a unit drives on its own again.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWithinScene } from '#domain/locations/onScene';
import { seededRandom } from '#sim/kernel/random';
import { chicagoStreetsPath, resolveSharedDir } from '#sim/kernel/paths';
import { createReplayEngine, type ReplayVehicle } from '#sim/replay/replayEngine';
import { buildEdgeIndex } from '#sim/streets/edgeIndex';
import { readStreetLines } from '#sim/streets/streetLines';
import { cachedStreetNetwork } from '#sim/streets/streetNetwork';

const START = Date.parse('2026-12-02T15:00:00.000Z');
const HOUR = 3_600_000;
const streetsFile = chicagoStreetsPath(resolveSharedDir());
const network = cachedStreetNetwork(streetsFile, () => readStreetLines(streetsFile));
const index = buildEdgeIndex(network);
const CENTRE: readonly [number, number] = [-87.6167, 41.8623];
const nodesNearCentre = network.nodes.filter(
  (node) => Math.abs(node[0] - CENTRE[0]) < 0.06 && Math.abs(node[1] - CENTRE[1]) < 0.05,
);

const unitArbitrary = fc.record({
  at: fc.nat({ max: nodesNearCentre.length - 1 }),
  scene: fc.option(fc.nat({ max: nodesNearCentre.length - 1 }), { nil: null }),
  /** When it clears, minutes into the hour; null: it stays the whole hour. */
  clearsAfter: fc.option(fc.integer({ min: 1, max: 59 }), { nil: null }),
  behaviour: fc.constantFrom('roaming' as const, 'parked' as const),
  thingType: fc.constantFrom('police', 'fire', 'ambulance', 'tow'),
});

describe('a simulated hour of the replay', () => {
  it('keeps every unit on scene within the radius of its scene, on the scene street, until it clears', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.array(unitArbitrary, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 60 }),
        (seed, units, spacingSeconds) => {
          const vehicles: ReplayVehicle[] = units.map((unit, position) => {
            const at = nodesNearCentre[unit.at] as readonly [number, number];
            const scene =
              unit.scene === null ? null : (nodesNearCentre[unit.scene] as readonly [number, number]);
            return {
              deviceId: `unit-${position}`,
              deviceType: 'ha7',
              thingType: unit.thingType,
              behaviour: unit.behaviour,
              lat: at[1],
              lng: at[0],
              scene: scene === null ? null : { lat: scene[1], lng: scene[0] },
            };
          });
          const engine = createReplayEngine({
            network,
            index,
            vehicles,
            random: seededRandom(seed),
            startAt: START,
            roamCentre: CENTRE,
            roamRadiusMetres: 10_000,
          });
          const released = new Set<string>();
          for (let now = START; now <= START + HOUR; now += spacingSeconds * 1_000) {
            units.forEach((unit, position) => {
              const deviceId = `unit-${position}`;
              if (
                unit.clearsAfter !== null &&
                now >= START + unit.clearsAfter * 60_000 &&
                !released.has(deviceId)
              ) {
                engine.release(deviceId);
                released.add(deviceId);
              }
            });
            for (const sample of engine.advanceTo(now)) {
              const vehicle = vehicles[Number(sample.device_id.slice('unit-'.length))];
              if (!vehicle?.scene || released.has(sample.device_id)) continue;
              const nearest = index.nearest([vehicle.scene.lng, vehicle.scene.lat]);
              expect(isWithinScene(vehicle.scene, sample)).toBe(true);
              expect(sample.street).toBe(network.edges[nearest?.edgeId ?? -1]?.name);
              expect(sample.speed).toBe(0);
              expect(sample.enroute).toBe(false);
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
