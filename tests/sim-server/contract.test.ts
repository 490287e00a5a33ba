// The contract defined once (docs/contract.md): the routes validate with the valibot definitions in domain/ — a
// wrong JSON type is never coerced but answered 400 naming the field, with nothing written — and the OpenAPI
// document carries the JSON Schemas generated from the same definitions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJsonSchema } from '@valibot/to-json-schema';
import { LocationMoveSchema } from '#domain/locations/locationRecord';
import { TelemetrySampleSchema } from '#domain/telemetry/telemetrySample';
import { call, eventCount, row, startLiveWorld, type LiveWorld } from './support/liveOperations.ts';

let world: LiveWorld;

beforeAll(async () => {
  world = await startLiveWorld();
});
afterAll(async () => {
  await world.harness.close();
});

type Case = {
  method: 'PUT' | 'POST';
  path: string;
  url: () => string;
  body: Record<string, unknown>;
  field: string;
};

const activeLocationId = () =>
  row<{ id: string }>(world, 'SELECT id FROM locations WHERE is_active = 1 ORDER BY id LIMIT 1').id;
const thingId = () => row<{ id: string }>(world, 'SELECT id FROM things ORDER BY id LIMIT 1').id;

describe('a wrong JSON type is 400 naming the field, never coerced, nothing written', () => {
  const cases: Case[] = [
    {
      method: 'PUT',
      path: '/api/locations/{id}',
      url: () => `/api/locations/${activeLocationId()}`,
      body: { lat: true, lng: -87.6, organization_id: 'x' },
      field: 'lat',
    },
    {
      method: 'PUT',
      path: '/api/locations/{id}',
      url: () => `/api/locations/${activeLocationId()}`,
      body: { lat: 41.9, lng: null, organization_id: 'x' },
      field: 'lng',
    },
    {
      method: 'PUT',
      path: '/api/things/{id}',
      url: () => `/api/things/${thingId()}`,
      body: { in_service: 'true', is_publicly_alerting: true },
      field: 'in_service',
    },
    {
      method: 'PUT',
      path: '/api/things/{id}/r2r',
      url: () => `/api/things/${thingId()}/r2r`,
      body: { test_mode: 1 },
      field: 'test_mode',
    },
    {
      method: 'POST',
      path: '/api/organization/alerting_zones',
      url: () => '/api/organization/alerting_zones',
      body: {
        type: 'wrong_way_driver',
        hotspot_id: null,
        geom_type: 'polyline',
        geometry: [
          { lat: '41.9', lon: -87.6 },
          { lat: 41.91, lon: -87.6 },
        ],
      },
      field: 'geometry[0].lat',
    },
    {
      method: 'POST',
      path: '/api/organization/exclusion_zone',
      url: () => '/api/organization/exclusion_zone',
      body: { name: 'Zone', ez_type_id: '3', point_geom: { lat: 41.9, lon: false } },
      field: 'point_geom.lon',
    },
  ];
  for (const { method, path, url, body, field } of cases) {
    it(`${method} ${path}: ${field}`, async () => {
      const before = eventCount(world);
      const response = await call(world, method, url(), world.tokens.admin, body);
      expect(response.statusCode, response.body).toBe(400);
      const answer = response.json<{ error: string; message: string }>();
      expect(answer.error).toBe('bad_request');
      expect(answer.message).toContain(`${field}:`);
      expect(eventCount(world)).toBe(before);
    });
  }

  it('telemetry: a null latitude rejects the whole batch', async () => {
    const before = eventCount(world);
    const sample = {
      device_id: 'HA7-0001',
      device_type: 'ha7',
      kind: 'point',
      time: new Date(world.harness.clock.now()).toISOString(),
      lat: null,
      lng: -87.6,
      speed: 1,
      course: 0,
      accuracy: 5,
      enroute: true,
    };
    const response = await call(world, 'POST', '/api/sim/telemetry', world.tokens.staff, {
      samples: [sample],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('samples[0].lat:');
    expect(eventCount(world)).toBe(before);
  });
});

describe('the OpenAPI document', () => {
  type Operation = { requestBody?: { content: Record<string, { schema: { properties?: object } }> } };
  it('documents bodies with the JSON Schemas generated from the domain definitions', async () => {
    const document = (await world.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const bodyOf = (path: string, method: string) =>
      document.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;
    const generated = (schema: Parameters<typeof toJsonSchema>[0]) =>
      toJsonSchema(schema, { typeMode: 'input', errorMode: 'ignore' }) as { properties: object };
    expect(Object.keys(bodyOf('/api/locations/{id}', 'put')?.properties ?? {})).toEqual(
      Object.keys(generated(LocationMoveSchema).properties),
    );
    const telemetry = bodyOf('/api/sim/telemetry', 'post') as {
      properties?: { samples?: { items?: { properties?: object } } };
    };
    expect(Object.keys(telemetry?.properties?.samples?.items?.properties ?? {})).toEqual(
      Object.keys(generated(TelemetrySampleSchema).properties),
    );
  });
});
