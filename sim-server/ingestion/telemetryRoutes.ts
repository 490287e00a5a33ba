// `POST /api/sim/telemetry`: device telemetry from outside the process (load generators, recorded fixtures).
// The same ingestion function as the replay; provider staff only, since it writes for any organization. The body
// is parsed with the sample definition (domain/telemetry/), so ingestion does not check it twice.
import type { FastifyPluginAsync } from 'fastify';
import {
  IngestResultSchema,
  TelemetryBatchSchema,
  type TelemetryBatch,
} from '#domain/telemetry/telemetrySample';
import { contractRoute } from '../kernel/contract.ts';
import { errorSchema } from '../http/errorSchema.ts';

/** Large enough for a 50,000-sample batch. */
const TELEMETRY_BODY_LIMIT = 32 * 1024 * 1024;

export const INGEST_PERMISSIONS: readonly string[] = ['haas:manage'];

export const telemetryRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: TelemetryBatch }>(
    '/api/sim/telemetry',
    {
      bodyLimit: TELEMETRY_BODY_LIMIT,
      onRequest: [app.authenticate, app.requirePermission(INGEST_PERMISSIONS)],
      ...contractRoute({
        body: TelemetryBatchSchema,
        response: {
          202: IngestResultSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          500: errorSchema,
        },
      }),
    },
    async (request, reply) => reply.code(202).send(await app.telemetry.ingestParsed(request.body.samples)),
  );
};
