// `GET /api/wzdx/feed`: the WZDx 4.2 work-zone feed of the closures WZDx organizations publish. Public, as
// work-zone feeds are.
import type { FastifyPluginAsync } from 'fastify';
import type { ClosureJson } from '../closures/closureSchema.ts';
import { wzdxFeed } from '../closures/wzdxFeed.ts';

export const wzdxFeedRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.eventLog;
  const selectClosures = db.prepare<[], { data: string }>(`
    SELECT c.data FROM closures c JOIN organizations o ON o.id = c.organization_id
    WHERE o.is_wzdx_org = 1 ORDER BY c.id`);
  const selectSources = db.prepare<[], { data_source_id: string; organization_name: string }>(
    'SELECT id AS data_source_id, name AS organization_name FROM organizations WHERE is_wzdx_org = 1 ORDER BY id',
  );
  app.get(
    '/api/wzdx/feed',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['feed_info', 'type', 'features'],
            additionalProperties: true,
            properties: {
              feed_info: { type: 'object', additionalProperties: true },
              type: { type: 'string', enum: ['FeatureCollection'] },
              features: { type: 'array', items: { type: 'object', additionalProperties: true } },
            },
          },
        },
      },
    },
    async () =>
      wzdxFeed(
        selectClosures.all().map((row) => JSON.parse(row.data) as ClosureJson),
        selectSources.all(),
        app.clock.now(),
      ),
  );
};
