// `POST /api/sim/telemetry`: device telemetry from outside the process (load generators, recorded fixtures).
// The same ingestion function as the replay; provider staff only, since it writes for any organization.
import type { FastifyPluginAsync } from 'fastify';
import { telemetryBatchSchema, type TelemetrySample } from '../ingestion/telemetrySample.ts';
import { errorSchema } from './errorSchema.ts';

const ingestResultSchema = {
  type: 'object',
  required: ['accepted', 'unknown'],
  properties: { accepted: { type: 'integer' }, unknown: { type: 'integer' } },
} as const;

/** Large enough for a 50,000-sample batch. */
const TELEMETRY_BODY_LIMIT = 32 * 1024 * 1024;

export const INGEST_PERMISSIONS: readonly string[] = ['haas:manage'];

export const telemetryRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { samples: TelemetrySample[] } }>(
    '/api/sim/telemetry',
    {
      bodyLimit: TELEMETRY_BODY_LIMIT,
      onRequest: [app.authenticate, app.requirePermission(INGEST_PERMISSIONS)],
      schema: {
        body: telemetryBatchSchema,
        response: {
          202: ingestResultSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          500: errorSchema,
        },
      },
    },
    async (request, reply) => reply.code(202).send(app.telemetry.ingest(request.body.samples)),
  );
};
