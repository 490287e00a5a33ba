// Closures: list (full and incremental), create, update (form and quick switch), delete; feed closures stay the
// feed's; WZDx ids are unique; every refusal carries a text from the dashboard's catalogue (live §8).
import { manualClosureBody } from '#tests/helpers/closureBody';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from 'date-fns';
import { decodeClosures } from '#domain/closures/closure';
import { ROUTE_MISSING } from '#domain/closures/closureRules';
import type { ClosureRecord } from '#domain/closures/closureRecord';
import { connectCable } from './support/cableClient.ts';
import {
  call,
  eventCount,
  row,
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

const roadWorks = () => `org_ids[]=${world.ids.roadWorks}`;

async function closures(query = `?${roadWorks()}`, token = world.tokens.user): Promise<ClosureRecord[]> {
  const response = await call(world, 'GET', `/api/organization/closure${query}`, token);
  expect(response.statusCode).toBe(200);
  return response.json<ClosureRecord[]>();
}

async function seededOf(type: ClosureRecord['closure_type']): Promise<ClosureRecord> {
  const found = (await closures()).find((closure) => closure.closure_type === type);
  if (!found) throw new Error(`no seeded ${type} closure`);
  return found;
}

let serial = 0;
/** A manual closure body as the dashboard's form sends it. */
function closureBody(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return manualClosureBody(world.harness.clock.now(), `Test closure ${serial}`, {
    impacted_lanes: [1, 2],
    geocoded_route: [
      { lat: 41.8801234567, lng: -87.6301 },
      { lat: 41.8811, lng: -87.6291 },
    ],
    ...overrides,
  });
}

const create = (body: unknown, token = world.tokens.admin, organizationId = world.ids.roadWorks) =>
  call(world, 'POST', `/api/organization/closure?org_ids[]=${organizationId}`, token, body);

describe('GET /api/organization/closure', () => {
  it('lists manual, automated and feed closures the dashboard decodes', async () => {
    const list = await closures();
    expect(new Set(list.map((closure) => closure.closure_type))).toEqual(
      new Set(['manual', 'automated', 'feed']),
    );
    const decoded = decodeClosures(list, { now: world.harness.clock.now(), isWzdxOrg: true });
    expect(decoded.dropped).toBe(0);
    const automated = decoded.records.find((closure) => closure.closureType === 'automated');
    expect(automated?.thingId).toBeTruthy();
    const feed = decoded.records.find((closure) => closure.closureType === 'feed');
    expect(feed).toMatchObject({ isDashboardManaged: false, wzdxId: expect.any(String) });
  });

  it('answers 404 for a foreign organization and 400 for an unreadable timestamp', async () => {
    const foreign = await call(
      world,
      'GET',
      `/api/organization/closure?${roadWorks()}`,
      world.fleetAdminToken,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Organization not found' });
    const bad = await call(
      world,
      'GET',
      '/api/organization/closure?last_updated_timestamp=later',
      world.tokens.user,
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/organization/closure', () => {
  it('creates a closure, broadcasts it, and an incremental load returns only it', async () => {
    const address = await world.app.listen({ port: 0, host: '127.0.0.1' });
    const dashboard = await connectCable(address, world.tokens.media);
    await dashboard.subscribe(world.ids.roadWorks);
    world.harness.clock.advance(1000);
    const since = world.harness.clock.now();
    const response = await create(closureBody({ description: 'Broadcast me' }));
    expect(response.statusCode).toBe(201);
    const created = response.json<ClosureRecord>();
    expect(created).toMatchObject({
      closure_type: 'manual',
      description: 'Broadcast me',
      is_active: true,
      is_dashboard_managed: true,
      organization: { id: world.ids.roadWorks },
    });
    // Coordinates are truncated to 7 decimals, not rounded.
    expect(created.geocoded_route[0]).toEqual({ lat: 41.8801234, lng: -87.6301 });
    const frame = await dashboard.next((candidate) => candidate.message?.type === 'closure');
    expect(frame.message?.data).toMatchObject({ id: created.id, description: 'Broadcast me' });
    dashboard.close();
    const changed = await closures(`?${roadWorks()}&last_updated_timestamp=${since}`);
    expect(changed.map((closure) => closure.id)).toEqual([created.id]);
  });

  it('answers 422 "violates unique" for a WZDx id already in use', async () => {
    const published = closureBody({
      is_wzdx_compliant: true,
      external_id: 'LRW-0001',
      location_method: 'sign-method',
      vehicle_impact: 'all-lanes-open',
    });
    const response = await create(published);
    expect(response.statusCode).toBe(422);
    expect(response.json<{ error: string }>().error).toContain('violates unique');
  });

  it('refuses malformed and invalid bodies with 400 and the form’s messages, writing nothing', async () => {
    const before = eventCount(world);
    const cases: [Record<string, unknown>, string][] = [
      [{ description: undefined }, 'description'],
      [{ alert_message: 'x'.repeat(41) }, '40 Max Characters'],
      [{ geocoded_route: [] }, ROUTE_MISSING],
      [{ end_time: null }, 'End date required'],
      [{ end_time: addMonths(world.harness.clock.now(), 4).toISOString() }, '3 months'],
      [{ direction: '' }, 'direction'],
      [{ closure_type: 'automated' }, 'thing_id'],
      [{ is_wzdx_compliant: true, external_id: 'NEW-1' }, 'location_method'],
      [{ impacted_lanes: [0, 10] }, 'lanes'],
      [{ is_active: 'yes' }, 'is_active'],
    ];
    for (const [overrides, expected] of cases) {
      const body = closureBody(overrides);
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(expected);
    }
    expect(eventCount(world)).toBe(before);
  });

  it('makes an id for "uuid": null or "", and the closure can then be edited and deleted', async () => {
    for (const uuid of [null, '']) {
      const response = await create(closureBody({ uuid }));
      expect(response.statusCode).toBe(201);
      const created = response.json<ClosureRecord>();
      expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(created.uuid).toBe(created.id);
      const edited = await call(
        world,
        'PUT',
        `/api/organization/closure/${created.id}`,
        world.tokens.admin,
        closureBody({ description: 'Edited after a null uuid' }),
      );
      expect(edited.statusCode).toBe(200);
      expect(edited.json<ClosureRecord>()).toMatchObject({
        id: created.id,
        description: 'Edited after a null uuid',
      });
      const removed = await call(
        world,
        'DELETE',
        `/api/organization/closure/${created.id}`,
        world.tokens.admin,
      );
      expect(removed.statusCode).toBe(200);
    }
  });

  it('never coerces a wrong JSON type: 400 naming the field, nothing written', async () => {
    const before = eventCount(world);
    const cases: [Record<string, unknown>, string][] = [
      [{ is_active: 1 }, 'is_active'],
      [{ is_in_service: 'true' }, 'is_in_service'],
      [{ impacted_lanes: [true] }, 'impacted_lanes'],
      [
        {
          geocoded_route: [
            { lat: null, lng: -87.63 },
            { lat: 41.88, lng: -87.62 },
          ],
        },
        'geocoded_route',
      ],
      [{ description: 42 }, 'description'],
    ];
    for (const [overrides, field] of cases) {
      const response = await create(closureBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json<{ error: string; message: string }>()).toMatchObject({ error: 'bad_request' });
      expect(response.json<{ message: string }>().message).toContain(field);
    }
    expect(eventCount(world)).toBe(before);
  });

  it('refuses an asset that is not allowed for closures', async () => {
    const responderThing = row<{ id: string }>(
      world,
      'SELECT id FROM things WHERE organization_id = ? LIMIT 1',
      world.ids.responders,
    );
    const response = await create(closureBody({ closure_type: 'automated', thing_id: responderThing.id }));
    expect(response.statusCode).toBe(422);
  });

  it('creates an automated closure for an arrow board of the organization', async () => {
    const arrowBoard = row<{ id: string }>(
      world,
      "SELECT id FROM things WHERE organization_id = ? AND thing_type = 'arrow_board' LIMIT 1",
      world.ids.roadWorks,
    );
    const response = await create(closureBody({ closure_type: 'automated', thing_id: arrowBoard.id }));
    expect(response.statusCode).toBe(201);
    expect(response.json<ClosureRecord>().thing?.id).toBe(arrowBoard.id);
  });

  it('answers 404 for a foreign organization and 403 for one the caller only accesses', async () => {
    expect((await create(closureBody(), world.fleetAdminToken)).statusCode).toBe(404);
    expect((await create(closureBody(), world.tokens.admin, world.ids.fleet)).statusCode).toBe(403);
  });
});

describe('PUT and DELETE /api/organization/closure/{id}', () => {
  it('edits a closure with the whole form', async () => {
    const created = (await create(closureBody())).json<ClosureRecord>();
    const response = await call(world, 'PUT', `/api/organization/closure/${created.id}`, world.tokens.user, {
      ...closureBody({ description: 'Edited', impacted_lanes: [3] }),
      uuid: created.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<ClosureRecord>()).toMatchObject({
      id: created.id,
      description: 'Edited',
      impacted_lanes: [3],
    });
  });

  it('switches a manual closure off and on with the quick update', async () => {
    const manual = (await create(closureBody())).json<ClosureRecord>();
    const off = await call(world, 'PUT', `/api/organization/closure/${manual.id}`, world.tokens.user, {
      uuid: manual.id,
      is_active: false,
      end_time: null,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json<ClosureRecord>()).toMatchObject({
      is_active: false,
      end_time: null,
      description: manual.description,
    });
    const noEnd = await call(world, 'PUT', `/api/organization/closure/${manual.id}`, world.tokens.user, {
      uuid: manual.id,
      is_active: true,
      end_time: null,
    });
    expect(noEnd.statusCode).toBe(400);
    expect(noEnd.json<{ message: string }>().message).toContain('End date required');
    const end = addMonths(world.harness.clock.now(), 1).toISOString();
    const on = await call(world, 'PUT', `/api/organization/closure/${manual.id}`, world.tokens.user, {
      uuid: manual.id,
      is_active: true,
      end_time: end,
    });
    expect(on.json<ClosureRecord>()).toMatchObject({ is_active: true, end_time: end });
  });

  it('answers 422 "not managed" for edits and deletes of a feed closure', async () => {
    const feed = await seededOf('feed');
    const edit = await call(world, 'PUT', `/api/organization/closure/${feed.id}`, world.tokens.admin, {
      uuid: feed.id,
      is_active: false,
    });
    expect(edit.statusCode).toBe(422);
    expect(edit.json<{ error: string }>().error).toContain('not managed');
    const remove = await call(world, 'DELETE', `/api/organization/closure/${feed.id}`, world.tokens.admin);
    expect(remove.statusCode).toBe(422);
    expect(remove.json<{ error: string }>().error).toContain('not managed');
  });

  it('answers 404 for an unknown closure and for one in a foreign organization', async () => {
    const manual = await seededOf('manual');
    const quick = { is_active: false, end_time: null };
    expect(
      (await call(world, 'PUT', '/api/organization/closure/none', world.tokens.admin, quick)).statusCode,
    ).toBe(404);
    expect(
      (await call(world, 'DELETE', '/api/organization/closure/none', world.tokens.admin)).statusCode,
    ).toBe(404);
    const foreign = await call(
      world,
      'PUT',
      `/api/organization/closure/${manual.id}`,
      world.fleetAdminToken,
      quick,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('deletes a closure; it leaves the list and a second delete answers 404', async () => {
    const created = (await create(closureBody())).json<ClosureRecord>();
    const removed = await call(
      world,
      'DELETE',
      `/api/organization/closure/${created.id}`,
      world.tokens.admin,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ id: created.id, external_id: null });
    expect((await closures()).some((closure) => closure.id === created.id)).toBe(false);
    expect(
      (await call(world, 'DELETE', `/api/organization/closure/${created.id}`, world.tokens.admin)).statusCode,
    ).toBe(404);
  });
});

describe('roles against each closure write', () => {
  const roles: RoleName[] = ['media', 'user', 'admin', 'orgAdmin', 'staff'];
  const allowed: Record<'create' | 'update' | 'delete', RoleName[]> = {
    create: ['user', 'admin', 'orgAdmin', 'staff'],
    update: ['user', 'admin', 'orgAdmin', 'staff'],
    delete: ['admin', 'orgAdmin', 'staff'],
  };
  for (const write of ['create', 'update', 'delete'] as const) {
    for (const role of roles) {
      const may = allowed[write].includes(role);
      it(`${role} ${may ? 'may' : 'may not'} ${write}`, async () => {
        const target = (await create(closureBody())).json<ClosureRecord>();
        const response =
          write === 'create'
            ? await create(closureBody(), world.tokens[role])
            : write === 'update'
              ? await call(world, 'PUT', `/api/organization/closure/${target.id}`, world.tokens[role], {
                  is_active: false,
                  end_time: null,
                })
              : await call(world, 'DELETE', `/api/organization/closure/${target.id}`, world.tokens[role]);
        if (may) expect(response.statusCode).toBeLessThan(300);
        else expect(response.statusCode).toBe(403);
      });
    }
  }
});
