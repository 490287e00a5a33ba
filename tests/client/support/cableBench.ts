// The cable client's test bench: the simulator's real cable endpoint on a real port, a relay that can cut the
// network, an observer of what the client reports, and timers the tests step by hand. Each test file calls
// `afterEach(stopCableBench)` (registering it here would run once per worker, since modules are shared).
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import type { CableSession } from '#sim/cable/broadcaster';
import { cablePlugin } from '#sim/cable/cablePlugin';
import {
  openCableConnection,
  type CableConnection,
  type CableStatus,
  type SocketLike,
  type Timers,
} from '#client/live/cableConnection.ts';
import type { LiveMessage } from '#client/live/cableFrames.ts';

export const TOKEN = 'token-of-the-dispatcher';
export const ORG = '5d0f6a8e-2b1c-4e3d-9f8a-7b6c5d4e3f2a';
export const SILENCE_LIMIT_MS = 60_000;
const SESSION: CableSession = { userId: 'dispatcher', organizationIds: new Set([ORG]) };

const apps: FastifyInstance[] = [];
const proxies: Server[] = [];
export const connections: CableConnection[] = [];

/** Closes the clients, cables and relays a test opened. */
export async function stopCableBench(): Promise<void> {
  for (const connection of connections.splice(0)) connection.close();
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await Promise.all(proxies.splice(0).map((proxy) => new Promise((resolve) => proxy.close(resolve))));
}

/**
 * A TCP relay in front of the cable that can cut every connection and refuse new ones, like a network outage.
 * It keeps its port the whole time, so no other test's server can take it over between attempts.
 */
export async function startOutageProxy(targetUrl: string) {
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

export async function startCable(
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

export const createSocket = (url: string, protocols: string[]) =>
  new WebSocket(url, protocols) as unknown as SocketLike;

/** Records what the client reports, and lets a test wait for a condition on it. */
export function observer() {
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
export async function connectLive(
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
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Timers whose reconnect callbacks run only when the test says so; the requested delays are kept. */
export function steppedTimers() {
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
export function immediateTimers(requestedDelays: number[]): Timers {
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

/**
 * A stream with offsets 1.. and a history that answers from it (the simulator's comes from SQLite): `publish`
 * broadcasts the next message, `asked` lists where each history read started.
 */
export function streamWithHistory(app: FastifyInstance) {
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
  return {
    asked,
    publish(id: string) {
      const offset = stream.length + 1;
      stream.push({ offset, id });
      app.broadcaster.broadcast(ORG, 'location', { id }, offset);
    },
  };
}
