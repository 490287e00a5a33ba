// Locations (events, incidents): the recent and active lists and moving a location, with the refusals the
// dashboard translates (live §8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLocations } from '#domain/locations/location';
import type { LocationRecord } from '#domain/locations/locationRecord';
import { chicagoStreetsPath, resolveSharedDir } from '#sim/kernel/paths';
import { buildEdgeIndex } from '#sim/streets/edgeIndex';
import { readStreetLines } from '#sim/streets/streetLines';
import { cachedStreetNetwork } from '#sim/streets/streetNetwork';
import { connectCable } from './support/cableClient.ts';
import { call, eventCount, startLiveWorld, type LiveWorld, type RoleName } from './support/liveOperations.ts';

let world: LiveWorld;
const streetsFile = chicagoStreetsPath(resolveSharedDir());
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  world = await startLiveWorld();
});
afterAll(async () => {
  await world.harness.close();
});

async function list(query: string, token = world.tokens.user): Promise<LocationRecord[]> {
  const response = await call(world, 'GET', `/api/locations${query}`, token);
  expect(response.statusCode).toBe(200);
  return response.json<LocationRecord[]>();
}

const weekAgo = () => new Date(world.harness.clock.now() - 7 * DAY).toISOString();
const responders = () => `org_ids[]=${world.ids.responders}`;

async function seeded() {
  const all = await list(`?${responders()}&start_date=${weekAgo()}`);
  const active = all.filter((location) => location.is_active);
  const ended = all.filter((location) => !location.is_active);
  const [first] = active;
  const [anEnded] = ended;
  if (!first || !anEnded) throw new Error('the seed has active and ended locations');
  return { all, active, ended, first, anEnded };
}

describe('GET /api/locations', () => {
  it('lists the week’s incidents, active first, in a shape the dashboard decodes', async () => {
    const { all, active, ended } = await seeded();
    expect(active.length).toBeGreaterThanOrEqual(2);
    expect(ended.length).toBeGreaterThanOrEqual(2);
    expect(all.slice(0, active.length).every((location) => location.is_active)).toBe(true);
    const decoded = decodeLocations(all);
    expect(decoded.dropped).toBe(0);
    expect(decoded.records[0]?.thingsActive.length).toBeGreaterThan(0);
  });

  it('leaves out what ended before start_date', async () => {
    const recent = await list(`?${responders()}&start_date=${world.harness.clock.now() - 60 * 60 * 1000}`);
    expect(recent.every((location) => location.is_active)).toBe(true);
  });

  it('serves /active with the assets on scene', async () => {
    const active = (
      await call(world, 'GET', `/api/locations/active?${responders()}`, world.tokens.media)
    ).json<LocationRecord[]>();
    expect(active.length).toBeGreaterThanOrEqual(2);
    for (const location of active) {
      expect(location.is_active).toBe(true);
      expect(location.things_active[0]).toMatchObject({
        id: expect.any(String),
        start_time: expect.any(String),
      });
    }
  });

  it('answers 404 for an organization the caller cannot see, 400 for an unreadable date', async () => {
    const foreign = await call(world, 'GET', `/api/locations?${responders()}`, world.fleetAdminToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Organization not found' });
    expect((await call(world, 'GET', '/api/locations?start_date=soon', world.tokens.user)).statusCode).toBe(
      400,
    );
  });
});

describe('PUT /api/locations/{id}', () => {
  it('moves an active location, broadcasts it and shows it to an incremental load', async () => {
    const { first } = await seeded();
    const address = await world.app.listen({ port: 0, host: '127.0.0.1' });
    const dashboard = await connectCable(address, world.tokens.media);
    await dashboard.subscribe(world.ids.responders);
    world.harness.clock.advance(1000);
    const since = world.harness.clock.now();
    const response = await call(world, 'PUT', `/api/locations/${first.id}`, world.tokens.user, {
      lat: first.lat + 0.0004,
      lng: first.lng,
      roadway_heading: 90,
      organization_id: world.ids.responders,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<LocationRecord>()).toMatchObject({
      id: first.id,
      lat: first.lat + 0.0004,
      roadway_heading: 90,
    });
    const frame = await dashboard.next((candidate) => candidate.message?.type === 'location');
    expect(frame.message?.data).toMatchObject({ id: first.id, roadway_heading: 90 });
    dashboard.close();
    const changed = await list(`?${responders()}&start_date=${weekAgo()}&last_updated_timestamp=${since}`);
    expect(changed.map((location) => location.id)).toEqual([first.id]);
  });

  it('names a moved incident by the street at its new place, the one the map and the assets there show', async () => {
    const { first } = await seeded();
    const network = cachedStreetNetwork(streetsFile, () => readStreetLines(streetsFile));
    const index = buildEdgeIndex(network);
    // A point on a street other than the incident's, halfway along one of its segments, so no other street is nearer.
    const edge = network.edges.find((candidate) => candidate.name !== first.street && candidate.length > 200);
    const [a, b] = [edge?.points[0], edge?.points[1]];
    if (!edge || !a || !b) throw new Error('the street file has long streets');
    const point: [number, number] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const expected = network.edges[index.nearest(point)?.edgeId ?? -1]?.name;
    const response = await call(world, 'PUT', `/api/locations/${first.id}`, world.tokens.user, {
      lat: point[1],
      lng: point[0],
      organization_id: world.ids.responders,
    });
    expect(response.statusCode).toBe(200);
    expect(expected).toBeDefined();
    expect(expected).not.toBe(first.street);
    expect(response.json<LocationRecord>().street).toBe(expected);
    const [listed] = (await list(`?${responders()}&start_date=${weekAgo()}`)).filter(
      ({ id }) => id === first.id,
    );
    expect(listed?.street).toBe(expected);
  });

  it('answers 422 texts the dashboard reads as "no longer active", "no access" and "not found"', async () => {
    const { first, anEnded } = await seeded();
    const body = (organizationId: string) => ({
      lat: 41.9,
      lng: -87.6,
      roadway_heading: 10,
      organization_id: organizationId,
    });
    const ended = await call(
      world,
      'PUT',
      `/api/locations/${anEnded.id}`,
      world.tokens.user,
      body(world.ids.responders),
    );
    expect(ended.statusCode).toBe(422);
    expect(ended.json<{ error: string }>().error).toContain('active');
    const elsewhere = await call(
      world,
      'PUT',
      `/api/locations/${first.id}`,
      world.tokens.user,
      body(world.ids.roadWorks),
    );
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json<{ error: string }>().error).toMatch(/access/);
    expect(elsewhere.json<{ error: string }>().error).not.toMatch(/active/);
    const unknown = await call(
      world,
      'PUT',
      '/api/locations/nowhere',
      world.tokens.user,
      body(world.ids.responders),
    );
    expect(unknown.statusCode).toBe(422);
    const text = unknown.json<{ error: string }>().error;
    expect(text).toContain('found');
    expect(text).not.toMatch(/active|access/);
  });

  it('refuses a malformed body with 400 and a foreign organization with 404, writing nothing', async () => {
    const { first } = await seeded();
    const before = eventCount(world);
    const outOfRange = await call(world, 'PUT', `/api/locations/${first.id}`, world.tokens.user, {
      lat: 95,
      lng: -87.6,
      roadway_heading: 400,
      organization_id: world.ids.responders,
    });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json<{ message: string }>().message).toMatch(/lat.*roadway_heading/);
    const missing = await call(world, 'PUT', `/api/locations/${first.id}`, world.tokens.user, { lat: 41.9 });
    expect(missing.statusCode).toBe(400);
    const foreign = await call(world, 'PUT', `/api/locations/${first.id}`, world.fleetAdminToken, {
      lat: 41.9,
      lng: -87.6,
      organization_id: world.ids.responders,
    });
    expect(foreign.statusCode).toBe(404);
    expect(eventCount(world)).toBe(before);
  });

  const roles: [RoleName, number][] = [
    ['media', 403],
    ['user', 200],
    ['admin', 200],
    ['orgAdmin', 200],
    ['staff', 200],
  ];
  for (const [role, status] of roles) {
    it(`answers ${status} to ${role}`, async () => {
      const { first } = await seeded();
      const response = await call(world, 'PUT', `/api/locations/${first.id}`, world.tokens[role], {
        lat: first.lat,
        lng: first.lng,
        organization_id: world.ids.responders,
      });
      expect(response.statusCode).toBe(status);
    });
  }
});
