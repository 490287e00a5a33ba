// The WZDx 4.2 device feed (`GET /api/wzdx/devices`, docs/contract.md): the road-works organization's arrow boards
// and work trucks as field devices, following their telemetry and the closures they drive, and valid against the
// official DeviceFeed schema at every step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { addMonths } from 'date-fns';
import { call, row, startLiveWorld, type LiveWorld } from './support/liveOperations.ts';
import { validationErrors, wzdxValidator } from './support/wzdxSchemas.ts';

type Device = {
  id: string;
  properties: {
    core_details: {
      device_type: string;
      device_status: string;
      is_moving: boolean;
      road_direction?: string;
      velocity_kph?: number;
      road_event_ids?: string[];
      status_messages?: string[];
    };
    pattern?: string;
    is_in_transport_position?: boolean;
    marked_locations?: { type: string; road_event_id?: string }[];
  };
  geometry: { coordinates: [number, number] };
};
type DeviceFeed = { features: Device[] };
type Asset = { id: string; system_identifier: string; device_type: string };

let world: LiveWorld;
let validateFeed: ValidateFunction;

beforeAll(async () => {
  world = await startLiveWorld();
  validateFeed = wzdxValidator('DeviceFeed.json');
});
afterAll(async () => {
  await world.harness.close();
});

/** The feed as a consumer reads it, checked against the official schema first. */
async function devices(): Promise<Device[]> {
  const response = await world.app.inject({ url: '/api/wzdx/devices' });
  expect(response.statusCode).toBe(200);
  const feed = response.json<DeviceFeed>();
  expect(validateFeed(feed), validationErrors(validateFeed)).toBe(true);
  return feed.features;
}

async function device(id: string): Promise<Device | undefined> {
  return (await devices()).find((feature) => feature.id === id);
}

/** A WZDx-enabled, positioned asset in service that drives no closure yet. */
function wzdxAsset(thingType: string): Asset {
  return row<Asset>(
    world,
    `SELECT t.id, t.system_identifier, t.device_type FROM things t JOIN thing_states s ON s.thing_key = t.thing_key
     WHERE t.organization_id = ? AND t.thing_type = ? AND t.wzdx_enabled = 1 AND t.in_service = 1
       AND s.lat IS NOT NULL AND t.id NOT IN (SELECT thing_id FROM thing_closure_links)
     ORDER BY t.id LIMIT 1`,
    world.ids.roadWorks,
    thingType,
  );
}

async function report(asset: Asset, sample: { lat: number; lng: number; speed: number; course: number }) {
  const response = await call(world, 'POST', '/api/sim/telemetry', world.tokens.staff, {
    samples: [
      {
        device_id: asset.system_identifier,
        device_type: asset.device_type,
        kind: 'point',
        time: new Date(world.harness.clock.now()).toISOString(),
        accuracy: 4,
        enroute: true,
        ...sample,
      },
    ],
  });
  expect(response.json()).toEqual({ accepted: 1, unknown: 0 });
}

async function driveClosure(asset: Asset, externalId: string, lanes: number[]): Promise<string> {
  const now = world.harness.clock.now();
  const response = await call(
    world,
    'POST',
    `/api/organization/closure?org_ids[]=${world.ids.roadWorks}`,
    world.tokens.admin,
    {
      is_in_service: true,
      closure_type: 'automated',
      thing_id: asset.id,
      description: `Lane work ${externalId}`,
      direction: 'E',
      impacted_lanes: lanes,
      geocoded_route: [
        { lat: 41.88, lng: -87.63 },
        { lat: 41.881, lng: -87.629 },
      ],
      street_start: 'W Lake St',
      is_active: true,
      end_time: addMonths(now, 1).toISOString(),
      is_wzdx_compliant: true,
      external_id: externalId,
      location_method: 'sign-method',
      vehicle_impact: 'some-lanes-closed',
    },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

describe('GET /api/wzdx/devices', () => {
  it('lists the WZDx-enabled arrow boards as valid arrow-board devices, and no other organization', async () => {
    const features = await devices();
    const boards = features.filter(
      (feature) => feature.properties.core_details.device_type === 'arrow-board',
    );
    expect(boards.length).toBeGreaterThan(0);
    for (const board of boards) expect(board.properties.pattern).toBeDefined();
    const foreign = row<{ total: number }>(
      world,
      `SELECT count(*) AS total FROM things WHERE organization_id <> ? AND id IN (SELECT value FROM json_each(?))`,
      world.ids.roadWorks,
      JSON.stringify(features.map((feature) => feature.id)),
    );
    expect(foreign.total).toBe(0);
  });

  it('follows a board that moves: direction, speed, and folded down for the road while dark', async () => {
    const board = wzdxAsset('arrow_board');
    await report(board, { lat: 41.9, lng: -87.7, speed: 10, course: 85 });
    const moving = await device(board.id);
    expect(moving?.geometry.coordinates).toEqual([-87.7, 41.9]);
    expect(moving?.properties.core_details).toMatchObject({
      device_status: 'ok',
      is_moving: true,
      road_direction: 'eastbound',
      velocity_kph: 36,
    });
    expect(moving?.properties).toMatchObject({ pattern: 'blank', is_in_transport_position: true });

    await report(board, { lat: 41.9, lng: -87.7, speed: 0, course: 85 });
    const parked = await device(board.id);
    expect(parked?.properties.core_details.is_moving).toBe(false);
    expect(parked?.properties.core_details.road_direction).toBeUndefined();
    expect(parked?.properties.is_in_transport_position).toBe(false);
  });

  it('shows the arrow a closure calls for and links the road event of the work-zone feed', async () => {
    const board = wzdxAsset('arrow_board');
    const closureId = await driveClosure(board, 'DEV-LEFT-1', [1]);
    const shown = await device(board.id);
    expect(shown?.properties.pattern).toBe('right-arrow-flashing');
    expect(shown?.properties.core_details.road_event_ids).toEqual([closureId]);
    const feed = (await world.app.inject({ url: '/api/wzdx/feed' })).json<{ features: { id: string }[] }>();
    expect(feed.features.map((feature) => feature.id)).toContain(closureId);
  });

  it('lists a work truck only while it drives a closure, as the location marker of that road event', async () => {
    const truck = wzdxAsset('maintenance');
    expect(await device(truck.id)).toBeUndefined();
    const closureId = await driveClosure(truck, 'DEV-TRUCK-1', [3]);
    const marker = await device(truck.id);
    expect(marker?.properties.core_details.device_type).toBe('location-marker');
    expect(marker?.properties.marked_locations).toEqual([
      { type: 'work-truck-with-lights-flashing', road_event_id: closureId },
    ]);
  });

  it('reports a device that stopped checking in as a warning, then an error once offline', async () => {
    const board = wzdxAsset('arrow_board');
    await report(board, { lat: 41.91, lng: -87.71, speed: 0, course: 0 });
    world.harness.clock.advance(9 * 60 * 60 * 1000);
    expect((await device(board.id))?.properties.core_details).toMatchObject({
      device_status: 'warning',
      status_messages: ['Device has not checked in recently'],
    });
    world.harness.clock.advance(96 * 60 * 60 * 1000);
    const offline = await device(board.id);
    expect(offline?.properties.core_details.device_status).toBe('error');
  });
});
