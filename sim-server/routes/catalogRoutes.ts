// The catalogues (live §7): `GET /api/thing_types`, `GET /api/thing_subtypes`, `GET /api/ez_types`. Any signed-in
// user may read them; they are the same for every organization.
import type { FastifyPluginAsync } from 'fastify';
import { areaTypeSchema } from '../areas/areaSchema.ts';
import { errorSchema } from './errorSchema.ts';

const thingTypeSchema = {
  type: 'object',
  required: ['id', 'name', 'display_name', 'emergency'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    display_name: { type: 'string' },
    emergency: { type: 'boolean' },
  },
} as const;

const thingSubtypeSchema = {
  type: 'object',
  required: ['id', 'name', 'display_name', 'thing_type_id'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    display_name: { type: 'string' },
    thing_type_id: { type: 'string' },
  },
} as const;

export const catalogRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.eventLog;
  const listOf = (sql: string) => {
    const statement = db.prepare<[], { data: string }>(sql);
    return () => statement.all().map((row) => JSON.parse(row.data) as unknown);
  };
  const catalogues = [
    ['/api/thing_types', thingTypeSchema, listOf('SELECT data FROM thing_types ORDER BY name, id')],
    [
      '/api/thing_subtypes',
      thingSubtypeSchema,
      listOf('SELECT data FROM thing_subtypes ORDER BY thing_type_id, name'),
    ],
    ['/api/ez_types', areaTypeSchema, listOf('SELECT data FROM area_types ORDER BY id')],
  ] as const;
  for (const [url, itemSchema, list] of catalogues) {
    app.get(
      url,
      {
        onRequest: [app.authenticate],
        schema: { response: { 200: { type: 'array', items: itemSchema }, 401: errorSchema } },
      },
      async () => list(),
    );
  }
};
