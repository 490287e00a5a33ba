// `POST /api/sim/locations`: the simulator's incident feed from outside the process (tests, demos), beside device
// telemetry (`/api/sim/telemetry`): a dispatch system starting, changing or ending an incident, written whole as
// the location record (domain/locations/locationRecord.ts). Provider staff only, since it writes for any
// organization. Parse, decide (locationDecider), append; the cable hears it from the log.
import type { FastifyPluginAsync } from 'fastify';
import { LocationRecordSchema, type LocationRecord } from '#domain/locations/locationRecord';
import { decideLocationReport } from './locationDecider.ts';
import { createLocationRepository } from './locationRepository.ts';
import { contractRoute } from '../kernel/contract.ts';
import { appendDecision, writeErrorResponses } from '../http/routeSupport.ts';
import { INGEST_PERMISSIONS } from '../ingestion/telemetryRoutes.ts';

export const simLocationRoutes: FastifyPluginAsync = async (app) => {
  const locations = createLocationRepository(app.eventLog.db);

  app.post<{ Body: LocationRecord }>(
    '/api/sim/locations',
    {
      onRequest: [app.authenticate, app.requirePermission(INGEST_PERMISSIONS)],
      ...contractRoute({
        body: LocationRecordSchema,
        response: { 200: LocationRecordSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const accepted = await appendDecision(app, reply, () =>
        decideLocationReport(
          {
            type: 'ReportLocation',
            location: request.body,
            organizationExists: app.organizations.byId(request.body.organization_id) !== null,
          },
          locations.byId(request.body.id),
        ),
      );
      return accepted ? (accepted[0]?.event.data as LocationRecord) : reply;
    },
  );
};
