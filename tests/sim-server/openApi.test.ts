// The OpenAPI document served at /api/openapi.json: generated from the route schemas, it lists every route of
// the REST contract with its methods and answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/simulatorHarness.ts';

type OpenApiDocument = {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, { responses?: Record<string, unknown>; parameters?: unknown[] }>>;
};

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

/** Fastify's `/api/things/:id` is OpenAPI's `/api/things/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3 document without a token', async () => {
    const response = await harness.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApiDocument>();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('lists every /api route of the app with its methods and documented answers', async () => {
    const document = (await harness.app.inject({ url: '/api/openapi.json' })).json<OpenApiDocument>();
    // The router's own list holds the document to the app itself.
    const listed = harness.app.printRoutes({ commonPrefix: false });
    // Every path the router knows under /api, except the document itself, appears with the same methods.
    const apiRoutes = [...listed.matchAll(/^[│├└─\s]*(\/api\S*) \(([A-Z, ]+)\)$/gm)].map((match) => ({
      url: match[1] ?? '',
      methods: (match[2] ?? '').split(', ').filter((method) => method !== 'HEAD'),
    }));
    expect(apiRoutes.length).toBeGreaterThan(20);
    for (const route of apiRoutes) {
      if (route.url === '/api/openapi.json' || route.url.includes('*')) continue;
      const entry = document.paths[openApiPath(route.url)];
      expect(entry, route.url).toBeDefined();
      for (const method of route.methods) {
        const operation = entry?.[method.toLowerCase()];
        expect(operation, `${method} ${route.url}`).toBeDefined();
        expect(Object.keys(operation?.responses ?? {}).length, `${method} ${route.url}`).toBeGreaterThan(0);
      }
    }
  });

  it('documents the live-operations calls of live §7', async () => {
    const document = (await harness.app.inject({ url: '/api/openapi.json' })).json<OpenApiDocument>();
    const expected: [string, string][] = [
      ['get', '/api/organization/things'],
      ['get', '/api/organization/things_count'],
      ['put', '/api/things/{id}'],
      ['put', '/api/things/{id}/associations'],
      ['put', '/api/things/{id}/r2r'],
      ['get', '/api/things/{id}/light_intensity'],
      ['put', '/api/things/{id}/light_intensity'],
      ['get', '/api/thing_types'],
      ['get', '/api/thing_subtypes'],
      ['get', '/api/locations'],
      ['get', '/api/locations/active'],
      ['put', '/api/locations/{id}'],
      ['get', '/api/organization/closure'],
      ['post', '/api/organization/closure'],
      ['put', '/api/organization/closure/{id}'],
      ['delete', '/api/organization/closure/{id}'],
      ['get', '/api/organization/exclusion_zone'],
      ['post', '/api/organization/exclusion_zone'],
      ['put', '/api/organization/exclusion_zone/{id}'],
      ['delete', '/api/organization/exclusion_zone/{id}'],
      ['get', '/api/ez_types'],
      ['get', '/api/organization/alerting_zones'],
      ['post', '/api/organization/alerting_zones'],
      ['put', '/api/organization/alerting_zones/{id}'],
      ['delete', '/api/organization/alerting_zones/{id}'],
      ['get', '/api/version'],
    ];
    for (const [method, path] of expected) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      if (method !== 'get' || path.includes('{id}')) expect(operation?.responses, path).toHaveProperty('404');
    }
    expect(document.paths['/api/organization/closure']?.post?.responses).toHaveProperty('422');
  });
});
