// Areas, alerting zones and closure deletions on the cable (docs/cable.md): a save reaches the owning organization's
// subscribers as `area` / `zone` with the record the REST answer carries, a delete as `area_deleted` /
// `zone_deleted` / `closure_deleted` with the id, and each decodes into the event the dashboard's live worker applies
// (domain/live/liveMessages.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLiveMessage } from '#domain/live/liveMessages';
import { DEFAULT_LIVE_SETTINGS } from '#domain/live/liveSettings';
import { alertingZoneWritePayload } from '#domain/zones/alertingZone';
import { manualClosureBody } from '#tests/helpers/closureBody';
import { connectCable, type CableClient, type CableFrame } from './support/cableClient.ts';
import { call, startLiveWorld, type LiveWorld } from './support/liveOperations.ts';

let world: LiveWorld;
let cable: CableClient;
let roadWorksCable: CableClient;
let schoolZoneType: string;

beforeAll(async () => {
  world = await startLiveWorld();
  const types = (await call(world, 'GET', '/api/ez_types', world.tokens.media)).json<
    { id: string; db_name: string }[]
  >();
  schoolZoneType = types.find((type) => type.db_name === 'school_zone')?.id ?? '';
  const address = await world.app.listen({ port: 0, host: '127.0.0.1' });
  cable = await connectCable(address, world.tokens.admin);
  await cable.subscribe(world.ids.coordination);
  roadWorksCable = await connectCable(address, world.tokens.admin);
  await roadWorksCable.subscribe(world.ids.roadWorks);
});
afterAll(async () => {
  cable.close();
  roadWorksCable.close();
  await world.harness.close();
});

const messageOf = (type: string, id: string) => (frame: CableFrame) =>
  frame.message?.type === type && frame.message.data.id === id;

const decoded = (frame: CableFrame) =>
  decodeLiveMessage(frame.message, { now: 0, settings: DEFAULT_LIVE_SETTINGS, organization: null });

describe('area and zone broadcasts', () => {
  it('sends a saved area and a deleted area to the owning organization', async () => {
    const saved = await call(world, 'POST', '/api/organization/exclusion_zone', world.tokens.admin, {
      organization_id: world.ids.coordination,
      name: 'Cable Yard',
      ez_type_id: schoolZoneType,
      point_geom: { lat: 41.8781, lon: -87.6298 },
      area_geom: null,
    });
    expect(saved.statusCode).toBe(201);
    const area = saved.json<{ id: string; name: string }>();

    const message = await cable.next(messageOf('area', area.id));
    expect(message.message?.data).toEqual(area);
    expect(decoded(message)).toMatchObject({
      type: 'AreaReceived',
      area: { id: area.id, name: 'Cable Yard' },
    });

    const deleted = await call(
      world,
      'DELETE',
      `/api/organization/exclusion_zone/${area.id}`,
      world.tokens.admin,
    );
    expect(deleted.statusCode).toBe(200);
    const removal = await cable.next(messageOf('area_deleted', area.id));
    expect(removal.message?.data).toEqual({ id: area.id, organization_id: world.ids.coordination });
    expect(decoded(removal)).toMatchObject({ type: 'AreaRemoved', areaId: area.id });
  });

  it('sends a saved zone and a deleted zone to the owning organization', async () => {
    const body = alertingZoneWritePayload({
      organizationId: world.ids.coordination,
      hotspotId: 'HS-CABLE',
      path: [
        { lat: 41.88, lng: -87.63 },
        { lat: 41.881, lng: -87.629 },
      ],
    });
    const saved = await call(world, 'POST', '/api/organization/alerting_zones', world.tokens.admin, body);
    expect(saved.statusCode).toBe(201);
    const zone = saved.json<{ id: string }>();

    const message = await cable.next(messageOf('zone', zone.id));
    expect(message.message?.data).toEqual(zone);
    expect(decoded(message)).toMatchObject({ type: 'ZoneReceived', zone: { id: zone.id } });

    const deleted = await call(
      world,
      'DELETE',
      `/api/organization/alerting_zones/${zone.id}`,
      world.tokens.admin,
    );
    expect(deleted.statusCode).toBe(200);
    const removal = await cable.next(messageOf('zone_deleted', zone.id));
    expect(decoded(removal)).toMatchObject({ type: 'ZoneRemoved', zoneId: zone.id });
  });

  it('sends a deleted closure to the owning organization, so other dashboards drop it without a list read', async () => {
    const body = manualClosureBody(world.harness.clock.now(), 'Cable closure');
    const saved = await call(
      world,
      'POST',
      `/api/organization/closure?org_ids[]=${world.ids.roadWorks}`,
      world.tokens.admin,
      body,
    );
    expect(saved.statusCode).toBe(201);
    const closure = saved.json<{ id: string }>();
    await roadWorksCable.next(messageOf('closure', closure.id));

    const deleted = await call(
      world,
      'DELETE',
      `/api/organization/closure/${closure.id}?org_ids[]=${world.ids.roadWorks}`,
      world.tokens.admin,
    );
    expect(deleted.statusCode).toBe(200);
    const removal = await roadWorksCable.next(messageOf('closure_deleted', closure.id));
    expect(removal.message?.data).toEqual({ id: closure.id, organization_id: world.ids.roadWorks });
    expect(decoded(removal)).toMatchObject({ type: 'ClosureRemoved', closureId: closure.id });
  });
});
