// Issue 37: a user's edit of a dispatcher's incident stands (sim-server/replay/liveDispatcher.ts; docs/simulator.md
// "The live dispatcher"). Given an incident the live dispatcher started and sent units to, when a user moves it
// (`PUT /api/locations/:id`, the dashboard's move), then the dispatcher's later saves (arrivals, clearings, the end)
// keep the user's place, and its units drive on to the new place and stand on scene there, within the radius.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocationRecord } from '#domain/locations/locationRecord';
import { isWithinScene } from '#domain/locations/onScene';
import { distanceMetres } from '#domain/units/distance';
import { chicagoStreetsPath, resolveSharedDir } from '#sim/kernel/paths';
import { sceneAtNode } from '#sim/seed/seedIncidents';
import { buildEdgeIndex } from '#sim/streets/edgeIndex';
import { readStreetLines } from '#sim/streets/streetLines';
import { cachedStreetNetwork } from '#sim/streets/streetNetwork';
import { dispatchWorld, liveIncidents, storedThings, type DispatchWorld } from './support/dispatchWorld.ts';
import { bearer, signIn } from './support/simulatorHarness.ts';

const streetsFile = chicagoStreetsPath(resolveSharedDir());
const network = cachedStreetNetwork(streetsFile, () => readStreetLines(streetsFile));
const index = buildEdgeIndex(network);

/** A place on a street 600–900 m from the incident (where a user would drag its marker). */
function placeNear(incident: LocationRecord): { lat: number; lng: number } {
  for (let node = 0; node < network.nodes.length; node += 1) {
    const point = network.nodes[node];
    if (!point) continue;
    const away = distanceMetres(incident.lat, incident.lng, point[1], point[0]);
    if (away < 600 || away > 900) continue;
    const scene = sceneAtNode(network, index, node);
    if (scene) return { lat: scene.lat, lng: scene.lng };
  }
  throw new Error('no street near the incident');
}

const storedIncident = (world: DispatchWorld, id: string) =>
  liveIncidents(world.harness).find((incident) => incident.id === id);

let world: DispatchWorld;
let token: string;
let movedId: string;
let place: { lat: number; lng: number };
/** Whether the stored place was ever anything but the user's after the move (checked every tick). */
const putBack: string[] = [];
let savesAfterMove = 0;
let onSceneAtTheNewPlace = 0;

beforeAll(async () => {
  world = await dispatchWorld({ tickMs: 5_000 });
  token = (await signIn(world.harness.app, 'admin@demo.test')).access_token;
  // Given: the dispatcher's first incident, its units on their way.
  let incident: LocationRecord | undefined;
  while (!incident && world.replayed < 60 * 60_000) {
    await world.tick();
    incident = liveIncidents(world.harness).find((candidate) => candidate.is_active);
  }
  if (!incident) throw new Error('the dispatcher started no incident in an hour');
  movedId = incident.id;
  place = placeNear(incident);
  // When: a user moves it.
  const response = await world.harness.app.inject({
    method: 'PUT',
    url: `/api/locations/${movedId}`,
    headers: bearer(token),
    payload: { lat: place.lat, lng: place.lng, organization_id: incident.organization_id },
  });
  expect(response.statusCode, response.body).toBe(200);
  const savesBefore = countSaves(world, movedId);
  const stored = storedThings(world.harness);
  // Then, through the dispatcher's later saves until the incident ends (or 45 minutes).
  for (let ticks = 0; ticks < (45 * 60_000) / 5_000; ticks += 1) {
    await world.tick();
    const now = storedIncident(world, movedId);
    if (!now) throw new Error('the moved incident is gone');
    if (now.lat !== place.lat || now.lng !== place.lng) putBack.push(`${now.lat},${now.lng}`);
    for (const unit of now.is_active ? now.things_active : []) {
      expect(isWithinScene(now, stored(unit.id)), `${unit.nickname} on scene at the new place`).toBe(true);
      onSceneAtTheNewPlace += 1;
    }
    if (!now.is_active) break;
  }
  savesAfterMove = countSaves(world, movedId) - savesBefore;
}, 600_000);
afterAll(async () => {
  await world.harness.close();
});

function countSaves(world: DispatchWorld, id: string): number {
  return (
    world.harness.app.eventLog.db
      .prepare<[string], { count: number }>(
        "SELECT COUNT(*) AS count FROM events WHERE type = 'LocationSaved' AND stream_id = ?",
      )
      .get(id)?.count ?? 0
  );
}

describe('a user moves an incident of the live dispatcher', () => {
  it('given its units on their way, when the user moves it, then the dispatcher’s later saves keep the user’s place', () => {
    // The dispatcher wrote after the move (arrivals at least), and never put the incident back.
    expect(savesAfterMove).toBeGreaterThanOrEqual(1);
    expect(putBack).toEqual([]);
  });

  it('its units drive on to the new place and stand on scene there, within the radius', () => {
    expect(onSceneAtTheNewPlace).toBeGreaterThanOrEqual(1);
    const incident = storedIncident(world, movedId);
    const units = [...(incident?.things_active ?? []), ...(incident?.things_inactive ?? [])];
    expect(units.length).toBeGreaterThanOrEqual(1);
  });
});
