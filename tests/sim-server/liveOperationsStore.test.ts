// The live-operations writes are events: the projections rebuilt from the log equal the live ones, and a second
// simulator started on the same file serves what the first one wrote.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from 'date-fns';
import { rebuildProjections } from '#sim/store/eventLog';
import { PROJECTION_TABLES } from '#sim/composition/simProjections';
import { bearer, signIn, startHarness, temporaryDirectory } from './support/simulatorHarness.ts';
import { call, row, startLiveWorld, type LiveWorld } from './support/liveOperations.ts';

let world: LiveWorld;

beforeAll(async () => {
  world = await startLiveWorld();
});
afterAll(async () => {
  await world.harness.close();
});

function dump(): Record<string, unknown[]> {
  const db = world.app.eventLog.db;
  return Object.fromEntries(
    PROJECTION_TABLES.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all()]),
  );
}

const route = [
  { lat: 41.88, lng: -87.63 },
  { lat: 41.881, lng: -87.629 },
];

async function writeOneOfEach(): Promise<void> {
  const { ids, tokens } = world;
  const tick = () => world.harness.clock.advance(1000);
  const ha5 = row<{ id: string }>(
    world,
    "SELECT id FROM things_with_state WHERE organization_id = ? AND device_type = 'ha5' AND sim_behaviour <> 'silent' ORDER BY id LIMIT 1",
    ids.responders,
  );
  const expectOk = (status: number) => expect(status).toBeLessThan(300);
  tick();
  expectOk(
    (
      await call(world, 'PUT', `/api/things/${ha5.id}`, tokens.admin, {
        in_service: true,
        is_publicly_alerting: false,
        nickname: 'Rebuilt 1',
      })
    ).statusCode,
  );
  tick();
  expectOk(
    (
      await call(world, 'PUT', `/api/things/${ha5.id}/associations`, tokens.admin, {
        organization_relationships: [{ organization_uuid: ids.fleet, relationship_type: 'accessor' }],
      })
    ).statusCode,
  );
  tick();
  expectOk(
    (await call(world, 'PUT', `/api/things/${ha5.id}/r2r`, tokens.admin, { test_mode: true })).statusCode,
  );
  expectOk(
    (
      await call(world, 'PUT', `/api/things/${ha5.id}/light_intensity`, tokens.admin, {
        light_intensity: 'low',
      })
    ).statusCode,
  );
  const [location] = (
    await call(world, 'GET', `/api/locations/active?org_ids[]=${ids.responders}`, tokens.user)
  ).json<{ id: string; lat: number; lng: number }[]>();
  tick();
  expectOk(
    (
      await call(world, 'PUT', `/api/locations/${location?.id}`, tokens.user, {
        lat: (location?.lat ?? 0) + 0.0001,
        lng: location?.lng,
        organization_id: ids.responders,
      })
    ).statusCode,
  );
  const closureBody = {
    is_in_service: true,
    closure_type: 'manual',
    description: 'Rebuild check',
    direction: 'N',
    geocoded_route: route,
    is_active: true,
    end_time: addMonths(world.harness.clock.now(), 1).toISOString(),
  };
  tick();
  const closure = (
    await call(
      world,
      'POST',
      `/api/organization/closure?org_ids[]=${ids.roadWorks}`,
      tokens.admin,
      closureBody,
    )
  ).json<{ id: string }>();
  tick();
  expectOk(
    (await call(world, 'PUT', `/api/organization/closure/${closure.id}`, tokens.admin, { is_active: false }))
      .statusCode,
  );
  const doomed = (
    await call(
      world,
      'POST',
      `/api/organization/closure?org_ids[]=${ids.roadWorks}`,
      tokens.admin,
      closureBody,
    )
  ).json<{ id: string }>();
  expectOk((await call(world, 'DELETE', `/api/organization/closure/${doomed.id}`, tokens.admin)).statusCode);
  const types = (await call(world, 'GET', '/api/ez_types', tokens.user)).json<
    { id: string; db_name: string }[]
  >();
  const area = (
    await call(world, 'POST', '/api/organization/exclusion_zone', tokens.user, {
      name: 'Rebuild plaza',
      ez_type_id: types.find((type) => type.db_name === 'other')?.id,
      point_geom: { lat: 41.88, lon: -87.63 },
    })
  ).json<{ id: string }>();
  expectOk(
    (await call(world, 'DELETE', `/api/organization/exclusion_zone/${area.id}`, tokens.admin)).statusCode,
  );
  expectOk(
    (
      await call(world, 'POST', '/api/organization/alerting_zones', tokens.admin, {
        type: 'wrong_way_driver',
        hotspot_id: 'HS-REBUILD',
        geom_type: 'polyline',
        geometry: [
          { lat: 41.88, lon: -87.63 },
          { lat: 41.881, lon: -87.629 },
        ],
      })
    ).statusCode,
  );
}

describe('rebuild from the log', () => {
  it('gives the same projections after a write of every kind', async () => {
    await writeOneOfEach();
    const live = dump();
    expect(live.closures?.length).toBeGreaterThan(5);
    rebuildProjections(world.app.eventLog);
    expect(dump()).toEqual(live);
    // And the rebuilt state serves the same answers.
    const things = await call(
      world,
      'GET',
      `/api/organization/things?org_ids[]=${world.ids.fleet}&per_page=1000`,
      world.fleetAdminToken,
    );
    expect(
      things.json<{ data: { nickname: string | null }[] }>().data.map((thing) => thing.nickname),
    ).toContain('Rebuilt 1');
  });
});

describe('two simulators on one file', () => {
  it('the second, started after the first stopped, serves what the first wrote', async () => {
    const folder = temporaryDirectory();
    const databasePath = path.join(folder.dir, 'shared.sqlite');
    try {
      const first = await startHarness({ databasePath });
      const firstToken = (await signIn(first.app, 'admin@demo.test')).access_token;
      const created = await first.app.inject({
        method: 'POST',
        url: '/api/organization/exclusion_zone',
        headers: bearer(firstToken),
        payload: { name: 'Written by the first', ez_type_id: '1', point_geom: { lat: 41.88, lon: -87.63 } },
      });
      expect(created.statusCode).toBe(201);
      const listOf = async (harness: typeof first, token: string) =>
        (await harness.app.inject({ url: '/api/organization/exclusion_zone', headers: bearer(token) })).json<
          { id: string; name: string }[]
        >();
      const seenByFirst = await listOf(first, firstToken);
      await first.close();

      const second = await startHarness({ databasePath });
      try {
        expect(second.app.seeded).toBeNull();
        const secondToken = (await signIn(second.app, 'admin@demo.test')).access_token;
        const seenBySecond = await listOf(second, secondToken);
        expect(seenBySecond).toEqual(seenByFirst);
        expect(seenBySecond.map((area) => area.name)).toContain('Written by the first');
      } finally {
        await second.close();
      }
    } finally {
      folder.remove();
    }
  });
});
