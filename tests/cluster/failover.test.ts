// Failover under the official client (issue 35 item 7): a 2-node local cluster (scripts/cluster/localCluster.ts: its
// own Redis and PostgreSQL, replay off), `@anycable/core` on the extended protocol connected to node 2 with a known
// offset, points posted, node 2 killed with SIGKILL, more points posted to node 1 while the client is away. The
// client is given both addresses and takes the other one when it reconnects, as a dashboard behind a load balancer
// would; it must resume from its offset and hold every point posted before and after the kill exactly once, in
// offset order, counted against the positions the shared log in PostgreSQL committed. It needs nodes that share one
// log (SIM_STORE): on nodes that keep their own, it fails, saying which part of the cluster is missing.
import { createCable, type Cable, type Channel } from '@anycable/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startLocalCluster, type LocalCluster } from '../../scripts/cluster/localCluster.ts';
import { committedPointRuns, sharedLogEnd } from '../../scripts/loadtest/clusterLog.ts';
import { tokensFor, watchedDevices, type WatchedDevice } from '../../scripts/loadtest/clusterWorld.ts';
import type { OffsetRuns } from '../../scripts/loadtest/offsetRuns.ts';
import { allowing } from '../e2e/testTimes.ts';

/** How long to wait for what the client should hold before judging what it holds: a hang guard, not a budget. */
const ARRIVAL_LIMIT_MS = allowing(5_000);

let cluster: LocalCluster;
const cables: Cable[] = [];

beforeAll(async () => {
  cluster = await startLocalCluster({ nodes: 2, replay: false, env: { SIM_RETENTION_DAYS: '0' } });
}, allowing(180_000));

afterAll(async () => {
  for (const cable of cables) cable.disconnect();
  await cluster?.stop();
}, allowing(60_000));

type Heard = { offset: number; type: string };

function listen(channel: Channel) {
  const heard: Heard[] = [];
  const infos: string[] = [];
  let wake: (() => void) | null = null;
  channel.on('message', (message, meta) => {
    // The extended protocol's position; the package's types only name `id`.
    const { offset } = (meta ?? {}) as { offset?: number };
    heard.push({ offset: offset ?? -1, type: (message as { type: string }).type });
    wake?.();
  });
  channel.on('info', (info: { type: string }) => {
    infos.push(info.type);
    wake?.();
  });
  /** Waits until `done()` or the limit; the test then judges what arrived, so a miss shows what is missing. */
  const until = async (done: () => boolean) => {
    const limit = Date.now() + ARRIVAL_LIMIT_MS;
    while (!done() && Date.now() < limit)
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 250);
      });
  };
  const points = () => heard.filter((entry) => entry.type === 'point');
  return { heard, infos, points, until };
}

async function post(
  url: string,
  token: string,
  devices: readonly WatchedDevice[],
  step: number,
): Promise<void> {
  const response = await fetch(`${url}/api/sim/telemetry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      samples: devices.map((device) => ({
        device_id: device.id,
        device_type: device.type,
        kind: 'point',
        time: new Date().toISOString(),
        lat: 41.8781 + step * 0.0003,
        lng: -87.6298,
        speed: 12.5,
        course: 180,
        accuracy: 4,
        enroute: true,
        street: 'S STATE ST',
      })),
    }),
  });
  expect(response.status).toBe(202);
  expect(((await response.json()) as { accepted: number }).accepted).toBe(devices.length);
}

const positionsOf = (runs: OffsetRuns): number[] =>
  runs.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, index) => first + index));

describe('a cluster node killed under the official @anycable/core client', () => {
  it(
    'resumes on the other node from its offset: every point before and after the kill once, in offset order',
    async () => {
      const [one, two] = cluster.nodes;
      if (!one || !two) throw new Error('the cluster did not start two nodes');
      const { tokens, shared } = await tokensFor([two.url, one.url]);
      const [tokenTwo = '', tokenOne = ''] = tokens.map((own) => own[0]);
      const { organizationId, devices } = await watchedDevices(two.url, tokenTwo, 4);
      const start = await sharedLogEnd(cluster.postgresUrl);

      const cableOf = (url: string) => `${url.replace(/^http/, 'ws')}/cable`;
      const cable = createCable(cableOf(two.url), {
        protocol: 'actioncable-v1-ext-json',
        websocketImplementation: WebSocket,
        websocketAuthStrategy: 'sub-protocol',
        auth: { token: tokenTwo },
        logLevel: process.env.ANYCABLE_DEBUG ? 'debug' : 'error',
        // Every reconnect goes to node 1, keeping the query (the session id): what a load balancer does once node 2
        // stops answering. With nodes that do not share sessions, node 1's own token (the test then fails below).
        transportConfigurator: async (transport, { initial }) => {
          if (initial) return;
          const next = new URL(transport.url);
          next.host = new URL(one.url).host;
          transport.setURL(next.toString());
          transport.setToken(tokenOne, 'jid');
        },
      });
      cables.push(cable);
      const channel = cable.subscribeTo('EventsChannel', { organization_id: organizationId });
      const received = listen(channel);
      await channel.ensureSubscribed();

      // Before the kill, through node 2: the client holds these and so a known offset.
      for (let step = 1; step <= 3; step += 1) await post(two.url, tokenTwo, devices, step);
      await received.until(() => received.points().length >= 3 * devices.length);
      if (process.env.FAILOVER_DEBUG) console.log('before the kill', received.heard, received.infos);
      expect(received.points()).toHaveLength(3 * devices.length);
      const offsetBefore = received.points().at(-1)?.offset ?? -1;
      expect(offsetBefore).toBeGreaterThan(0);

      // Node 2 dies; the devices go on reporting, to node 1, while the client finds its way there.
      two.child.kill('SIGKILL');
      await two.exited;
      for (let step = 4; step <= 6; step += 1) await post(one.url, tokenOne, devices, step);
      await received.until(() => received.points().length >= 6 * devices.length);
      const last = await sharedLogEnd(cluster.postgresUrl);
      // One more after the resume, live on node 1.
      await post(one.url, tokenOne, devices, 7);
      await received.until(() => received.points().length >= 7 * devices.length);
      if (process.env.FAILOVER_DEBUG) console.log('at the end', received.heard, received.infos, cable.state);

      expect
        .soft(shared, "node 1 does not take node 2's token: the nodes do not share their sessions")
        .toBe(true);
      expect(
        start,
        'PostgreSQL holds no events table: the nodes do not share one log (SIM_STORE)',
      ).not.toBeNull();
      const committed = await committedPointRuns(
        cluster.postgresUrl,
        start ?? 0,
        devices.map((device) => device.thingId),
      );
      const expected = positionsOf(committed ?? []);
      expect(expected, 'the shared log holds every point posted, on either node').toHaveLength(
        7 * devices.length,
      );
      expect(last).toBeGreaterThan(offsetBefore);
      expect(received.infos, 'the client resumed with its history').toContain('history_received');
      expect(received.points().map((entry) => entry.offset)).toEqual(expected);
      cable.disconnect();
    },
    allowing(30_000) + 3 * ARRIVAL_LIMIT_MS,
  );
});
