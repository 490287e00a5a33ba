// The incident feed (`POST /api/sim/locations`, docs/contract.md): provider staff start, change and end incidents
// as a dispatch system would; the record is checked, an incident stays with its organization, and a refused
// report writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocationRecord } from '#domain/locations/locationRecord';
import { call, eventCount, startLiveWorld, type LiveWorld } from './support/liveOperations.ts';

let world: LiveWorld;

beforeAll(async () => {
  world = await startLiveWorld();
});
afterAll(async () => {
  await world.harness.close();
});

function incident(overrides: Partial<LocationRecord> = {}): LocationRecord {
  return {
    id: '00000000-0000-4000-8000-0000000a11ce',
    organization_id: world.ids.responders,
    external_id: 'INC-FEED-1',
    is_active: true,
    lat: 41.8801,
    lng: -87.6301,
    street: 'W ADAMS ST',
    roadway_heading: 90,
    things_active: [],
    things_inactive: [],
    start_time: new Date(world.harness.clock.now() - 60_000).toISOString(),
    end_time: null,
    alt: null,
    alert_message: null,
    features: [],
    ...overrides,
  };
}

describe('POST /api/sim/locations', () => {
  it('starts an incident the organization then lists, and ends it', async () => {
    const started = await call(world, 'POST', '/api/sim/locations', world.tokens.staff, incident());
    expect(started.statusCode, started.body).toBe(200);
    const listed = await call(
      world,
      'GET',
      `/api/locations/active?org_ids[]=${world.ids.responders}`,
      world.tokens.user,
    );
    expect(listed.json<LocationRecord[]>().map((location) => location.id)).toContain(incident().id);

    const endedAt = new Date(world.harness.clock.now()).toISOString();
    const ended = await call(
      world,
      'POST',
      '/api/sim/locations',
      world.tokens.staff,
      incident({ is_active: false, end_time: endedAt }),
    );
    expect(ended.statusCode).toBe(200);
    const move = await call(world, 'PUT', `/api/locations/${incident().id}`, world.tokens.user, {
      lat: 41.88,
      lng: -87.63,
      roadway_heading: 0,
      organization_id: world.ids.responders,
    });
    expect(move.statusCode).toBe(422);
    expect(move.json<{ error: string }>().error).toBe('Location is no longer active');
  });

  it('refuses an incident that changes organization, an unknown organization and inconsistent times', async () => {
    const before = eventCount(world);
    const moved = await call(
      world,
      'POST',
      '/api/sim/locations',
      world.tokens.staff,
      incident({ organization_id: world.ids.fleet }),
    );
    expect(moved.statusCode).toBe(422);
    const unknown = await call(
      world,
      'POST',
      '/api/sim/locations',
      world.tokens.staff,
      incident({ id: '00000000-0000-4000-8000-0000000b0b00', organization_id: 'no-such-organization' }),
    );
    expect(unknown.statusCode).toBe(404);
    const activeWithEnd = await call(
      world,
      'POST',
      '/api/sim/locations',
      world.tokens.staff,
      incident({ id: '00000000-0000-4000-8000-0000000c0c00', end_time: new Date().toISOString() }),
    );
    expect(activeWithEnd.statusCode).toBe(400);
    expect(eventCount(world)).toBe(before);
  });

  it('is for provider staff only', async () => {
    const refused = await call(world, 'POST', '/api/sim/locations', world.tokens.admin, incident());
    expect(refused.statusCode).toBe(403);
  });
});
