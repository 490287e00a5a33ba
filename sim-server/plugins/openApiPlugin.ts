// The OpenAPI document of the simulator's REST contract, generated from the route schemas (@fastify/swagger in
// dynamic mode) and served at `/api/openapi.json`, so other clients can be built against the same contract.
// Register it before the route plugins: it collects each route as it is added.
import fs from 'node:fs';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import { repoRoot } from '../kernel/paths.ts';
import { sharedPlugin } from './sharedPlugin.ts';

export const OPENAPI_PATH = '/api/openapi.json';

export const openApiPlugin = sharedPlugin('openapi', async (app) => {
  const { version = '0.0.0' } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version?: string;
  };
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Fleet operations simulator',
        description: 'The provider contract as the simulator speaks it; see docs/contract.md.',
        version,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
  });
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        hide: true,
        response: { 200: { type: 'object', additionalProperties: true } },
      },
    },
    async () => app.swagger(),
  );
});
