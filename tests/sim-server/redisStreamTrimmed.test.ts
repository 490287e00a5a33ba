// A node that falls further behind the Redis stream than the stream's length (here a cut link while devices report,
// and a stream kept to a few entries): what was trimmed before the node read it must still reach its dashboards.
// The official @anycable/core client subscribes through the node; after the cut the node finds the hole (each entry
// names the one before it), tells its clients to reconnect, and the client resumes from its stream position out of
// the log's history: every committed point once, in order.
import path from 'node:path';
import { createCable, type Cable } from '@anycable/core';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { startRedisServer, type RedisServer } from '#sim/bus/localRedisServer';
import { startCuttableLink, type CuttableLink } from './support/cuttableLink.ts';
import {
  reportStep,
  startListeningSimulator,
  type ListeningSimulator,
} from './support/listeningSimulator.ts';
import { manualClock, organizationIds, temporaryDirectory } from './support/simulatorHarness.ts';
import { firstDevicesOf, type OrganizationDevice } from './support/telemetrySamples.ts';

const STREAM_KEY = 'test:broadcasts:trimmed';
const temporary = temporaryDirectory();
const clock = manualClock();
let redis: RedisServer;
let link: CuttableLink;
let simulator: ListeningSimulator;
let devices: OrganizationDevice[];
let organizationId: string;
let cable: Cable | null = null;

beforeAll(async () => {
  redis = await startRedisServer();
  // `MAXLEN ~` trims whole nodes of the stream's radix tree; small nodes let a stream of four entries trim.
  const admin = new Redis(redis.url);
  await admin.config('SET', 'stream-node-max-entries', '2');
  admin.disconnect();
  link = await startCuttableLink(redis.port);
  simulator = await startListeningSimulator({
    databasePath: path.join(temporary.dir, 'sim.sqlite'),
    clock,
    bus: { url: `redis://127.0.0.1:${link.port}`, streamKey: STREAM_KEY, maxLength: 4 },
  });
  organizationId = organizationIds(simulator.harness.app).responders;
  devices = firstDevicesOf(simulator.harness.app, organizationId, 2);
});

afterAll(async () => {
  cable?.disconnect();
  await simulator.harness.app.close();
  await link.close();
  await redis.stop();
  temporary.remove();
});

let step = 0;
const report = () => reportStep(simulator, clock, devices, (step += 1));

/** The positions of the telemetry the log committed after `after`: what the dashboard must hear, once each. */
function committedTelemetryAfter(after: number): number[] {
  return simulator.harness.app.eventLog.db
    .prepare<[number], { seq: number }>(
      "SELECT seq FROM events WHERE seq > ? AND type IN ('PointRecorded', 'HeartbeatRecorded') ORDER BY seq",
    )
    .all(after)
    .map((row) => row.seq);
}

describe('a node further behind than the Redis stream holds', () => {
  it('resumes its dashboards from the log, so what the stream trimmed unread still arrives once, in order', async () => {
    cable = createCable(simulator.cableUrl, {
      protocol: 'actioncable-v1-ext-json',
      websocketImplementation: WebSocket,
      websocketAuthStrategy: 'sub-protocol',
      auth: { token: simulator.userToken },
      logLevel: 'error',
    });
    const channel = cable.subscribeTo('EventsChannel', { organization_id: organizationId });
    const heard: number[] = [];
    channel.on('message', (message, meta) => {
      const { type } = message as { type: string };
      const { offset } = (meta ?? {}) as { offset?: number };
      if (type === 'point' || type === 'heartbeat') heard.push(offset ?? -1);
    });
    await channel.ensureSubscribed();
    const first = await report();
    await vi.waitFor(() => expect(heard).toContain(first), { timeout: 30_000 });
    const before = heard[0] ?? first;

    // The node's link to Redis is cut while devices report: their batches are held, then appended all at once,
    // and the stream keeps only its last few by the time the node reads again.
    const cut = link.cut(1_000);
    for (let index = 0; index < 30; index += 1) await report();
    await cut;
    const last = await report();

    await vi.waitFor(() => expect(heard).toContain(last), { timeout: 30_000 });
    expect(simulator.harness.app.broadcastBus.stats().missedGaps).toBeGreaterThanOrEqual(1);
    const client = new Redis(redis.url);
    try {
      // The hole was real: the stream no longer holds the batches of the cut.
      expect(await client.xlen(STREAM_KEY)).toBeLessThan(30);
    } finally {
      client.disconnect();
    }
    expect(heard).toEqual(committedTelemetryAfter(before - 1));
  });
});
