// Areas (exclusion zones, points of interest, stations) and their types: list, create, update, delete, with the
// shape refusals the dashboard translates ("invalid", "too large").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAreas } from '#domain/areas/area';
import { POSITION_MISSING } from '#domain/areas/areaRules';
import type { AreaRecord } from '#domain/areas/areaRecord';
import { call, eventCount, startLiveWorld, type LiveWorld, type RoleName } from './support/liveOperations.ts';

let world: LiveWorld;
let areaTypes: { id: string; db_name: string }[];

beforeAll(async () => {
  world = await startLiveWorld();
  areaTypes = (await call(world, 'GET', '/api/ez_types', world.tokens.media)).json();
});
afterAll(async () => {
  await world.harness.close();
});

const typeId = (dbName: string) => areaTypes.find((type) => type.db_name === dbName)?.id ?? '';

/** A square of `half` degrees around the Loop. */
function square(half: number) {
  const lat = 41.8781;
  const lon = -87.6298;
  return [
    { lat: lat - half, lon: lon - half },
    { lat: lat - half, lon: lon + half },
    { lat: lat + half, lon: lon + half },
    { lat: lat + half, lon: lon - half },
  ];
}

function areaBody(overrides: Record<string, unknown> = {}) {
  return {
    organization_id: world.ids.coordination,
    name: 'Daley Plaza',
    desc: 'Keep clear',
    ez_type_id: typeId('school_zone'),
    area_geom: square(0.001),
    point_geom: { lat: 41.87812345678, lon: -87.6298 },
    address1: '50 W Washington St',
    address2: '',
    city: 'Chicago',
    state: 'IL',
    postal_code: '60602',
    country_code: 'US',
    ...overrides,
  };
}

const create = (body: unknown, token = world.tokens.user) =>
  call(world, 'POST', '/api/organization/exclusion_zone', token, body);

describe('GET /api/organization/exclusion_zone', () => {
  it('lists stations, points of interest and exclusion polygons the dashboard decodes', async () => {
    const response = await call(
      world,
      'GET',
      `/api/organization/exclusion_zone?org_ids[]=${world.ids.responders}`,
      world.tokens.media,
    );
    const decoded = decodeAreas(response.json());
    expect(decoded.dropped).toBe(0);
    expect(decoded.records.some((area) => area.isStationView)).toBe(true);
    expect(decoded.records.some((area) => area.isPoi)).toBe(true);
    expect(decoded.records.some((area) => area.lineStringArray.length >= 3)).toBe(true);
  });

  it('answers 404 for a foreign organization', async () => {
    const response = await call(
      world,
      'GET',
      `/api/organization/exclusion_zone?org_ids[]=${world.ids.responders}`,
      world.fleetAdminToken,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Organization not found' });
  });
});

describe('writes', () => {
  it('creates an exclusion zone with coordinates truncated to 7 decimals, edits and deletes it', async () => {
    const created = await create(areaBody());
    expect(created.statusCode).toBe(201);
    const area = created.json<AreaRecord>();
    expect(area).toMatchObject({ name: 'Daley Plaza', organization_id: world.ids.coordination });
    expect(area.point_geom).toEqual({ lat: 41.8781234, lon: -87.6298 });
    expect(area.area_geom).toHaveLength(4);
    const edited = await call(
      world,
      'PUT',
      `/api/organization/exclusion_zone/${area.id}`,
      world.tokens.user,
      {
        ...areaBody({ name: 'Daley Center', area_geom: null, ez_type_id: typeId('hospital') }),
        id: area.id,
      },
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json<AreaRecord>()).toMatchObject({ id: area.id, name: 'Daley Center', area_geom: null });
    const listed = (await call(world, 'GET', '/api/organization/exclusion_zone', world.tokens.user)).json<
      AreaRecord[]
    >();
    expect(listed.find((candidate) => candidate.id === area.id)?.name).toBe('Daley Center');
    const removed = await call(
      world,
      'DELETE',
      `/api/organization/exclusion_zone/${area.id}`,
      world.tokens.admin,
    );
    expect(removed.json()).toEqual({ id: area.id });
    const again = await call(
      world,
      'DELETE',
      `/api/organization/exclusion_zone/${area.id}`,
      world.tokens.admin,
    );
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Area not found' });
  });

  it('answers 422 "invalid" for fewer than 3 points or crossing edges, "too large" from half a square mile', async () => {
    const before = eventCount(world);
    const [a, b, c, d] = square(0.001);
    const twoPoints = await create(areaBody({ area_geom: [a, b] }));
    expect(twoPoints.statusCode).toBe(422);
    expect(twoPoints.json<{ error: string }>().error).toContain('invalid');
    const bowTie = await create(areaBody({ area_geom: [a, c, b, d] }));
    expect(bowTie.statusCode).toBe(422);
    expect(bowTie.json<{ error: string }>().error).toContain('invalid');
    // 0.006 degrees each way is about 0.67 km by 0.5 km: 0.13 square miles; 0.012 is four times that, 0.52.
    expect((await create(areaBody({ area_geom: square(0.003) }))).statusCode).toBe(201);
    const large = await create(areaBody({ area_geom: square(0.006) }));
    expect(large.statusCode).toBe(422);
    expect(large.json<{ error: string }>().error).toContain('too large');
    expect(eventCount(world)).toBe(before + 1);
  });

  it('refuses malformed bodies with 400 and the form’s messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x'.repeat(101) }, '100 Max Characters'],
      [{ point_geom: null }, POSITION_MISSING],
      [{ ez_type_id: null }, 'ez_type_id'],
      [{ ez_type_id: 'nope' }, 'ez_type_id'],
      [{ postal_code: '6060' }, 'Invalid zip code'],
      [{ country_code: 'CA', state: 'ON', postal_code: '12345' }, 'Invalid postal code'],
      [{ city: '' }, 'city'],
      [{ name: { text: 'Plaza' } }, 'name'],
    ];
    const before = eventCount(world);
    for (const [overrides, expected] of cases) {
      const response = await create(areaBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(expected);
    }
    expect(eventCount(world)).toBe(before);
  });

  it('lets only provider staff write autonomous-vehicle areas', async () => {
    const body = areaBody({ ez_type_id: typeId('no_enter') });
    expect((await create(body, world.tokens.orgAdmin)).statusCode).toBe(403);
    expect((await create(body, world.tokens.staff)).statusCode).toBe(201);
  });

  it('answers 404 for a foreign organization and 403 for an accessed one', async () => {
    expect((await create(areaBody(), world.fleetAdminToken)).statusCode).toBe(404);
    expect(
      (await create(areaBody({ organization_id: world.ids.fleet }), world.tokens.admin)).statusCode,
    ).toBe(403);
  });
});

describe('roles against each area write', () => {
  const roles: RoleName[] = ['media', 'user', 'admin', 'orgAdmin', 'staff'];
  const allowed: Record<'create' | 'update' | 'delete', RoleName[]> = {
    create: ['user', 'admin', 'orgAdmin', 'staff'],
    update: ['user', 'admin', 'orgAdmin', 'staff'],
    delete: ['user', 'admin', 'orgAdmin', 'staff'],
  };
  for (const write of ['create', 'update', 'delete'] as const) {
    for (const role of roles) {
      const may = allowed[write].includes(role);
      it(`${role} ${may ? 'may' : 'may not'} ${write}`, async () => {
        const target = (await create(areaBody())).json<AreaRecord>();
        const response =
          write === 'create'
            ? await create(areaBody(), world.tokens[role])
            : write === 'update'
              ? await call(
                  world,
                  'PUT',
                  `/api/organization/exclusion_zone/${target.id}`,
                  world.tokens[role],
                  areaBody(),
                )
              : await call(
                  world,
                  'DELETE',
                  `/api/organization/exclusion_zone/${target.id}`,
                  world.tokens[role],
                );
        if (may) expect(response.statusCode).toBeLessThan(300);
        else expect(response.statusCode).toBe(403);
      });
    }
  }
});
