// The WZDx 4.2 work-zone feed: published closures of WZDx organizations, valid against the official schemas
// (every schema file registered by its $id).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { addMonths } from 'date-fns';
import { FINISHED_KEPT_MS } from '#sim/closures/wzdxFeed';
import { call, startLiveWorld, type LiveWorld } from './support/liveOperations.ts';
import { validationErrors, wzdxValidator } from './support/wzdxSchemas.ts';

type Feed = {
  feed_info: { version: string; data_sources: { data_source_id: string }[] };
  features: {
    id: string;
    properties: {
      core_details: { name: string };
      start_date: string;
      end_date: string;
      lanes?: { order: number; type: string; status: string }[];
    };
    geometry: { coordinates: [number, number][] };
  }[];
};

let world: LiveWorld;
let validateFeed: ValidateFunction;

beforeAll(async () => {
  world = await startLiveWorld();
  validateFeed = wzdxValidator('WorkZoneFeed.json');
});
afterAll(async () => {
  await world.harness.close();
});

const getFeed = async () => {
  const response = await world.app.inject({ url: '/api/wzdx/feed' });
  expect(response.statusCode).toBe(200);
  return response.json<Feed>();
};

describe('GET /api/wzdx/feed', () => {
  it('publishes the seeded WZDx closures as a valid 4.2 feed', async () => {
    const feed = await getFeed();
    const valid = validateFeed(feed);
    expect(validateFeed.errors ?? [], validationErrors(validateFeed)).toEqual([]);
    expect(valid).toBe(true);
    expect(feed.feed_info.version).toBe('4.2');
    expect(feed.feed_info.data_sources.map((source) => source.data_source_id)).toEqual([world.ids.roadWorks]);
    expect(feed.features.map((feature) => feature.properties.core_details.name).sort()).toEqual([
      'IDOT-FEED-20417',
      'LRW-0001',
    ]);
  });

  it('adds a closure once it is published and stays valid', async () => {
    const body = {
      is_in_service: true,
      closure_type: 'manual',
      description: 'Sewer lining',
      direction: 'W',
      impacted_lanes: [1],
      geocoded_route: [
        { lat: 41.88, lng: -87.63 },
        { lat: 41.881, lng: -87.629 },
      ],
      street_start: 'W Lake St',
      is_active: true,
      end_time: addMonths(world.harness.clock.now(), 1).toISOString(),
      is_wzdx_compliant: true,
      external_id: 'LRW-0002',
      location_method: 'sign-method',
      vehicle_impact: 'all-lanes-open',
    };
    const unpublished = await call(
      world,
      'POST',
      `/api/organization/closure?org_ids[]=${world.ids.roadWorks}`,
      world.tokens.admin,
      { ...body, is_wzdx_compliant: false, external_id: null },
    );
    expect(unpublished.statusCode).toBe(201);
    const created = await call(
      world,
      'POST',
      `/api/organization/closure?org_ids[]=${world.ids.roadWorks}`,
      world.tokens.admin,
      body,
    );
    expect(created.statusCode).toBe(201);
    const feed = await getFeed();
    expect(validateFeed(feed)).toBe(true);
    const names = feed.features.map((feature) => feature.properties.core_details.name);
    expect(names).toContain('LRW-0002');
    expect(feed.features.map((feature) => feature.id)).not.toContain(unpublished.json<{ id: string }>().id);
  });

  it('lists the lanes with lane 1 left-most, starts upstream, and keeps a finished event for two cycles', async () => {
    const route = [
      { lat: 41.8801, lng: -87.6301 },
      { lat: 41.8811, lng: -87.6291 },
    ];
    const created = await call(
      world,
      'POST',
      `/api/organization/closure?org_ids[]=${world.ids.roadWorks}`,
      world.tokens.admin,
      {
        is_in_service: true,
        closure_type: 'manual',
        description: 'Curb ramp',
        direction: 'N',
        impacted_lanes: [3, 1],
        geocoded_route: route,
        user_route: route,
        street_start: 'N Wells St',
        is_active: true,
        end_time: addMonths(world.harness.clock.now(), 1).toISOString(),
        is_wzdx_compliant: true,
        external_id: 'LRW-0003',
        location_method: 'sign-method',
        vehicle_impact: 'some-lanes-closed',
      },
    );
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string }>().id;
    const event = async () => (await getFeed()).features.find((feature) => feature.id === id);

    const running = await event();
    expect(running?.properties.lanes).toEqual([
      { order: 1, type: 'general', status: 'closed' },
      { order: 2, type: 'general', status: 'open' },
      { order: 3, type: 'general', status: 'closed' },
    ]);
    expect(running?.geometry.coordinates[0]).toEqual([route[0]?.lng, route[0]?.lat]);
    expect(running?.properties.start_date.endsWith('Z')).toBe(true);

    world.harness.clock.advance(5_000);
    const stoppedAt = world.harness.clock.now();
    const stopped = await call(world, 'PUT', `/api/organization/closure/${id}`, world.tokens.admin, {
      uuid: id,
      is_active: false,
      end_time: null,
    });
    expect(stopped.statusCode).toBe(200);
    const finished = await event();
    expect(Date.parse(finished?.properties.end_date ?? '')).toBe(stoppedAt);
    expect(validateFeed(await getFeed()), validationErrors(validateFeed)).toBe(true);

    world.harness.clock.advance(FINISHED_KEPT_MS);
    expect(await event()).toBeDefined();
    world.harness.clock.advance(1_000);
    expect(await event()).toBeUndefined();
  });
});
