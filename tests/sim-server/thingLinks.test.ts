// Things link back to the incident they are on and the closures they drive (live §3 thing.location and
// thing.closures), and a change of those links reaches incremental loads. Read the way the dashboard reads it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_STATUS, DEFAULT_STATUS_SETTINGS } from '#domain/status/assetStatus';
import { decodeThings } from '#domain/things/thing';
import type { ClosureRecord } from '#domain/closures/closureRecord';
import type { LocationRecord } from '#domain/locations/locationRecord';
import type { ThingJson } from '#sim/things/thingWire';
import { call, row, rows, startLiveWorld, type LiveWorld } from './support/liveOperations.ts';

let world: LiveWorld;

beforeAll(async () => {
  world = await startLiveWorld();
});
afterAll(async () => {
  await world.harness.close();
});

async function things(organizationId: string, since?: number): Promise<ThingJson[]> {
  const query = `org_ids[]=${organizationId}&per_page=1000${since === undefined ? '' : `&last_updated_timestamp=${since}`}`;
  const response = await call(world, 'GET', `/api/organization/things?${query}`, world.tokens.user);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: ThingJson[] }>().data;
}

function activeLocations(): LocationRecord[] {
  return rows<{ data: string }>(world, 'SELECT data FROM locations WHERE is_active = 1 ORDER BY id').map(
    (location) => JSON.parse(location.data) as LocationRecord,
  );
}

async function saveLocation(location: LocationRecord) {
  const { eventLog, clock } = world.app;
  await eventLog.write(() =>
    eventLog.record(
      { type: 'LocationSaved', data: location },
      { streamId: location.id, organizationId: location.organization_id, recordedAt: clock.now() },
    ),
  );
}

describe('location on a thing', () => {
  it('names the active incident each asset on scene is on, and nothing for the others', async () => {
    const locations = activeLocations();
    expect(locations.length).toBeGreaterThan(0);
    const onScene = new Map<string, { id: string; arrived_at: string; started_at: string }>();
    for (const location of locations)
      for (const thing of location.things_active)
        onScene.set(thing.id, {
          id: location.id,
          // When the asset arrived, so a managing organization without the owner's incidents knows it (issue 25).
          arrived_at: new Date(Date.parse(thing.start_time)).toISOString(),
          // When the incident started, for that organization's Time-to-Scene.
          started_at: new Date(Date.parse(location.start_time)).toISOString(),
        });
    expect(onScene.size).toBeGreaterThan(0);
    const list = await things(world.ids.responders);
    for (const thing of list) {
      expect(thing.location, thing.id).toEqual(onScene.get(thing.id) ?? null);
    }
    const decoded = decodeThings(list, { now: world.harness.clock.now(), settings: DEFAULT_STATUS_SETTINGS });
    const onIncident = decoded.records.filter((thing) => thing.isOnIncident);
    expect(onIncident.map((thing) => thing.id).sort()).toEqual([...onScene.keys()].sort());
    expect(onIncident.every((thing) => thing.status === ASSET_STATUS.location)).toBe(true);
    // The arrival reaches the dashboard's picture from the record alone.
    expect(
      onIncident.every(
        (thing) => thing.incidentStartTime === Date.parse(onScene.get(thing.id)?.arrived_at ?? ''),
      ),
    ).toBe(true);
    expect(
      onIncident.every(
        (thing) => thing.incidentOpenedTime === Date.parse(onScene.get(thing.id)?.started_at ?? ''),
      ),
    ).toBe(true);
  });

  it("gives the assets on scene the incident's new start time, and an incremental load sees it", async () => {
    const [location] = activeLocations();
    if (!location) throw new Error('the seed has an active location');
    const crew = location.things_active.map((thing) => thing.id);
    world.harness.clock.advance(1_000);
    const before = world.harness.clock.now();
    world.harness.clock.advance(1_000);
    const startedAt = new Date(Date.parse(location.start_time) - 5 * 60_000).toISOString();
    await saveLocation({ ...location, start_time: startedAt });
    const changed = await things(world.ids.responders, before);
    const onScene = changed.filter((thing) => crew.includes(thing.id));
    expect(onScene.map((thing) => thing.id).sort()).toEqual([...crew].sort());
    expect(onScene.every((thing) => thing.location?.started_at === startedAt)).toBe(true);
  });

  it('lets go of the assets when the incident ends, and an incremental load sees them', async () => {
    const [location] = activeLocations();
    if (!location) throw new Error('the seed has an active location');
    const crew = location.things_active.map((thing) => thing.id);
    world.harness.clock.advance(60_000);
    const before = world.harness.clock.now();
    world.harness.clock.advance(1_000);
    const endedAt = new Date(world.harness.clock.now()).toISOString();
    await saveLocation({
      ...location,
      is_active: false,
      end_time: endedAt,
      things_active: [],
      things_inactive: [
        ...location.things_inactive,
        ...location.things_active.map((thing) => ({ ...thing, end_time: endedAt })),
      ],
    });
    const changed = await things(world.ids.responders, before);
    const released = changed.filter((thing) => crew.includes(thing.id));
    expect(released.map((thing) => thing.id).sort()).toEqual([...crew].sort());
    expect(released.every((thing) => thing.location === null)).toBe(true);
    // Nothing else was touched by ending the incident.
    expect(changed.length).toBe(crew.length);
  });

  it('carries the link in the whole thing an edit answers and broadcasts', async () => {
    const [location] = activeLocations();
    const thingId = location?.things_active[0]?.id;
    if (!location || !thingId) throw new Error('the seed has an asset on scene');
    const response = await call(world, 'PUT', `/api/things/${thingId}`, world.tokens.user, {
      in_service: true,
      is_publicly_alerting: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<ThingJson>().location).toEqual({
      id: location.id,
      arrived_at: new Date(Date.parse(location.things_active[0]?.start_time ?? '')).toISOString(),
      started_at: new Date(Date.parse(location.start_time)).toISOString(),
    });
  });
});

describe('closures on a thing', () => {
  function arrowBoard(): string {
    return row<{ id: string }>(
      world,
      `SELECT id FROM things t WHERE organization_id = ? AND thing_type = 'arrow_board' AND in_service = 1
         AND NOT EXISTS (SELECT 1 FROM thing_closure_links l WHERE l.thing_id = t.id) ORDER BY id LIMIT 1`,
      world.ids.roadWorks,
    ).id;
  }

  function closureBody(thingId: string, overrides: Record<string, unknown> = {}) {
    const now = world.harness.clock.now();
    return {
      is_dashboard_managed: true,
      closure_type: 'automated',
      thing_id: thingId,
      is_active: true,
      is_in_service: true,
      description: 'Arrow board lane closure',
      direction: 'E',
      impacted_lanes: [1],
      geocoded_route: [
        { lat: 41.88, lng: -87.63 },
        { lat: 41.881, lng: -87.631 },
      ],
      start_time: new Date(now).toISOString(),
      end_time: new Date(now + 24 * 60 * 60 * 1000).toISOString(),
      external_id: `LINK-${now}`,
      ...overrides,
    };
  }

  const closuresOf = async (thingId: string, since?: number) =>
    (await things(world.ids.roadWorks, since)).find((thing) => thing.id === thingId)?.closures;

  it('lists the seeded automated closure on its arrow board', async () => {
    const seeded = rows<{ data: string }>(
      world,
      "SELECT data FROM closures WHERE closure_type = 'automated'",
    ).map((closure) => JSON.parse(closure.data) as ClosureRecord);
    const active = seeded.find((closure) => closure.is_active && closure.thing_id !== null);
    if (!active?.thing_id) throw new Error('the seed has an active automated closure');
    expect(await closuresOf(active.thing_id)).toEqual([{ id: active.id, external_id: active.external_id }]);
  });

  it('follows an automated closure through creation, the quick switch and deletion', async () => {
    const thingId = arrowBoard();
    const closuresUrl = `/api/organization/closure?org_ids[]=${world.ids.roadWorks}`;
    expect(await closuresOf(thingId)).toEqual([]);

    let since = world.harness.clock.now();
    world.harness.clock.advance(1_000);
    const created = await call(world, 'POST', closuresUrl, world.tokens.admin, closureBody(thingId));
    expect(created.statusCode).toBe(201);
    const closure = created.json<ClosureRecord>();
    expect(await closuresOf(thingId, since)).toEqual([{ id: closure.id, external_id: closure.external_id }]);

    world.harness.clock.advance(1_000);
    since = world.harness.clock.now();
    const switched = await call(world, 'PUT', `/api/organization/closure/${closure.id}`, world.tokens.admin, {
      id: closure.id,
      is_active: false,
      end_time: null,
    });
    expect(switched.statusCode).toBe(200);
    expect(await closuresOf(thingId, since)).toEqual([]);

    world.harness.clock.advance(1_000);
    const reactivated = await call(
      world,
      'PUT',
      `/api/organization/closure/${closure.id}`,
      world.tokens.admin,
      {
        id: closure.id,
        is_active: true,
        end_time: new Date(world.harness.clock.now() + 60 * 60 * 1000).toISOString(),
      },
    );
    expect(reactivated.statusCode).toBe(200);
    expect(await closuresOf(thingId)).toHaveLength(1);

    world.harness.clock.advance(1_000);
    since = world.harness.clock.now();
    const deleted = await call(
      world,
      'DELETE',
      `/api/organization/closure/${closure.id}`,
      world.tokens.admin,
    );
    expect(deleted.statusCode).toBe(200);
    expect(await closuresOf(thingId, since)).toEqual([]);
  });

  it('does not put a manual closure on an asset it merely names', async () => {
    const thingId = arrowBoard();
    const created = await call(
      world,
      'POST',
      `/api/organization/closure?org_ids[]=${world.ids.roadWorks}`,
      world.tokens.user,
      closureBody(thingId, { closure_type: 'manual', external_id: 'LINK-MANUAL' }),
    );
    expect(created.statusCode).toBe(201);
    expect(await closuresOf(thingId)).toEqual([]);
  });
});

describe('status on the wire', () => {
  it('is null for every thing, linked or not: the dashboard derives it as time passes', async () => {
    const all = [...(await things(world.ids.responders)), ...(await things(world.ids.roadWorks))];
    expect(all.some((thing) => thing.location !== null || thing.closures.length > 0)).toBe(true);
    expect(all.every((thing) => thing.status === null)).toBe(true);
  });
});
