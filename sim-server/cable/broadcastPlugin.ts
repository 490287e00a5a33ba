// Wires the cable to the event log through the bus (sim-server/bus/): committed events become one batch per
// transaction (committedBroadcasts.ts), published to the bus, and what the bus delivers is broadcast
// (busDeliveries.ts); the log is the history extended-protocol clients resume from (cableHistory.ts). The bus is the
// in-process one unless a Redis URL is given (`SIM_BUS`), whose stream is named by the log's epoch, since its entry
// ids are this log's positions. While the bus holds more than it may of what it could not append, writes are
// answered 503 with Retry-After (reads go on). Registered after the database and the cable, before anything that
// writes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sharedPlugin } from '../plugins/sharedPlugin.ts';
import { createThingAudienceReader } from '../things/thingAudience.ts';
import { createAlarmRaisedReader } from '../alarms/alarmRepository.ts';
import type { BroadcastBus } from '../bus/broadcastBus.ts';
import { parseBusSetting } from '../bus/busSetting.ts';
import { createInProcessBus } from '../bus/inProcessBus.ts';
import { createRedisStreamsBus } from '../bus/redisStreamsBus.ts';
import { createCableHistory } from './cableHistory.ts';
import { publishCommittedEvents } from './committedBroadcasts.ts';
import {
  createBatchDelivery,
  busDeliveryCodec,
  type PublishedDelivery,
  type ReceivedDelivery,
} from './busDeliveries.ts';

export type CableBus = BroadcastBus<PublishedDelivery, ReceivedDelivery>;

declare module 'fastify' {
  interface FastifyInstance {
    broadcastBus: CableBus;
  }
}

export type BroadcastPluginOptions = {
  /** `redis://host:port` for the Redis Streams bus; absent or empty, the in-process bus. */
  busUrl?: string;
  /** The Redis stream (default `sim:broadcasts:<log epoch>`). */
  busStreamKey?: string;
  /** Messages held unappended before writes are refused (bus/redisStreamsBus.ts); tests make it small. */
  busMaxHeldMessages?: number;
  /** The stream's `MAXLEN ~` (bus/redisStreamsBus.ts); tests make it small to fall behind it. */
  busMaxLength?: number;
};

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const BUS_UNAVAILABLE = 'broadcast_bus_unavailable';

function createBus(
  options: BroadcastPluginOptions,
  epoch: string,
  onError: (error: unknown) => void,
): CableBus {
  const setting = parseBusSetting(options.busUrl);
  switch (setting.kind) {
    case 'in-process':
      return createInProcessBus<PublishedDelivery>();
    case 'redis-streams':
      return createRedisStreamsBus(busDeliveryCodec, {
        url: setting.url,
        streamKey: options.busStreamKey ?? `sim:broadcasts:${epoch}`,
        onError,
        ...(options.busMaxHeldMessages === undefined ? {} : { maxHeldMessages: options.busMaxHeldMessages }),
        ...(options.busMaxLength === undefined ? {} : { maxLength: options.busMaxLength }),
      });
    default: {
      const unknown: never = setting;
      throw new Error(`unknown bus ${JSON.stringify(unknown)}`);
    }
  }
}

export const broadcastPlugin = sharedPlugin<BroadcastPluginOptions>('broadcasts', async (app, options) => {
  const things = createThingAudienceReader(app.eventLog);
  const alarms = createAlarmRaisedReader(app.eventLog.db);
  const history = createCableHistory(app.eventLog, things, undefined, alarms);
  const bus = createBus(options, history.epoch(), (error) => app.log.error({ err: error }, 'broadcast bus'));
  await bus.start();
  app.decorate('broadcastBus', bus);
  const stopListening = bus.listen(createBatchDelivery(app.broadcaster));
  // Broadcasts the stream lost before this node read them are in the log: every client resumes from its own
  // offsets there (extended protocol) or reloads by REST (the dashboard's), as after a restart (docs/scale-out.md).
  const stopHearingMissed = bus.onMissed((missed) => {
    const told = app.broadcaster.resyncAll();
    app.log.warn(
      { ...missed, told },
      'broadcast bus: entries gone from the stream unread; clients resume from the log',
    );
  });
  // Every node publishes every committed batch, the ones it replicated too: the in-process bus reaches only this
  // node's dashboards, and on Redis Streams an entry's id is its log position, so the stream keeps the first copy
  // and skips the others as already there. A node killed before its own batches reached the stream then loses
  // nothing: the other nodes append them from their replicas, in log order (docs/scale-out.md "Every node relays").
  const unsubscribe = publishCommittedEvents(app.eventLog, bus, things, alarms);
  app.broadcaster.useHistory(history);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (READ_METHODS.has(request.method)) return;
    const refusal = bus.refusal();
    if (refusal === null) return;
    return reply
      .code(503)
      .header('retry-after', String(refusal.retryAfterSeconds))
      .send({ error: BUS_UNAVAILABLE, message: refusal.reason });
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    stopListening();
    stopHearingMissed();
    await bus.close();
  });
});
