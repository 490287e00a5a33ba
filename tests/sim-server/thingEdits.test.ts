// Asset writes (live §7): profile, sharing, R2R, light intensity, the count, and the catalogues they draw on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeThingSubtypes, decodeThingTypes } from '#domain/things/thingTypes';
import { decodeAreaTypes } from '#domain/areas/area';
import type { ThingJson } from '#sim/things/thingWire';
import { connectCable } from './support/cableClient.ts';
import {
  call,
  eventCount,
  row,
  rows,
  startLiveWorld,
  type LiveWorld,
  type RoleName,
} from './support/liveOperations.ts';

let world: LiveWorld;

beforeAll(async () => {
  world = await startLiveWorld();
});
afterAll(async () => {
  await world.harness.close();
});

type ThingRow = { id: string; device_type: string; organization_id: string; is_integration_org: number };

/** A thing of an organization, chosen by a SQL condition on things_with_state. */
function thingWhere(condition: string, ...parameters: unknown[]): ThingRow {
  return row<ThingRow>(
    world,
    `SELECT id, device_type, organization_id, is_integration_org FROM things_with_state
     WHERE ${condition} ORDER BY id LIMIT 1`,
    ...parameters,
  );
}

const responderHa5 = () =>
  thingWhere(
    "organization_id = ? AND device_type = 'ha5' AND sim_behaviour <> 'silent'",
    world.ids.responders,
  );

const profileOf = (thing: ThingJson) => ({
  in_service: thing.in_service,
  is_publicly_alerting: thing.is_publicly_alerting,
});

async function thingJson(thingId: string, organizationId: string): Promise<ThingJson> {
  const response = await call(
    world,
    'GET',
    `/api/organization/things?org_ids[]=${organizationId}&per_page=1000`,
    world.tokens.staff,
  );
  const found = response.json<{ data: ThingJson[] }>().data.find((thing) => thing.id === thingId);
  if (!found) throw new Error(`thing ${thingId} not listed`);
  return found;
}

describe('catalogues', () => {
  it('lists thing types, subtypes of those types and area types the dashboard can decode', async () => {
    const types = decodeThingTypes((await call(world, 'GET', '/api/thing_types', world.tokens.media)).json());
    const subtypes = decodeThingSubtypes(
      (await call(world, 'GET', '/api/thing_subtypes', world.tokens.media)).json(),
    );
    const areaTypes = decodeAreaTypes((await call(world, 'GET', '/api/ez_types', world.tokens.media)).json());
    expect(types.dropped + subtypes.dropped + areaTypes.dropped).toBe(0);
    expect(types.records.map((type) => type.name)).toEqual(
      expect.arrayContaining(['police', 'arrow_board', 'default']),
    );
    expect(types.records.find((type) => type.name === 'fire')?.isEmergency).toBe(true);
    const typeIds = new Set(types.records.map((type) => type.id));
    expect(subtypes.records.length).toBeGreaterThan(5);
    for (const subtype of subtypes.records) expect(typeIds.has(subtype.thingTypeId)).toBe(true);
    // Every subtype a seeded thing carries is in the catalogue.
    const used = rows<{ id: string }>(world, 'SELECT DISTINCT thing_subtype_uuid AS id FROM things');
    const listed = new Set(subtypes.records.map((subtype) => subtype.id));
    for (const { id } of used) expect(listed.has(id)).toBe(true);
    expect(areaTypes.records.some((type) => type.isStationView)).toBe(true);
    expect(
      areaTypes.records.filter((type) => type.isAutonomousVehicleType).map((type) => type.dbName),
    ).toEqual(['no_stop', 'no_enter']);
  });

  it('needs a token', async () => {
    expect((await world.app.inject({ url: '/api/thing_types' })).statusCode).toBe(401);
  });
});

describe('PUT /api/things/{id}', () => {
  it('saves the profile, answers the updated thing and shows it to an incremental load and a second dashboard', async () => {
    const target = responderHa5();
    const before = await thingJson(target.id, world.ids.responders);
    const address = await world.app.listen({ port: 0, host: '127.0.0.1' });
    const dashboard = await connectCable(address, world.tokens.user);
    await dashboard.subscribe(world.ids.coordination);
    const since = world.harness.clock.now();
    world.harness.clock.advance(1000);
    const types = (await call(world, 'GET', '/api/thing_types', world.tokens.user)).json<
      { id: string; name: string }[]
    >();
    const ambulance = types.find((type) => type.name === 'ambulance');
    const response = await call(world, 'PUT', `/api/things/${target.id}`, world.tokens.user, {
      ...profileOf(before),
      id: target.id,
      in_service: false,
      nickname: 'Medic 77',
      thing_type_id: ambulance?.id,
      vin_number: 'ABC123',
      external_identifiers: [{ identifier_id: 'g-1', system_name: 'Geotab' }],
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json<ThingJson>();
    expect(updated).toMatchObject({
      id: target.id,
      nickname: 'Medic 77',
      in_service: false,
      thing_type: 'ambulance',
      thing_subtype: null,
      vin_number: 'ABC123',
      external_identifiers: [{ identifier_id: 'g-1', system_name: 'Geotab' }],
      lat: before.lat,
    });
    const frame = await dashboard.next((candidate) => candidate.message?.type === 'thing');
    expect(frame.message?.data).toMatchObject({ id: target.id, nickname: 'Medic 77', in_service: false });
    dashboard.close();
    const incremental = await call(
      world,
      'GET',
      `/api/organization/things?org_ids[]=${world.ids.responders}&last_updated_timestamp=${since + 1}`,
      world.tokens.user,
    );
    const changed = incremental.json<{ data: ThingJson[] }>().data;
    expect(changed.map((thing) => thing.id)).toContain(target.id);
    expect(changed.find((thing) => thing.id === target.id)?.nickname).toBe('Medic 77');
  });

  it('refuses a malformed body with 400 and writes nothing', async () => {
    const target = responderHa5();
    const before = eventCount(world);
    const missing = await call(world, 'PUT', `/api/things/${target.id}`, world.tokens.user, {
      nickname: 'x',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/in_service/);
    const vin = await call(world, 'PUT', `/api/things/${target.id}`, world.tokens.user, {
      in_service: true,
      is_publicly_alerting: true,
      vin_number: 'AB-12',
      nickname: 'x'.repeat(51),
      external_identifiers: [
        { identifier_id: '1', system_name: 'Geotab' },
        { identifier_id: '2', system_name: 'geotab' },
      ],
    });
    expect(vin.statusCode).toBe(400);
    const message = vin.json<{ message: string }>().message;
    expect(message).toContain('Please only use numbers or letters');
    expect(message).toContain('Must be 50 or fewer characters');
    expect(message).toContain('Provider already used');
    expect(eventCount(world)).toBe(before);
  });

  it('answers 422 "not found" for an unknown thing and for one the caller cannot see', async () => {
    const unknown = await call(world, 'PUT', '/api/things/no-such-thing', world.tokens.user, {
      in_service: true,
      is_publicly_alerting: true,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ error: string }>().error).toContain('found');
    const roadWorksThing = thingWhere('organization_id = ?', world.ids.roadWorks);
    const foreign = await call(world, 'PUT', `/api/things/${roadWorksThing.id}`, world.responderAdminToken, {
      in_service: true,
      is_publicly_alerting: true,
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json<{ error: string }>().error).toContain('found');
  });

  it('answers 422 "nickname" when renaming an asset its integration names', async () => {
    const integrated = thingWhere('organization_id = ? AND is_integration_org = 1', world.ids.roadWorks);
    const response = await call(world, 'PUT', `/api/things/${integrated.id}`, world.tokens.admin, {
      in_service: true,
      is_publicly_alerting: true,
      nickname: 'Renamed',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ error: string }>().error).toContain('nickname');
  });

  it('refuses edits of a thing the caller only accesses', async () => {
    const accessed = row<{ thing_id: string }>(
      world,
      "SELECT thing_id FROM thing_access WHERE organization_id = ? AND relationship_type = 'accessor' LIMIT 1",
      world.ids.coordination,
    );
    const response = await call(world, 'PUT', `/api/things/${accessed.thing_id}`, world.tokens.admin, {
      in_service: true,
      is_publicly_alerting: true,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('PUT /api/things/{id}/associations', () => {
  it('shares an asset with another organization and takes it back, and each side hears it', async () => {
    const target = thingWhere("organization_id = ? AND device_type = 'ha7'", world.ids.roadWorks);
    const address = world.app.server.listening
      ? `http://127.0.0.1:${(world.app.server.address() as { port: number }).port}`
      : await world.app.listen({ port: 0, host: '127.0.0.1' });
    const fleetDashboard = await connectCable(address, world.fleetAdminToken);
    await fleetDashboard.subscribe(world.ids.fleet);
    const visibleToFleet = async () => {
      const response = await call(
        world,
        'GET',
        `/api/organization/things?org_ids[]=${world.ids.fleet}&per_page=1000`,
        world.fleetAdminToken,
      );
      return response.json<{ data: ThingJson[] }>().data.some((thing) => thing.id === target.id);
    };
    expect(await visibleToFleet()).toBe(false);

    const shared = await call(world, 'PUT', `/api/things/${target.id}/associations`, world.tokens.admin, {
      organization_relationships: [{ organization_uuid: world.ids.fleet, relationship_type: 'accessor' }],
    });
    expect(shared.statusCode).toBe(200);
    expect(shared.json<{ organization_relationships: unknown[] }>().organization_relationships).toEqual(
      expect.arrayContaining([
        {
          organization_uuid: world.ids.fleet,
          organization_name: 'Great Lakes Fleet Services',
          relationship_type: 'accessor',
        },
        expect.objectContaining({ organization_uuid: world.ids.coordination, relationship_type: 'manager' }),
      ]),
    );
    expect(await visibleToFleet()).toBe(true);
    const heard = await fleetDashboard.next((frame) => frame.message?.type === 'thing');
    expect(heard.message?.data).toMatchObject({ id: target.id, is_active: true });

    const removed = await call(world, 'PUT', `/api/things/${target.id}/associations`, world.tokens.admin, {
      organization_relationships: [{ organization_uuid: world.ids.fleet, relationship_type: 'delete' }],
    });
    expect(removed.statusCode).toBe(200);
    expect(await visibleToFleet()).toBe(false);
    const gone = await fleetDashboard.next((frame) => frame.message?.type === 'thing');
    expect(gone.message?.data).toMatchObject({ id: target.id, is_active: false });
    fleetDashboard.close();
  });

  it('answers 404 for an unknown organization and 400 for a bad relationship type', async () => {
    const target = thingWhere('organization_id = ?', world.ids.roadWorks);
    const unknown = await call(world, 'PUT', `/api/things/${target.id}/associations`, world.tokens.admin, {
      organization_relationships: [{ organization_uuid: 'nowhere', relationship_type: 'manager' }],
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await call(world, 'PUT', `/api/things/${target.id}/associations`, world.tokens.admin, {
      organization_relationships: [{ organization_uuid: world.ids.fleet, relationship_type: 'owner' }],
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('light intensity', () => {
  it('reads the device’s setting and changes it', async () => {
    const target = responderHa5();
    const first = await call(world, 'GET', `/api/things/${target.id}/light_intensity`, world.tokens.media);
    expect(first.statusCode).toBe(200);
    expect(first.json<{ light_intensity: string }>().light_intensity.toLowerCase()).toBe('medium');
    const set = await call(world, 'PUT', `/api/things/${target.id}/light_intensity`, world.tokens.admin, {
      light_intensity: 'high',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ message: 'Update was successful' });
    const after = await call(world, 'GET', `/api/things/${target.id}/light_intensity`, world.tokens.media);
    expect(after.json<{ light_intensity: string }>().light_intensity.toLowerCase()).toBe('high');
  });

  it('answers 422 "Timed" when the device has gone silent, 404 for an unknown asset', async () => {
    const silent = thingWhere("device_type = 'ha5' AND sim_behaviour = 'silent'");
    const timedOut = await call(
      world,
      'PUT',
      `/api/things/${silent.id}/light_intensity`,
      world.tokens.admin,
      {
        light_intensity: 'low',
      },
    );
    expect(timedOut.statusCode).toBe(422);
    expect(timedOut.json<{ error: string }>().error).toContain('Timed');
    const unknown = await call(world, 'GET', '/api/things/nothing/light_intensity', world.tokens.admin);
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 422 for a device without LEDs and 400 for an unknown level', async () => {
    const api = thingWhere("device_type = 'api'");
    expect(
      (await call(world, 'GET', `/api/things/${api.id}/light_intensity`, world.tokens.admin)).statusCode,
    ).toBe(422);
    const target = responderHa5();
    const bad = await call(world, 'PUT', `/api/things/${target.id}/light_intensity`, world.tokens.admin, {
      light_intensity: 'blinding',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('R2R', () => {
  it('switches test mode on a responder device and sends a test alert', async () => {
    const target = responderHa5();
    const on = await call(world, 'PUT', `/api/things/${target.id}/r2r`, world.tokens.admin, {
      test_mode: true,
    });
    expect(on.statusCode).toBe(200);
    expect((await thingJson(target.id, world.ids.responders)).test_mode).toBe(true);
    const alert = await call(world, 'PUT', `/api/things/${target.id}/r2r`, world.tokens.admin, {});
    expect(alert.statusCode).toBe(200);
    expect(alert.json()).toEqual({ delivered: true });
  });

  it('refuses hardware without R2R', async () => {
    const api = thingWhere(
      "device_type = 'api' AND organization_id IN (?, ?)",
      world.ids.responders,
      world.ids.roadWorks,
    );
    const response = await call(world, 'PUT', `/api/things/${api.id}/r2r`, world.tokens.staff, {
      test_mode: true,
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('GET /api/organization/things_count', () => {
  it('counts the active things of the organizations asked for', async () => {
    const response = await call(
      world,
      'GET',
      `/api/organization/things_count?org_ids[]=${world.ids.fleet}`,
      world.tokens.media,
    );
    const expected = row<{ n: number }>(
      world,
      'SELECT count(*) AS n FROM thing_access a JOIN things t ON t.id = a.thing_id WHERE a.organization_id = ? AND t.is_active = 1',
      world.ids.fleet,
    ).n;
    expect(response.json()).toEqual({ count: expected });
    expect(
      (await call(world, 'GET', '/api/organization/things_count?org_ids[]=elsewhere', world.tokens.media))
        .statusCode,
    ).toBe(404);
  });
});

describe('roles against each asset write', () => {
  // Cumulative roles (docs/simulator.md): Media reads; User edits profiles; Admin also sends R2R and sets LEDs.
  const expectations: { write: string; allowed: readonly RoleName[] }[] = [
    { write: 'profile', allowed: ['user', 'admin', 'orgAdmin', 'staff'] },
    { write: 'associations', allowed: ['user', 'admin', 'orgAdmin', 'staff'] },
    { write: 'r2r', allowed: ['admin', 'orgAdmin', 'staff'] },
    { write: 'light_intensity', allowed: ['admin', 'orgAdmin', 'staff'] },
  ];
  const roles: RoleName[] = ['media', 'user', 'admin', 'orgAdmin', 'staff'];
  for (const { write, allowed } of expectations) {
    for (const role of roles) {
      const verdict = allowed.includes(role) ? 'may' : 'may not';
      it(`${role} ${verdict} use ${write}`, async () => {
        const target = responderHa5();
        const current = await thingJson(target.id, world.ids.responders);
        const request = {
          profile: ['PUT', `/api/things/${target.id}`, profileOf(current)],
          associations: ['PUT', `/api/things/${target.id}/associations`, { organization_relationships: [] }],
          r2r: ['PUT', `/api/things/${target.id}/r2r`, { test_mode: false }],
          light_intensity: ['PUT', `/api/things/${target.id}/light_intensity`, { light_intensity: 'low' }],
        }[write] as ['PUT', string, unknown];
        const response = await call(world, request[0], request[1], world.tokens[role], request[2]);
        if (allowed.includes(role)) expect(response.statusCode).toBe(200);
        else expect(response.statusCode).toBe(403);
      });
    }
  }
});
