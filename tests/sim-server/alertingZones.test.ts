// Alerting zones (wrong-way-driver): list by organization and hotspot, create, update, delete, and the 403 that
// the dashboard shows as "User does not have required permissions".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertingZoneWritePayload, decodeAlertingZones } from '#domain/zones/alertingZone';
import type { AlertingZoneRecord } from '#domain/zones/alertingZoneRecord';
import { call, eventCount, startLiveWorld, type LiveWorld, type RoleName } from './support/liveOperations.ts';

let world: LiveWorld;

beforeAll(async () => {
  world = await startLiveWorld();
});
afterAll(async () => {
  await world.harness.close();
});

const path = [
  { lat: 41.88, lng: -87.63 },
  { lat: 41.881, lng: -87.629 },
];
const createBody = (hotspotId: string | null = 'HS-TEST') =>
  alertingZoneWritePayload({ organizationId: world.ids.coordination, hotspotId, path });
const create = (body: unknown = createBody(), token = world.tokens.admin) =>
  call(world, 'POST', '/api/organization/alerting_zones', token, body);

describe('alerting zones', () => {
  it('lists the seeded wrong-way zones in a shape the dashboard decodes', async () => {
    const response = await call(world, 'GET', '/api/organization/alerting_zones', world.tokens.media);
    const decoded = decodeAlertingZones(response.json());
    expect(decoded.dropped).toBe(0);
    expect(decoded.records.length).toBeGreaterThanOrEqual(2);
    expect(decoded.records.every((zone) => zone.typeName === 'wrong_way_driver')).toBe(true);
    expect(decoded.records.every((zone) => zone.displayName !== '' && zone.geometry.length >= 2)).toBe(true);
    expect(new Set(decoded.records.map((zone) => zone.status))).toEqual(new Set(['active', 'standby']));
  });

  it('creates a zone from the dashboard’s write payload, filters by hotspot, updates and deletes it', async () => {
    const created = await create();
    expect(created.statusCode).toBe(201);
    const zone = created.json<AlertingZoneRecord>();
    expect(zone.features[0]?.geometry).toEqual([
      { lat: 41.88, lon: -87.63 },
      { lat: 41.881, lon: -87.629 },
    ]);
    const byHotspot = await call(
      world,
      'GET',
      '/api/organization/alerting_zones?hotspot_id=HS-TEST',
      world.tokens.media,
    );
    expect(byHotspot.json<AlertingZoneRecord[]>().map((candidate) => candidate.id)).toEqual([zone.id]);
    const update = alertingZoneWritePayload({
      zoneId: zone.id,
      organizationId: world.ids.coordination,
      hotspotId: 'HS-TEST',
      path: [...path, { lat: 41.882, lng: -87.628 }],
    });
    const updated = await call(
      world,
      'PUT',
      `/api/organization/alerting_zones/${zone.id}`,
      world.tokens.admin,
      update,
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json<AlertingZoneRecord>().features[0]?.geometry).toHaveLength(3);
    const removed = await call(
      world,
      'DELETE',
      `/api/organization/alerting_zones/${zone.id}`,
      world.tokens.admin,
    );
    expect(removed.json()).toEqual({ id: zone.id });
    expect(
      (await call(world, 'DELETE', `/api/organization/alerting_zones/${zone.id}`, world.tokens.admin))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a one-point line and a wrong type with 400, writing nothing', async () => {
    const before = eventCount(world);
    const onePoint = await create({ ...createBody(), geometry: [{ lat: 41.88, lon: -87.63 }] });
    expect(onePoint.statusCode).toBe(400);
    expect(onePoint.json<{ message: string }>().message).toContain('at least 2 points');
    expect((await create({ ...createBody(), type: 'speeding' })).statusCode).toBe(400);
    expect(eventCount(world)).toBe(before);
  });

  it('answers 404 for a foreign organization', async () => {
    const response = await call(
      world,
      'GET',
      `/api/organization/alerting_zones?org_ids[]=${world.ids.coordination}`,
      world.fleetAdminToken,
    );
    expect(response.statusCode).toBe(404);
    expect(
      (await create({ ...createBody(), organization_id: world.ids.coordination }, world.fleetAdminToken))
        .statusCode,
    ).toBe(404);
  });

  const roles: [RoleName, number][] = [
    ['media', 403],
    ['user', 403],
    ['admin', 201],
    ['orgAdmin', 201],
    ['staff', 201],
  ];
  for (const [role, status] of roles) {
    it(`answers ${status} to ${role} creating a zone`, async () => {
      expect((await create(createBody(), world.tokens[role])).statusCode).toBe(status);
    });
  }
});
