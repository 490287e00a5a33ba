// `GET /api/wzdx/feed`: the WZDx 4.2 work-zone feed of the closures WZDx organizations publish. Public, as
// work-zone feeds are.
import type { FastifyPluginAsync } from 'fastify';
import { createClosureRepository } from '../closures/closureRepository.ts';
import { wzdxFeed } from '../closures/wzdxFeed.ts';

export const wzdxFeedRoutes: FastifyPluginAsync = async (app) => {
  const closures = createClosureRepository(app.eventLog.db);
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
    async () => wzdxFeed(closures.ofWzdxOrganizations(), closures.wzdxDataSources(), app.clock.now()),
  );
};
