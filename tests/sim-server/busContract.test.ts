// The bus contract (sim-server/bus/), one suite run against both implementations: the in-process bus and the Redis
// Streams bus on a redis-server of the test's own. A published batch reaches every listener once, in publish order,
// with its log position and its messages as the cable would have broadcast them (what a message says survives the
// wire's codec, tabs and newlines included); an unsubscribed listener hears nothing more; a healthy bus refuses no
// writes and holds nothing once delivered.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BroadcastBus, CommittedBatch } from '#sim/bus/broadcastBus';
import { createInProcessBus } from '#sim/bus/inProcessBus';
import { createRedisStreamsBus } from '#sim/bus/redisStreamsBus';
import { busDeliveryCodec, type PublishedDelivery, type ReceivedDelivery } from '#sim/cable/busDeliveries';
import { broadcastMessageJson } from '#sim/cable/protocol';
import { startRedisServer, type RedisServer } from '#sim/bus/localRedisServer';

type CableBus = BroadcastBus<PublishedDelivery, ReceivedDelivery>;

let redis: RedisServer;
let streams = 0;
const opened: CableBus[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await Promise.all(opened.map((bus) => bus.close()));
  await redis.stop();
});

const implementations: { name: string; create: () => CableBus }[] = [
  { name: 'in-process', create: () => createInProcessBus<PublishedDelivery>() },
  {
    name: 'Redis Streams',
    create: () =>
      createRedisStreamsBus(busDeliveryCodec, { url: redis.url, streamKey: `contract:${(streams += 1)}` }),
  },
];

/** A message as a dashboard would receive it: its organizations, its offset, its `{type,data}` JSON. */
const asBroadcast = (delivery: ReceivedDelivery) => ({
  organizationIds: [...delivery.organizationIds],
  offset: delivery.offset,
  json: 'json' in delivery ? delivery.json : broadcastMessageJson(delivery.type, delivery.data),
});

function point(offset: number, organizationIds: string[] = ['org-a']): PublishedDelivery {
  const data = { id: String(offset), thing_id: 'thing-1', lat: 41.88, lng: -87.63, street: 'S STATE ST' };
  return { organizationIds, offset, type: 'point', data };
}

async function startedBus(create: () => CableBus) {
  const bus = create();
  opened.push(bus);
  await bus.start();
  const heard: CommittedBatch<ReceivedDelivery>[] = [];
  const stop = bus.listen((batch) => heard.push(batch));
  return { bus, heard, stop };
}

describe.each(implementations)('the $name bus', ({ create }) => {
  it('delivers each batch once, in order, with its position and its messages as published', async () => {
    const { bus, heard } = await startedBus(create);
    const batches: CommittedBatch<PublishedDelivery>[] = [
      { position: 3, messages: [point(2, ['org-a', 'org-b']), point(3)] },
      {
        position: 7,
        messages: [
          {
            organizationIds: ['org-b'],
            offset: 7,
            type: 'closure',
            data: { id: 'c-1', name: 'Tab\there, newline\nthere, quote " and é', points: [[1, 2]] },
          },
          {
            organizationIds: ['org-b'],
            offset: 7,
            type: 'alarm',
            data: { id: 'a-1', nested: { empty: [] } },
          },
        ],
      },
      { position: 9, messages: [point(9, ['org-a', 'org-b', 'org-c'])] },
    ];
    for (const batch of batches) bus.publish(batch);
    await vi.waitFor(() => expect(heard).toHaveLength(3), { timeout: 10_000 });
    expect(heard.map((batch) => batch.position)).toEqual([3, 7, 9]);
    expect(heard.map((batch) => batch.messages.map(asBroadcast))).toEqual(
      batches.map((batch) => batch.messages.map(asBroadcast)),
    );
  });

  it('keeps the order of thousands of batches, published in one turn and across turns, each once', async () => {
    const { bus, heard } = await startedBus(create);
    for (let position = 1; position <= 2_000; position += 1)
      bus.publish({ position, messages: [point(position)] });
    await vi.waitFor(() => expect(heard.length).toBeGreaterThanOrEqual(2_000), { timeout: 20_000 });
    for (let position = 2_001; position <= 2_500; position += 1) {
      bus.publish({ position, messages: [point(position)] });
      if (position % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await vi.waitFor(() => expect(heard.length).toBeGreaterThanOrEqual(2_500), { timeout: 20_000 });
    expect(heard.map((batch) => batch.position)).toEqual(Array.from({ length: 2_500 }, (_, i) => i + 1));
    expect(heard.map((batch) => batch.messages[0]?.offset)).toEqual(heard.map((batch) => batch.position));
  });

  it('stops delivering to a listener that unsubscribed, and keeps delivering to the others', async () => {
    const { bus, heard, stop } = await startedBus(create);
    const other: number[] = [];
    bus.listen((batch) => other.push(batch.position));
    bus.publish({ position: 1, messages: [point(1)] });
    await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: 10_000 });
    stop();
    bus.publish({ position: 2, messages: [point(2)] });
    await vi.waitFor(() => expect(other).toEqual([1, 2]), { timeout: 10_000 });
    expect(heard.map((batch) => batch.position)).toEqual([1]);
  });

  it('refuses no writes while it can append, and holds nothing once it has delivered', async () => {
    const { bus, heard } = await startedBus(create);
    bus.publish({ position: 5, messages: [point(5), point(5, ['org-b'])] });
    await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: 10_000 });
    expect(bus.refusal()).toBeNull();
    expect(bus.stats()).toMatchObject({
      connected: true,
      heldBatches: 0,
      heldMessages: 0,
      appendedBatches: 1,
    });
  });
});
