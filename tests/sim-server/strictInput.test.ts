// Wrong JSON types are refused, never coerced (issue 17): a `null` or `true` where a number belongs answers 400
// naming the field, and the event log and the projections stay as they were. Each case is a request an attacker or
// a careless client sent to the real routes before the contract was parsed with valibot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startLiveWorld, type LiveWorld } from './support/liveOperations.ts';
import { telemetrySample } from './support/telemetrySamples.ts';

let world: LiveWorld;

beforeAll(async () => {
  world = await startLiveWorld();
});
afterAll(async () => {
  await world.harness.close();
});

const logLength = () =>
  world.app.eventLog.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM events').get()?.n ?? 0;

function activeLocation(): { id: string; organization_id: string; lat: number; lng: number } {
  const row = world.app.eventLog.db
    .prepare<[], { data: string }>('SELECT data FROM locations WHERE is_active = 1 ORDER BY id LIMIT 1')
    .get();
  if (!row) throw new Error('the seed has no active location');
  return JSON.parse(row.data) as { id: string; organization_id: string; lat: number; lng: number };
}

function aDevice(): { system_identifier: string; device_type: 'ha5' | 'ha7' | 'api' } {
  const row = world.app.eventLog.db
    .prepare<[], { system_identifier: string }>(
      "SELECT system_identifier FROM things WHERE device_type = 'ha5' ORDER BY id LIMIT 1",
    )
    .get();
  if (!row) throw new Error('the seed has no HA5 device');
  return { system_identifier: row.system_identifier, device_type: 'ha5' };
}

/** The request is refused with 400 naming every field, and nothing is written. */
async function expectRefused(send: () => Promise<{ statusCode: number; json(): unknown }>, fields: string[]) {
  const before = logLength();
  const response = await send();
  expect(response.statusCode).toBe(400);
  const { message } = response.json() as { message: string };
  for (const field of fields) expect(message).toContain(`${field}:`);
  expect(logLength()).toBe(before);
}

describe('wrong types are refused, not coerced', () => {
  it('does not move an incident to 0, 0 for {"lat":null,"lng":null}', async () => {
    const location = activeLocation();
    await expectRefused(
      () =>
        call(world, 'PUT', `/api/locations/${location.id}`, world.tokens.admin, {
          lat: null,
          lng: null,
          roadway_heading: 0,
          organization_id: location.organization_id,
        }),
      ['lat', 'lng'],
    );
    expect(activeLocation()).toMatchObject({ lat: location.lat, lng: location.lng });
  });

  it('does not take telemetry "lat": true as latitude 1', async () => {
    const sample = { ...telemetrySample(aDevice(), world.harness.clock.now()), lat: true };
    await expectRefused(
      () => call(world, 'POST', '/api/sim/telemetry', world.tokens.staff, { samples: [sample] }),
      ['samples[0].lat'],
    );
  });

  it('does not take "1" for a lane, true for a flag or a number for a text', async () => {
    await expectRefused(
      () =>
        call(world, 'PUT', `/api/things/${crypto.randomUUID()}`, world.tokens.admin, {
          in_service: 'true',
          is_publicly_alerting: 1,
          nickname: 42,
        }),
      ['in_service', 'is_publicly_alerting', 'nickname'],
    );
    await expectRefused(
      () =>
        call(world, 'POST', '/api/organization/exclusion_zone', world.tokens.admin, {
          name: 'Strict',
          ez_type_id: null,
          point_geom: { lat: '41.9', lon: false },
        }),
      ['point_geom.lat', 'point_geom.lon'],
    );
  });

  it('refuses a query whose value is not the type the definition names', async () => {
    const response = await call(world, 'GET', '/api/organization/things?page=true', world.tokens.admin);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('page');
  });
});
