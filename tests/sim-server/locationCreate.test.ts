// Creating a location (`POST /api/locations`, the dashboard's `events/new`, issue 25): an active incident starting
// now, broadcast to the organization's dashboards like every other location write; the refusals the dashboard
// translates, and nothing written when refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocationRecord } from '#domain/locations/locationRecord';
import { connectCable } from './support/cableClient.ts';
import { call, eventCount, startLiveWorld, type LiveWorld } from './support/liveOperations.ts';

let world: LiveWorld;

beforeAll(async () => {
  world = await startLiveWorld();
});
afterAll(async () => {
  await world.harness.close();
});

const body = (overrides: Record<string, unknown> = {}) => ({
  organization_id: world.ids.responders,
  lat: 41.8842,
  lng: -87.6321,
  roadway_heading: 270,
  street: 'W MADISON ST',
  external_id: 'CAD-2511-001',
  alert_message: 'Use the left lane',
  ...overrides,
});

describe('POST /api/locations', () => {
  it('creates an active incident starting now, lists it and broadcasts it', async () => {
    const address = await world.app.listen({ port: 0, host: '127.0.0.1' });
    const dashboard = await connectCable(address, world.tokens.media);
    await dashboard.subscribe(world.ids.responders);
    const response = await call(world, 'POST', '/api/locations', world.tokens.user, body());
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json<LocationRecord>();
    expect(created).toMatchObject({
      organization_id: world.ids.responders,
      is_active: true,
      lat: 41.8842,
      lng: -87.6321,
      roadway_heading: 270,
      street: 'W MADISON ST',
      external_id: 'CAD-2511-001',
      alert_message: 'Use the left lane',
      things_active: [],
      things_inactive: [],
      end_time: null,
      start_time: new Date(world.harness.clock.now()).toISOString(),
    });
    const frame = await dashboard.next(
      (candidate) => candidate.message?.type === 'location' && candidate.message.data?.id === created.id,
    );
    expect(frame.message?.data).toMatchObject({ street: 'W MADISON ST', is_active: true });
    dashboard.close();
    const active = await call(
      world,
      'GET',
      `/api/locations/active?org_ids[]=${world.ids.responders}`,
      world.tokens.media,
    );
    expect(active.json<LocationRecord[]>().map((location) => location.id)).toContain(created.id);
  });

  it('leaves the optional parts empty when blank', async () => {
    const response = await call(
      world,
      'POST',
      '/api/locations',
      world.tokens.user,
      body({ external_id: '  ', alert_message: null, roadway_heading: null }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<LocationRecord>()).toMatchObject({
      external_id: null,
      alert_message: null,
      roadway_heading: null,
    });
  });

  it('refuses without incident update, outside the caller reach, and a malformed body, writing nothing', async () => {
    const before = eventCount(world);
    expect((await call(world, 'POST', '/api/locations', world.tokens.media, body())).statusCode).toBe(403);
    // The fleet services are only accessed by the coordination center: the catalogue's "access" text.
    const accessed = await call(
      world,
      'POST',
      '/api/locations',
      world.tokens.user,
      body({ organization_id: world.ids.fleet }),
    );
    expect(accessed.statusCode).toBe(422);
    expect(accessed.json<{ error: string }>().error).toMatch(/access/);
    const foreign = await call(world, 'POST', '/api/locations', world.responderAdminToken, {
      ...body(),
      organization_id: world.ids.roadWorks,
    });
    expect(foreign.statusCode).toBe(404);
    for (const bad of [
      { lat: 95 },
      { lng: -181 },
      { roadway_heading: 361 },
      { street: '  ' },
      { street: undefined },
    ]) {
      const refused = await call(world, 'POST', '/api/locations', world.tokens.user, body(bad));
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(eventCount(world)).toBe(before);
  });
});
