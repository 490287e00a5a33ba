// The WZDx 4.2 feeds, public as work-zone feeds are: `GET /api/wzdx/feed`, the work-zone feed of the closures WZDx
// organizations publish, and `GET /api/wzdx/devices`, the device feed of their WZDx-enabled field devices (arrow
// boards, and work trucks while they drive a closure), read from the live state at each request.
import type { FastifyPluginAsync } from 'fastify';
import { createClosureRepository } from '../closures/closureRepository.ts';
import { wzdxDeviceFeed, wzdxFeed } from '../closures/wzdxFeed.ts';
import { createFieldDeviceRepository } from './fieldDeviceRepository.ts';

const FEED_RESPONSE = {
  type: 'object',
  required: ['feed_info', 'type', 'features'],
  additionalProperties: true,
  properties: {
    feed_info: { type: 'object', additionalProperties: true },
    type: { type: 'string', enum: ['FeatureCollection'] },
    features: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
} as const;

export const wzdxFeedRoutes: FastifyPluginAsync = async (app) => {
  const closures = createClosureRepository(app.eventLog.db);
  const devices = createFieldDeviceRepository(app.eventLog.db);
  app.get('/api/wzdx/feed', { schema: { response: { 200: FEED_RESPONSE } } }, async () =>
    wzdxFeed(closures.ofWzdxOrganizations(), closures.wzdxDataSources(), app.clock.now()),
  );
  app.get('/api/wzdx/devices', { schema: { response: { 200: FEED_RESPONSE } } }, async () => {
    const now = app.clock.now();
    return wzdxDeviceFeed(devices.devices(now), closures.wzdxDataSources(), now);
  });
};
