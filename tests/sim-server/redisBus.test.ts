// The cable on the Redis Streams bus, against a redis-server of the test's own and a real simulator on a real
// port: a committed point reaches a subscribed dashboard through the stream (its entry id is the point's log
// position); a Redis restart mid-stream and a 10 s cut of the node's link to Redis lose and repeat nothing, counted
// by offset against the log's own committed points; while the cut holds more than the bus may keep, writes answer
// 503 with Retry-After (never 500) and reads go on.
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { BUS_UNAVAILABLE } from '#sim/cable/broadcastPlugin';
import { startCuttableLink, type CuttableLink } from './support/cuttableLink.ts';
import {
  reportStep,
  startListeningSimulator,
  type ListeningSimulator,
} from './support/listeningSimulator.ts';
import { startRedisServer, type RedisServer } from '#sim/bus/localRedisServer';
import {
  manualClock,
  organizationIds,
  temporaryDirectory,
  type ManualClock,
} from './support/simulatorHarness.ts';
import { firstDevicesOf, telemetrySample, type OrganizationDevice } from './support/telemetrySamples.ts';

let redis: RedisServer;
let link: CuttableLink | null = null;
let simulator: ListeningSimulator | null = null;
const temporary = temporaryDirectory();
let runs = 0;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await simulator?.harness.app.close();
  simulator = null;
  await link?.close();
  link = null;
});
afterAll(async () => {
  await redis.stop();
  temporary.remove();
});

type Watched = {
  simulator: ListeningSimulator;
  devices: OrganizationDevice[];
  /** Point offsets (log positions) in the order the dashboard received them. */
  received: number[];
  /** Point positions the log committed, as its own subscriber heard them: what must arrive, once each. */
  committed: number[];
  step: number;
  clock: ManualClock;
};

/** A simulator on the Redis bus (through `url`), a plain dashboard client subscribed to the responders. */
async function watchedSimulator(bus: { url: string; maxHeldMessages?: number }): Promise<Watched> {
  runs += 1;
  const clock = manualClock();
  simulator = await startListeningSimulator({
    databasePath: path.join(temporary.dir, `sim-${runs}.sqlite`),
    clock,
    bus: { ...bus, streamKey: `test:broadcasts:${runs}` },
  });
  const { app } = simulator.harness;
  const organizationId = organizationIds(app).responders;
  const watched: Watched = {
    simulator,
    devices: firstDevicesOf(app, organizationId, 3),
    received: [],
    committed: [],
    step: 0,
    clock,
  };
  app.eventLog.subscribe((events) => {
    for (const { event } of events) if (event.type === 'PointRecorded') watched.committed.push(event.seq);
  });
  const socket = new WebSocket(simulator.cableUrl, ['datapumper', simulator.userToken]);
  const identifier = JSON.stringify({ channel: 'EventsChannel', organization_id: organizationId });
  let confirmed: () => void = () => undefined;
  const subscribed = new Promise<void>((resolve) => (confirmed = resolve));
  socket.on('message', (data: Buffer) => {
    const frame = JSON.parse(data.toString()) as {
      type?: string;
      message?: { type: string; data: { id?: string } };
    };
    if (frame.type === 'welcome') socket.send(JSON.stringify({ command: 'subscribe', identifier }));
    if (frame.type === 'confirm_subscription') confirmed();
    if (frame.message?.type === 'point') watched.received.push(Number(frame.message.data.id));
  });
  socket.on('error', () => undefined);
  sockets.push(socket);
  await subscribed;
  return watched;
}

async function report(watched: Watched): Promise<number> {
  watched.step += 1;
  return reportStep(watched.simulator, watched.clock, watched.devices, watched.step);
}

/** Waits until the dashboard has every committed point, then sends one more step and waits for it: had anything
 * been appended twice, the stream (read in order) would have brought it before that last step. */
async function expectEachCommittedPointOnce(watched: Watched): Promise<void> {
  const timeout = { timeout: 30_000, interval: 50 };
  await vi.waitFor(() => expect(new Set(watched.received)).toEqual(new Set(watched.committed)), timeout);
  await report(watched);
  await vi.waitFor(() => expect(new Set(watched.received)).toEqual(new Set(watched.committed)), timeout);
  expect(watched.received).toHaveLength(watched.committed.length);
  expect(watched.received).toEqual([...watched.committed].sort((a, b) => a - b));
}

describe('the cable on the Redis Streams bus', () => {
  it('brings a committed point to a subscribed dashboard through the stream, at its log position', async () => {
    const watched = await watchedSimulator({ url: redis.url });
    const { app } = watched.simulator.harness;
    expect(app.broadcastBus.kind).toBe('redis-streams');
    const lastSeq = await report(watched);
    await vi.waitFor(() => expect(watched.received).toContain(lastSeq), { timeout: 10_000 });
    const client = new Redis(redis.url);
    try {
      const entries = await client.xrange(`test:broadcasts:${runs}`, '-', '+');
      expect(entries.map(([id]) => id)).toContain(`${lastSeq}-0`);
    } finally {
      client.disconnect();
    }
    expect(app.broadcastBus.stats()).toMatchObject({ connected: true, heldBatches: 0 });
  });

  it('loses and repeats nothing when Redis restarts mid-stream', async () => {
    const watched = await watchedSimulator({ url: redis.url });
    for (let step = 0; step < 5; step += 1) await report(watched);
    let restarted = false;
    const restart = redis.restart().then(() => (restarted = true));
    // Points keep coming before, during and after the restart; none of them may be refused.
    while (!restarted) await report(watched);
    await restart;
    for (let step = 0; step < 5; step += 1) await report(watched);
    await expectEachCommittedPointOnce(watched);
    expect(watched.simulator.harness.app.broadcastBus.stats().reconnects).toBeGreaterThanOrEqual(2);
  });

  it('holds what a 10 s cut could not append, refuses writes past its cap with 503, and resumes', async () => {
    link = await startCuttableLink(redis.port);
    const watched = await watchedSimulator({ url: `redis://127.0.0.1:${link.port}`, maxHeldMessages: 12 });
    const { app } = watched.simulator.harness;
    for (let step = 0; step < 3; step += 1) await report(watched);
    await vi.waitFor(() => expect(watched.received).toHaveLength(watched.committed.length));
    const cut = link.cut(10_000);
    const statuses: number[] = [];
    let refused: { retryAfter: unknown; body: unknown } | null = null;
    while (refused === null && statuses.length < 100) {
      watched.step += 1;
      watched.clock.advance(1_000);
      const response = await app.inject({
        method: 'POST',
        url: '/api/sim/telemetry',
        headers: { authorization: `Bearer ${watched.simulator.staffToken}` },
        payload: {
          samples: watched.devices.map((device) =>
            telemetrySample(device, watched.clock.now(), { lat: 41.8781 + watched.step * 0.0003 }),
          ),
        },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 503)
        refused = { retryAfter: response.headers['retry-after'], body: response.json() };
    }
    expect(statuses.filter((status) => status === 202).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 202 || status === 503)).toBe(true);
    expect(refused).toMatchObject({ retryAfter: '1', body: { error: BUS_UNAVAILABLE } });
    expect((await app.inject({ method: 'GET', url: '/api/version' })).statusCode).toBe(200);
    expect(app.broadcastBus.stats().heldMessages).toBeGreaterThan(12);
    await cut;
    await expectEachCommittedPointOnce(watched);
    expect(app.broadcastBus.refusal()).toBeNull();
    expect(app.broadcastBus.stats()).toMatchObject({ connected: true, heldBatches: 0 });
  });
});
