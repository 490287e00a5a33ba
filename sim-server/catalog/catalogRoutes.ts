// The catalogues (live §7): `GET /api/thing_types`, `GET /api/thing_subtypes`, `GET /api/ez_types`. Any signed-in
// user may read them; they are the same for every organization. Records defined in domain/ (thingCatalogRecords,
// areaRecord); SQL in catalogRepository.
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { AreaTypeRecordSchema } from '#domain/areas/areaRecord';
import { ThingSubtypeRecordSchema, ThingTypeRecordSchema } from '#domain/things/thingCatalogRecords';
import { createCatalogRepository } from './catalogRepository.ts';
import { contractRoute } from '../kernel/contract.ts';
import { errorSchema } from '../http/errorSchema.ts';

export const catalogRoutes: FastifyPluginAsync = async (app) => {
  const catalog = createCatalogRepository(app.eventLog.db);
  const catalogues = [
    ['/api/thing_types', ThingTypeRecordSchema, catalog.thingTypes],
    ['/api/thing_subtypes', ThingSubtypeRecordSchema, catalog.thingSubtypes],
    ['/api/ez_types', AreaTypeRecordSchema, catalog.areaTypes],
  ] as const;
  for (const [url, itemSchema, list] of catalogues) {
    app.get(
      url,
      {
        onRequest: [app.authenticate],
        ...contractRoute({ response: { 200: v.array(itemSchema), 401: errorSchema } }),
      },
      async () => list(),
    );
  }
};
