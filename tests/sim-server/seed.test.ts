// The seeded demo world: reproducible from its seed, with the organizations, flags, users and fleet the
// product's demo needs, every asset on a real street.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  organizationIds,
  projectionDump,
  startHarness,
  type Harness,
} from './support/simulatorHarness.ts';
import { metresFromNearestDrivableStreet } from './support/streetDistance.ts';

type ThingRow = {
  id: string;
  organization_id: string;
  device_type: string;
  thing_type: string;
  lat: number;
  lng: number;
  heartbeat_at: number;
  sim_behaviour: string;
  wzdx_enabled: number;
  in_service: number;
};

let first: Harness;
let second: Harness;

beforeAll(async () => {
  [first, second] = await Promise.all([startHarness(), startHarness()]);
});
afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
});

function things(harness: Harness): ThingRow[] {
  return harness.app.eventLog.db.prepare<[], ThingRow>('SELECT * FROM things_with_state ORDER BY id').all();
}

describe('determinism', () => {
  it('gives the same world, event for event, from the same seed and time', () => {
    expect(first.app.seeded).toEqual(second.app.seeded);
    expect(projectionDump(first.app)).toEqual(projectionDump(second.app));
    const events = (harness: Harness) => harness.app.eventLog.store.readAfter(0, 100_000);
    expect(events(first)).toEqual(events(second));
  });

  it('gives another world from another seed', async () => {
    const other = await startHarness({ worldSeed: 99 });
    try {
      expect(things(other).map((thing) => thing.id)).not.toEqual(things(first).map((thing) => thing.id));
      expect(things(other).map((thing) => [thing.lat, thing.lng])).not.toEqual(
        things(first).map((thing) => [thing.lat, thing.lng]),
      );
    } finally {
      await other.close();
    }
  });
});

describe('the demo world', () => {
  it('has the four organizations with their flags and links', () => {
    const db = first.app.eventLog.db;
    const ids = organizationIds(first.app);
    const flags = db
      .prepare<
        [],
        { id: string; acs: number; is_wzdx_org: number; is_large_org: number; is_responder: number }
      >('SELECT id, acs, is_wzdx_org, is_large_org, is_responder FROM organizations')
      .all();
    const flagsOf = (id: string) => flags.find((row) => row.id === id);
    expect(flagsOf(ids.coordination)).toMatchObject({ acs: 1, is_wzdx_org: 0, is_large_org: 0 });
    expect(flagsOf(ids.responders)).toMatchObject({ acs: 0, is_responder: 1 });
    expect(flagsOf(ids.roadWorks)).toMatchObject({ acs: 0, is_wzdx_org: 1 });
    expect(flagsOf(ids.fleet)).toMatchObject({ acs: 0, is_large_org: 1 });
    expect(
      db
        .prepare(
          'SELECT organization_id, linked_organization_id, link FROM organization_links ORDER BY link, 2',
        )
        .all(),
    ).toEqual([
      { organization_id: ids.coordination, linked_organization_id: ids.fleet, link: 'accesses' },
      ...[ids.responders, ids.roadWorks].sort().map((linked) => ({
        organization_id: ids.coordination,
        linked_organization_id: linked,
        link: 'manages',
      })),
    ]);
  });

  it('has about 300 assets of every device type, with the fleets each organization runs', () => {
    const all = things(first);
    const ids = organizationIds(first.app);
    expect(all).toHaveLength(300);
    expect(new Set(all.map((thing) => thing.device_type))).toEqual(new Set(['ha5', 'ha7', 'api']));
    const typesOf = (organizationId: string) =>
      new Set(
        all.filter((thing) => thing.organization_id === organizationId).map((thing) => thing.thing_type),
      );
    expect(typesOf(ids.responders)).toEqual(new Set(['police', 'fire', 'ambulance']));
    expect(typesOf(ids.roadWorks)).toEqual(new Set(['arrow_board', 'maintenance']));
    expect(typesOf(ids.fleet)).toEqual(new Set(['tow', 'waste', 'maintenance']));
    expect(all.some((thing) => thing.organization_id === ids.roadWorks && thing.wzdx_enabled === 1)).toBe(
      true,
    );
    expect(all.some((thing) => thing.in_service === 0)).toBe(true);
  });

  it('places every asset on a Chicago street (not a trail), near the centre', () => {
    for (const thing of things(first)) {
      expect(metresFromNearestDrivableStreet(thing.lat, thing.lng)).toBeLessThan(0.5);
      expect(Math.abs(thing.lat - 41.8623)).toBeLessThan(0.08);
      expect(Math.abs(thing.lng + 87.6167)).toBeLessThan(0.11);
    }
  });

  it('runs every seeded closure down its street, not in a straight line across blocks (issue 37 item 11)', () => {
    const saved = first.app.eventLog.store
      .readAfter(0, 100_000)
      .filter((stored) => stored.type === 'ClosureSaved')
      .map(
        (stored) => stored.data as { description: string; geocoded_route: { lat: number; lng: number }[] },
      );
    expect(saved.length).toBeGreaterThanOrEqual(5);
    for (const closure of saved) {
      const route = closure.geocoded_route;
      expect(route.length, closure.description).toBeGreaterThanOrEqual(2);
      for (const [index, point] of route.entries()) {
        expect(metresFromNearestDrivableStreet(point.lat, point.lng), closure.description).toBeLessThan(0.5);
        const next = route[index + 1];
        if (next)
          expect(
            metresFromNearestDrivableStreet((point.lat + next.lat) / 2, (point.lng + next.lng) / 2),
            `${closure.description}: the line between two points leaves the street`,
          ).toBeLessThan(1);
      }
    }
  });

  it('has moving, parked and silent devices; silent ones last heard of hours or days ago', () => {
    const all = things(first);
    const now = first.clock.now();
    const byBehaviour = (behaviour: string) => all.filter((thing) => thing.sim_behaviour === behaviour);
    expect(byBehaviour('roaming').length).toBeGreaterThan(150);
    expect(byBehaviour('parked').length).toBeGreaterThan(50);
    expect(byBehaviour('silent').length).toBeGreaterThan(3);
    for (const thing of byBehaviour('silent'))
      expect(now - thing.heartbeat_at).toBeGreaterThan(8 * 3_600_000);
    for (const thing of [...byBehaviour('roaming'), ...byBehaviour('parked')]) {
      expect(now - thing.heartbeat_at).toBeLessThanOrEqual(10 * 60_000);
    }
  });

  it('has the five demo users in the coordination center, with their roles', () => {
    const users = first.app.eventLog.db
      .prepare<[], { email: string; role_id: number; organization_id: string }>(
        'SELECT email, role_id, organization_id FROM users ORDER BY role_id, email',
      )
      .all();
    const coordination = organizationIds(first.app).coordination;
    expect(users).toEqual([
      { email: 'media@demo.test', role_id: 1, organization_id: coordination },
      { email: 'user@demo.test', role_id: 2, organization_id: coordination },
      { email: 'admin@demo.test', role_id: 3, organization_id: coordination },
      { email: 'orgadmin@demo.test', role_id: 4, organization_id: coordination },
      { email: 'staff@demo.test', role_id: 4, organization_id: coordination },
    ]);
    expect(countRows(first.app, 'events')).toBe(first.app.seeded?.events);
  });
});
