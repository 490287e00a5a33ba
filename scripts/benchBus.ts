// Benchmark of the broadcast bus (sim-server/bus/), in-process against Redis Streams, side by side in one run.
//
//   npm run bench:bus -- [--messages 200000] [--clients 20] [--rates 5000,10000,20000] [--seconds 4]
//
// Uses SIM_BUS when it names a Redis, else starts a redis-server of its own (Debian's, as the tests do).
// 1. The bus's own ceiling: `--messages` point messages published in batches of 1, 100 and 1,000 messages (one
//    batch is one committed transaction, one stream entry): appends/s (until Redis confirmed the last XADD), live
//    reads/s (until the bus's own listener heard the last batch) and a cold read of the whole stream from its start.
// 2. The cable on one node: a cable endpoint (cablePlugin) whose broadcasts come through the bus, `--clients`
//    websocket clients in a child process (scripts/benchCable/clientsProcess.ts), each rate for `--seconds` in
//    batches every 5 ms: deliveries/s, loss, p50/p99 message-to-client latency and the server's CPU share.
// Figures on a shared 2-core machine: compare within one run.
import { fork, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { eventsChannelIdentifier } from '#domain/cable/cableProtocol';
import type { BroadcastBus } from '#sim/bus/broadcastBus';
import { createInProcessBus } from '#sim/bus/inProcessBus';
import { startRedisServer, type RedisServer } from '#sim/bus/localRedisServer';
import { createRedisStreamsBus } from '#sim/bus/redisStreamsBus';
import { createStreamReader } from '#sim/bus/streamReader';
import { decodeEntry } from '#sim/bus/streamEntries';
import {
  broadcastBatch,
  busDeliveryCodec,
  type PublishedDelivery,
  type ReceivedDelivery,
} from '#sim/cable/busDeliveries';
import { cablePlugin } from '#sim/cable/cablePlugin';
import {
  askClients,
  cpuMs,
  percentile,
  wallClockMs,
  type Measurement,
  type ToClients,
} from './benchCable/messages.ts';

type CableBus = BroadcastBus<PublishedDelivery, ReceivedDelivery>;
type BusKindName = 'in-process' | 'redis';

const ORGANIZATION_ID = '3d9f6a2e-7c41-4b8e-a0d5-6e2f1b9c8a47';
const IDENTIFIER = eventsChannelIdentifier(ORGANIZATION_ID);
const TOKEN = 'bench-token';
const TICK_MS = 5;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
let streams = 0;

function point(sequence: number, sentAt: number): PublishedDelivery {
  const data = {
    id: String(sequence),
    thing_id: `thing-${sequence % 2000}`,
    lat: 41.8781 + (sequence % 100) * 0.0001,
    lng: -87.6298 - (sequence % 100) * 0.0001,
    speed: 12.5,
    course: 270,
    accuracy: 4,
    street: 'W Jackson Blvd',
    enroute: true,
    run_id: `run-${sequence % 2000}`,
    timestamp: new Date(1_767_225_600_000 + sequence).toISOString(),
    // The clients read the last field as the moment the message was due (scripts/benchCable/clientsProcess.ts).
    sent_at: sentAt,
  };
  return { organizationIds: [ORGANIZATION_ID], offset: sequence, type: 'point', data };
}

function newBus(kind: BusKindName, redisUrl: string, maxLength: number): CableBus {
  if (kind === 'in-process') return createInProcessBus<PublishedDelivery>();
  streams += 1;
  return createRedisStreamsBus(busDeliveryCodec, {
    url: redisUrl,
    streamKey: `bench:bus:${process.pid}:${streams}`,
    maxLength,
    maxHeldMessages: Number.MAX_SAFE_INTEGER,
  });
}

async function until(done: () => boolean): Promise<void> {
  while (!done()) await sleep(1);
}

const perSecond = (count: number, ms: number) => Math.round((count * 1000) / Math.max(ms, 0.001));
const format = (value: number) => value.toLocaleString('en-US');

/** Reads a whole stream from its start on a connection of its own, decoding every entry; messages/s. */
async function coldRead(
  redisUrl: string,
  streamKey: string,
  entries: number,
  messages: number,
): Promise<number> {
  const redis = new Redis(redisUrl);
  let read = 0;
  let decoded = 0;
  const reader = createStreamReader(redis, {
    streamKey,
    count: 1_000,
    blockMs: 100,
    reconnectCheckMs: 10,
    onEntry(id, payload) {
      decoded += decodeEntry(id, payload, busDeliveryCodec).messages.length;
      read += 1;
    },
    // A cold read takes the stream as it is from its start; what was trimmed before it is not its concern.
    onMissed: () => undefined,
    onError: (error) => console.error(error),
  });
  const startedAt = performance.now();
  reader.start('0-0');
  await until(() => read >= entries);
  const ms = performance.now() - startedAt;
  await reader.stop();
  redis.disconnect();
  if (decoded !== messages) throw new Error(`cold read decoded ${decoded} of ${messages} messages`);
  return perSecond(messages, ms);
}

/** Redis's own CPU per call of each command since the last reset (`INFO commandstats`), in microseconds. */
async function redisMicrosPerCall(admin: Redis): Promise<Record<string, number>> {
  const info = await admin.info('commandstats');
  const perCall: Record<string, number> = {};
  for (const match of info.matchAll(/cmdstat_(\w+):calls=\d+,usec=\d+,usec_per_call=([\d.]+)/g))
    perCall[match[1] ?? ''] = Number(match[2]);
  return perCall;
}

async function ceiling(kind: BusKindName, redisUrl: string, messages: number, batchSize: number) {
  const entries = Math.ceil(messages / batchSize);
  const bus = newBus(kind, redisUrl, entries + 1_000);
  await bus.start();
  const admin = new Redis(redisUrl);
  await admin.config('RESETSTAT');
  const cpuAtStart = process.cpuUsage();
  let heard = 0;
  bus.listen((batch) => (heard += batch.messages.length));
  const startedAt = performance.now();
  let sequence = 0;
  for (let entry = 0; entry < entries; entry += 1) {
    const batch: PublishedDelivery[] = [];
    for (let index = 0; index < batchSize && sequence < messages; index += 1)
      batch.push(point((sequence += 1), 0));
    bus.publish({ position: sequence, messages: batch });
    // A turn now and then, as commits arrive: the appender works between them.
    if (entry % 64 === 63) await new Promise((resolve) => setImmediate(resolve));
  }
  await until(() => bus.stats().appendedBatches >= entries);
  const appendMs = performance.now() - startedAt;
  await until(() => heard >= messages);
  const liveMs = performance.now() - startedAt;
  // The node's CPU for publishing, appending, reading and decoding, the messages' own making included.
  const nodeMicrosPerMessage = (cpuMs(cpuAtStart) * 1000) / messages;
  const redisMicros = await redisMicrosPerCall(admin);
  admin.disconnect();
  const cold =
    kind === 'redis'
      ? await coldRead(redisUrl, `bench:bus:${process.pid}:${streams}`, entries, messages)
      : null;
  await bus.close();
  return { appendMs, liveMs, entries, cold, nodeMicrosPerMessage, xaddMicros: redisMicros.xadd ?? null };
}

async function printCeilings(redisUrl: string, messages: number): Promise<void> {
  console.log(`\n1. The bus's own ceiling: ${format(messages)} point messages per row`);
  console.log(
    'bus          batch  entries/s appended   messages/s appended   messages/s heard   cold read msg/s',
  );
  for (const batchSize of [1, 100, 1000]) {
    for (const kind of ['in-process', 'redis'] as const) {
      const result = await ceiling(kind, redisUrl, messages, batchSize);
      console.log(
        [
          kind.padEnd(11),
          String(batchSize).padStart(6),
          format(perSecond(result.entries, result.appendMs)).padStart(20),
          format(perSecond(messages, result.appendMs)).padStart(21),
          format(perSecond(messages, result.liveMs)).padStart(18),
          (result.cold === null ? '-' : format(result.cold)).padStart(17),
          result.nodeMicrosPerMessage.toFixed(2).padStart(16),
          (result.xaddMicros === null ? '-' : result.xaddMicros.toFixed(1)).padStart(14),
        ].join('  '),
      );
    }
  }
}

type CableRun = { kind: BusKindName; rate: number; clientCount: number; seconds: number };

async function cablePhase(run: CableRun, redisUrl: string, clients: ChildProcess) {
  const app = Fastify();
  await app.register(cablePlugin, {
    resolveSession: (token) =>
      token === TOKEN ? { userId: 'bench', organizationIds: new Set([ORGANIZATION_ID]) } : null,
    connectionCaps: { perUser: run.clientCount, perToken: run.clientCount },
  });
  const bus = newBus(run.kind, redisUrl, 100_000);
  await bus.start();
  bus.listen((batch) => broadcastBatch(app.broadcaster, batch));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `${address.replace('http', 'ws')}/cable`;
  const connect: ToClients = {
    kind: 'connect',
    url,
    protocols: ['actioncable-v1-json', TOKEN],
    identifier: IDENTIFIER,
    count: run.clientCount,
  };
  await askClients(clients, connect, 'ready');
  const startedAt = wallClockMs();
  const cpuAtStart = process.cpuUsage();
  let sent = 0;
  while (wallClockMs() - startedAt < run.seconds * 1000) {
    const due = Math.floor(((wallClockMs() - startedAt) * run.rate) / 1000);
    const batch: PublishedDelivery[] = [];
    for (; sent < due;) batch.push(point((sent += 1), startedAt + (sent * 1000) / run.rate));
    if (batch.length > 0) bus.publish({ position: sent, messages: batch });
    await sleep(TICK_MS);
  }
  const expected = sent * run.clientCount;
  let measured: Measurement = { delivered: 0, lastReceiveAt: 0, latencyHistogram: [], cpuMs: 0 };
  for (let stalled = 0; stalled < 8 && measured.delivered < expected;) {
    await sleep(250);
    const next = (await askClients(clients, { kind: 'measure' }, 'measured')) as Measurement;
    stalled = next.delivered === measured.delivered ? stalled + 1 : 0;
    measured = next;
  }
  const phaseMs = wallClockMs() - startedAt;
  const serverCpu = cpuMs(cpuAtStart) / phaseMs;
  await askClients(clients, { kind: 'disconnect' }, 'disconnected');
  await bus.close();
  await app.close();
  const seconds = Math.max(measured.lastReceiveAt - startedAt, 1) / 1000;
  return {
    deliveriesPerSecond: Math.round(measured.delivered / seconds),
    loss: expected - measured.delivered,
    p50: percentile(measured.latencyHistogram, 0.5),
    p99: percentile(measured.latencyHistogram, 0.99),
    serverCpu,
    dropped: app.broadcaster.stats().droppedFrames,
  };
}

async function printCable(redisUrl: string, rates: number[], clientCount: number, seconds: number) {
  console.log(
    `\n2. The cable on one node: ${clientCount} clients, ${seconds} s per rate, batches every ${TICK_MS} ms`,
  );
  console.log('bus           rate/s      deliveries/s     loss  dropped   p50 ms   p99 ms   server cpu');
  const clients = fork(new URL('./benchCable/clientsProcess.ts', import.meta.url), [], {
    execArgv: process.execArgv,
  });
  for (const [index, rate] of rates.entries()) {
    // The order alternates so that neither bus always runs on a warmer process.
    const kinds: BusKindName[] = index % 2 === 0 ? ['in-process', 'redis'] : ['redis', 'in-process'];
    for (const kind of kinds) {
      const result = await cablePhase({ kind, rate, clientCount, seconds }, redisUrl, clients);
      console.log(
        [
          kind.padEnd(11),
          format(rate).padStart(8),
          format(result.deliveriesPerSecond).padStart(17),
          String(result.loss).padStart(8),
          String(result.dropped).padStart(8),
          String(result.p50).padStart(8),
          String(result.p99).padStart(8),
          `${Math.round(result.serverCpu * 100)}%`.padStart(12),
        ].join(' '),
      );
    }
  }
  clients.disconnect();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      messages: { type: 'string', default: '200000' },
      clients: { type: 'string', default: '20' },
      rates: { type: 'string', default: '5000,10000,20000' },
      seconds: { type: 'string', default: '4' },
    },
  });
  const given = process.env.SIM_BUS?.trim();
  let own: RedisServer | null = null;
  if (!given) own = await startRedisServer();
  const redisUrl = given || (own?.url ?? '');
  console.log(`bus benchmark: Redis at ${redisUrl}${own ? ' (started by the benchmark)' : ''}`);
  try {
    await printCeilings(redisUrl, Number(values.messages));
    const rates = values.rates.split(',').map(Number);
    await printCable(redisUrl, rates, Number(values.clients), Number(values.seconds));
  } finally {
    await own?.stop();
  }
}

await main();
