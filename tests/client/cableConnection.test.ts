// The dashboard's cable client against the simulator's real cable endpoint on a real port: it subscribes on
// welcome, delivers broadcasts, ignores pings, stops on an unauthorized token, and reconnects with backoff.
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { CableSession } from '#sim/cable/broadcaster';
import { cablePlugin } from '#sim/cable/cablePlugin';
import { MAX_RECONNECT_ATTEMPTS, reconnectDelay } from '#domain/pipeline/operators';
import {
  openCableConnection,
  type CableConnection,
  type CableStatus,
  type SocketLike,
  type Timers,
} from '#client/live/cableConnection.ts';
import type { LiveMessage } from '#client/live/cableFrames.ts';

const TOKEN = 'token-of-the-dispatcher';
const ORG = '5d0f6a8e-2b1c-4e3d-9f8a-7b6c5d4e3f2a';
const SILENCE_LIMIT_MS = 60_000;
const SESSION: CableSession = { userId: 'dispatcher', organizationIds: new Set([ORG]) };

const apps: FastifyInstance[] = [];
const proxies: Server[] = [];
const connections: CableConnection[] = [];

afterEach(async () => {
  for (const connection of connections.splice(0)) connection.close();
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await Promise.all(proxies.splice(0).map((proxy) => new Promise((resolve) => proxy.close(resolve))));
});

/**
 * A TCP relay in front of the cable that can cut every connection and refuse new ones, like a network outage.
 * It keeps its port the whole time, so no other test's server can take it over between attempts.
 */
async function startOutageProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  const pairs = new Set<[Socket, Socket]>();
  let down = false;
  const proxy = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = createConnection(Number(target.port), target.hostname);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxies.push(proxy);
  const address = proxy.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `ws://127.0.0.1:${address.port}${target.pathname}`,
    goDown() {
      down = true;
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    comeBack() {
      down = false;
    },
  };
}

async function startCable(
  port = 0,
  pingIntervalMs = 50,
  accepts: (token: string) => boolean = (token) => token === TOKEN,
): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  await app.register(cablePlugin, {
    resolveSession: (token) => (accepts(token) ? SESSION : null),
    pingIntervalMs,
    closeGraceMs: 50,
  });
  await app.listen({ port, host: '127.0.0.1' });
  apps.push(app);
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app, url: `ws://127.0.0.1:${address.port}/cable` };
}

const createSocket = (url: string, protocols: string[]) =>
  new WebSocket(url, protocols) as unknown as SocketLike;

/** Records what the client reports, and lets a test wait for a condition on it. */
function observer() {
  const statuses: CableStatus[] = [];
  const details: { status: CableStatus; resumed: boolean; resumable: boolean }[] = [];
  const messages: LiveMessage[] = [];
  const resumes: boolean[] = [];
  return {
    statuses,
    details,
    messages,
    resumes,
    resubscribedCount: () => resumes.length,
    onStatus: (status: CableStatus, detail: { resumed: boolean; resumable: boolean }) => {
      statuses.push(status);
      details.push({ status, ...detail });
    },
    onMessage: (message: LiveMessage) => messages.push(message),
    onResubscribed: (resumed: boolean) => {
      resumes.push(resumed);
    },
  };
}

/** Opens the client as the dashboard does (the test's token and organization, a short silence limit) and waits until
 * it is live; `overrides` change any option. */
async function connectLive(
  url: string,
  seen: ReturnType<typeof observer>,
  timers: Timers,
  overrides: Partial<Parameters<typeof openCableConnection>[0]> = {},
): Promise<void> {
  connections.push(
    openCableConnection({
      url,
      token: TOKEN,
      organizationId: ORG,
      createSocket,
      timers,
      silenceLimitMs: SILENCE_LIMIT_MS,
      ...seen,
      ...overrides,
    }),
  );
  await until(() => seen.statuses.includes('live'));
}

/** Waits until a condition holds, looking again every few milliseconds (the test timeout bounds it). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Timers whose reconnect callbacks run only when the test says so; the requested delays are kept. */
function steppedTimers() {
  const requested: number[] = [];
  const queue: { run: () => void; cancelled: boolean }[] = [];
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      if (ms === SILENCE_LIMIT_MS) return setTimeout(callback, ms);
      requested.push(ms);
      const entry = { run: callback, cancelled: false };
      queue.push(entry);
      return entry;
    },
    clearTimeout: (handle) => {
      if (handle && typeof handle === 'object' && 'cancelled' in handle) handle.cancelled = true;
      else clearTimeout(handle as NodeJS.Timeout);
    },
  };
  return {
    timers,
    requested,
    pending: () => queue.filter((entry) => !entry.cancelled).length,
    runNext() {
      const entry = queue.shift();
      if (entry && !entry.cancelled) entry.run();
    },
  };
}

/** Timers that run reconnects at once but remember the delays the client asked for. */
function immediateTimers(requestedDelays: number[]): Timers {
  return {
    setTimeout: (callback, ms) => {
      // The silence watchdog is left to real time (it never fires in these tests).
      if (ms === SILENCE_LIMIT_MS) return setTimeout(callback, ms);
      requestedDelays.push(ms);
      return setTimeout(callback, 0);
    },
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  };
}

describe('cable client', () => {
  it('backs off 1 s, 2 s, 4 s, 8 s, then 10 s', () => {
    expect(Array.from({ length: 6 }, (_, attempt) => reconnectDelay(attempt))).toEqual([
      1000, 2000, 4000, 8000, 10000, 10000,
    ]);
  });

  it('subscribes to the organization on welcome and delivers its broadcasts, ignoring pings', async () => {
    const { app, url } = await startCable();
    const seen = observer();
    connections.push(openCableConnection({ url, token: TOKEN, organizationId: ORG, createSocket, ...seen }));
    await until(() => seen.statuses.includes('live'));
    expect(app.broadcaster.subscriberCount(ORG)).toBe(1);

    app.broadcaster.broadcast(ORG, 'point', {
      id: 'p1',
      thing_id: 'thing-1',
      lat: 41.87,
      lng: -87.62,
      speed: 10,
      course: 45,
      accuracy: 3,
      enroute: true,
      run_id: 'run-1',
      timestamp: '2026-03-02T12:00:00.000Z',
      street: 'S State St',
    });
    app.broadcaster.broadcast(ORG, 'location', { id: 'loc-1' });
    app.broadcaster.broadcast(ORG, 'heartbeat', {
      thing_id: 'thing-1',
      heartbeat_datetime: '2026-03-02T12:00:01Z',
    });
    await until(() => seen.messages.length >= 3);
    // Pings arrive every 50 ms here; wait for a few so that ignoring them is actually exercised.
    await new Promise((resolve) => setTimeout(resolve, 200));

    // Every broadcast goes on, in order and undecoded: the domain pipeline checks each type's payload.
    expect(seen.messages.map((message) => message.type)).toEqual(['point', 'location', 'heartbeat']);
    expect(seen.messages[0]).toMatchObject({ type: 'point', data: { thing_id: 'thing-1', lat: 41.87 } });
    expect(seen.statuses).toEqual(['connecting', 'live']);
  });

  it('stops for good when the server says the token is not valid', async () => {
    const { url } = await startCable();
    const seen = observer();
    const delays: number[] = [];
    connections.push(
      openCableConnection({
        url,
        token: 'stolen-or-expired',
        organizationId: ORG,
        createSocket,
        timers: immediateTimers(delays),
        silenceLimitMs: SILENCE_LIMIT_MS,
        ...seen,
      }),
    );
    await until(() => seen.statuses.includes('unauthorized'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.statuses).toEqual(['connecting', 'unauthorized']);
    expect(delays).toEqual([]);
  });

  it('reconnects after the network drops, resubscribes, and reports it so the caller can catch up', async () => {
    const { app, url } = await startCable();
    const network = await startOutageProxy(url);
    const seen = observer();
    const stepped = steppedTimers();
    await connectLive(network.url, seen, stepped.timers);

    network.goDown();
    await until(() => seen.statuses.includes('reconnecting'));
    // Two attempts fail while the network is down.
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      await until(() => stepped.pending() === 1);
      stepped.runNext();
      await until(() => stepped.requested.length === attempt + 1);
    }
    network.comeBack();
    stepped.runNext();
    await until(() => seen.resubscribedCount() === 1);

    expect(seen.statuses.slice(-2)).toEqual(['reconnecting', 'live']);
    expect(stepped.requested).toEqual([1000, 2000, 4000]);
    await until(() => app.broadcaster.subscriberCount(ORG) === 1);

    app.broadcaster.broadcast(ORG, 'point', { thing_id: 'thing-2', lat: 41.9, lng: -87.6 });
    await until(() => seen.messages.length === 1);
    expect(seen.messages[0]).toMatchObject({ data: { thing_id: 'thing-2' } });
  });

  it(`gives up after ${MAX_RECONNECT_ATTEMPTS} failed reconnects`, async () => {
    const { url } = await startCable();
    const network = await startOutageProxy(url);
    const seen = observer();
    const delays: number[] = [];
    await connectLive(network.url, seen, immediateTimers(delays));
    network.goDown();
    await until(() => seen.statuses.includes('failed'));
    expect(delays).toHaveLength(MAX_RECONNECT_ATTEMPTS);
    expect(delays.at(-1)).toBe(10_000);
  });

  it('keeps its socket when the token is refreshed, and offers the current token when it reconnects', async () => {
    // The provider accepts only the newest token, as after a refresh that revoked the old one.
    let validToken = TOKEN;
    const { app, url } = await startCable(0, 50, (token) => token === validToken);
    const network = await startOutageProxy(url);
    const seen = observer();
    const stepped = steppedTimers();
    const offered: string[][] = [];
    let sessionToken = TOKEN;
    connections.push(
      openCableConnection({
        url: network.url,
        token: () => sessionToken,
        organizationId: ORG,
        createSocket: (socketUrl, protocols) => {
          offered.push(protocols);
          return createSocket(socketUrl, protocols);
        },
        timers: stepped.timers,
        silenceLimitMs: SILENCE_LIMIT_MS,
        ...seen,
      }),
    );
    await until(() => seen.statuses.includes('live'));

    sessionToken = 'refreshed-token';
    validToken = 'refreshed-token';
    app.broadcaster.broadcast(ORG, 'point', { thing_id: 'thing-3', lat: 41.9, lng: -87.6 });
    await until(() => seen.messages.length === 1);
    expect(offered).toHaveLength(1);
    expect(seen.statuses).toEqual(['connecting', 'live']);

    network.goDown();
    await until(() => stepped.pending() === 1);
    network.comeBack();
    stepped.runNext();
    await until(() => seen.resubscribedCount() === 1);
    expect(offered).toEqual([
      ['actioncable-v1-ext-json', 'datapumper', TOKEN],
      ['actioncable-v1-ext-json', 'datapumper', 'refreshed-token'],
    ]);
    expect(seen.statuses).toEqual(['connecting', 'live', 'reconnecting', 'live']);
  });

  it('resumes from the last offset after a reconnect: the gap from the history, once, in order, and no reload', async () => {
    const { app, url } = await startCable(0, 60_000);
    // The stream as a log: offsets 1.. and a history that answers from it (the simulator's comes from SQLite).
    const stream: { offset: number; id: string }[] = [];
    const asked: unknown[] = [];
    app.broadcaster.useHistory({
      epoch: () => 'epoch-1',
      read: (_organizationId, start) => {
        asked.push(start);
        if (!('afterOffset' in start)) return null;
        const after = stream.filter((entry) => entry.offset > start.afterOffset);
        return {
          offsets: after.map((entry) => entry.offset),
          messages: after.map((entry) => JSON.stringify({ type: 'location', data: { id: entry.id } })),
          lastOffset: stream.at(-1)?.offset ?? 0,
        };
      },
    });
    const publish = (id: string) => {
      const offset = stream.length + 1;
      stream.push({ offset, id });
      app.broadcaster.broadcast(ORG, 'location', { id }, offset);
    };
    const network = await startOutageProxy(url);
    const stepped = steppedTimers();
    const seen = observer();
    await connectLive(network.url, seen, stepped.timers);
    publish('a');
    publish('b');
    await until(() => seen.messages.length === 2);

    network.goDown();
    await until(() => stepped.pending() === 1);
    expect(seen.details.at(-1)).toEqual({ status: 'reconnecting', resumed: false, resumable: true });
    publish('c');
    publish('d');
    network.comeBack();
    stepped.runNext();
    await until(() => seen.resubscribedCount() === 1);
    publish('e');
    await until(() => seen.messages.length === 5);

    expect(asked).toEqual([{ afterOffset: 2 }]);
    expect(seen.messages.map((message) => (message.data as { id: string }).id)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
    expect(seen.resumes).toEqual([true]);
    expect(seen.details.at(-1)).toEqual({ status: 'live', resumed: true, resumable: false });
  });

  it('resumes from the last ping when no broadcast came before the drop', async () => {
    const { app, url } = await startCable(0, 20);
    const recorded: { at: number; id: string }[] = [];
    const asked: unknown[] = [];
    app.broadcaster.useHistory({
      epoch: () => 'epoch-1',
      read: (_organizationId, start) => {
        asked.push(start);
        if (!('sinceMs' in start)) return null;
        const after = recorded.filter((entry) => entry.at >= start.sinceMs);
        return {
          offsets: after.map((_entry, index) => index + 1),
          messages: after.map((entry) => JSON.stringify({ type: 'location', data: { id: entry.id } })),
          lastOffset: after.length,
        };
      },
    });
    const network = await startOutageProxy(url);
    const stepped = steppedTimers();
    const seen = observer();
    const pings: string[] = [];
    connections.push(
      openCableConnection({
        url: network.url,
        token: TOKEN,
        organizationId: ORG,
        createSocket: (socketUrl, protocols) => {
          const socket = createSocket(socketUrl, protocols);
          (socket as unknown as WebSocket).on('message', (data: Buffer) => {
            if (data.toString('utf8').includes('"ping"')) pings.push(data.toString('utf8'));
          });
          return socket;
        },
        timers: stepped.timers,
        silenceLimitMs: SILENCE_LIMIT_MS,
        ...seen,
      }),
    );
    await until(() => seen.statuses.includes('live') && pings.length >= 2);
    network.goDown();
    await until(() => stepped.pending() === 1);
    expect(seen.details.at(-1)).toMatchObject({ status: 'reconnecting', resumable: true });
    recorded.push({ at: Date.now(), id: 'while-away' });
    network.comeBack();
    stepped.runNext();
    await until(() => seen.resubscribedCount() === 1);
    expect(asked).toEqual([{ sinceMs: expect.any(Number) }]);
    expect(seen.messages.map((message) => (message.data as { id: string }).id)).toEqual(['while-away']);
    expect(seen.resumes).toEqual([true]);
  });

  it('falls back to a reload when the history is refused', async () => {
    const { app, url } = await startCable(0, 60_000);
    app.broadcaster.useHistory({ epoch: () => 'epoch-1', read: () => null });
    const network = await startOutageProxy(url);
    const stepped = steppedTimers();
    const seen = observer();
    await connectLive(network.url, seen, stepped.timers);
    app.broadcaster.broadcast(ORG, 'location', { id: 'a' }, 7);
    await until(() => seen.messages.length === 1);
    network.goDown();
    await until(() => stepped.pending() === 1);
    network.comeBack();
    stepped.runNext();
    await until(() => seen.resubscribedCount() === 1);
    expect(seen.resumes).toEqual([false]);
    expect(seen.details.at(-1)).toEqual({ status: 'live', resumed: false, resumable: false });
  });
});
