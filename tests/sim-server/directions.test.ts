// The directions stand-in (GET /api/sim/directions): a route along the simulator's streets from the street
// nearest the origin to the one nearest the destination, every vertex on a street line; points far from any
// street get the texts the closure form shows under its path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NO_ROAD_NEAR_END,
  NO_ROAD_NEAR_START,
  type DirectionsAnswer,
} from '#domain/closures/closureDirections';
import { closestOnSegment, distanceMetres, type LngLat } from '#sim/streets/geometry';
import { call, startLiveWorld, type LiveWorld } from './support/liveOperations.ts';

let world: LiveWorld;
let streets: { name: string; line: LngLat[] }[];

beforeAll(async () => {
  world = await startLiveWorld();
  const basemap = (await world.app.inject({ method: 'GET', url: '/api/sim/basemap' })).json<{
    features: { properties: { name: string }; geometry: { coordinates: LngLat[] } }[];
  }>();
  streets = basemap.features.map((feature) => ({
    name: feature.properties.name,
    line: feature.geometry.coordinates,
  }));
});
afterAll(async () => {
  await world.harness.close();
});

function distanceToStreets(point: LngLat): number {
  let best = Infinity;
  for (const { line } of streets)
    for (let index = 0; index + 1 < line.length; index += 1) {
      const a = line[index];
      const b = line[index + 1];
      if (a && b) best = Math.min(best, closestOnSegment(point, a, b).distance);
    }
  return best;
}

const LAKE: LngLat = [-87.55, 41.88];
const query = (origin: LngLat, destination: LngLat) =>
  `/api/sim/directions?origin=${origin[1]},${origin[0]}&destination=${destination[1]},${destination[0]}`;

describe('GET /api/sim/directions', () => {
  it('routes along the streets from the origin to the destination', async () => {
    // A long street line of the basemap: from a point near its start to one near its end.
    const street = streets.find((candidate) => {
      const first = candidate.line[0];
      const last = candidate.line[candidate.line.length - 1];
      return first && last && distanceMetres(first, last) > 600 && distanceMetres(first, last) < 1500;
    });
    if (!street) throw new Error('no street of 600–1500 m in the basemap');
    const origin = street.line[0] as LngLat;
    const destination = street.line[street.line.length - 1] as LngLat;
    const response = await call(world, 'GET', query(origin, destination), world.tokens.user);
    expect(response.statusCode).toBe(200);
    const answer = response.json<DirectionsAnswer>();
    const path = answer.route.map((point): LngLat => [point.lng, point.lat]);
    expect(distanceMetres(path[0] as LngLat, origin)).toBeLessThan(20);
    expect(distanceMetres(path[path.length - 1] as LngLat, destination)).toBeLessThan(20);
    for (const point of path) expect(distanceToStreets(point)).toBeLessThan(3);
    // No shorter than the straight line between the snapped ends (each within 20 m of its waypoint).
    expect(answer.distance_metres).toBeGreaterThanOrEqual(distanceMetres(origin, destination) - 40);
    expect(answer.street_start).not.toBe('');
  });

  it('says which end has no road near it', async () => {
    const onStreet = streets[0]?.line[0] as LngLat;
    const fromLake = await call(world, 'GET', query(LAKE, onStreet), world.tokens.user);
    expect(fromLake.statusCode).toBe(422);
    expect(fromLake.json<{ error: string }>().error).toBe(NO_ROAD_NEAR_START);
    const toLake = await call(world, 'GET', query(onStreet, LAKE), world.tokens.user);
    expect(toLake.json<{ error: string }>().error).toBe(NO_ROAD_NEAR_END);
  });

  it('needs a token and two waypoints', async () => {
    const anonymous = await world.app.inject({ method: 'GET', url: query(LAKE, LAKE) });
    expect(anonymous.statusCode).toBe(401);
    const bad = await call(
      world,
      'GET',
      '/api/sim/directions?origin=91,0&destination=1,1',
      world.tokens.user,
    );
    expect(bad.statusCode).toBe(400);
  });
});
