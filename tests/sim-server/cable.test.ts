// The cable endpoint as a dashboard sees it: a real websocket client against a Fastify app on a real port.

import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { CableSession } from '#sim/cable/broadcaster';
import { cablePlugin, type CablePluginOptions } from '#sim/cable/cablePlugin';

const TOKEN = 'access-token-of-dana';
const OWN_ORG = '6f1c2a4e-0b1d-4c3e-9a57-1f0e2d3c4b5a';
const MANAGED_ORG = '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const FOREIGN_ORG = '0a1b2c3d-4e5f-4061-8293-a4b5c6d7e8f9';
const SESSION: CableSession = { userId: 'dana', organizationIds: new Set([OWN_ORG, MANAGED_ORG]) };

type Frame = Record<string, unknown>;

const identifierOf = (organizationId: string): string =>
  JSON.stringify({ channel: 'EventsChannel', organization_id: organizationId });

const subscribeCommand = (identifier: string): string => JSON.stringify({ command: 'subscribe', identifier });

/** A websocket client that queues what it receives so that tests can read frames one by one, in order. */
class TestClient {
  readonly socket: WebSocket;
  readonly closed: Promise<number>;
  private readonly inbox: Frame[] = [];
  private waiter: { resolve: (frame: Frame) => void; reject: (error: Error) => void } | null = null;
  private isClosed = false;

  constructor(socket: WebSocket, { keepPings = false } = {}) {
    this.socket = socket;
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      if (frame.type === 'ping' && !keepPings) return;
      if (this.waiter) {
        this.waiter.resolve(frame);
        this.waiter = null;
      } else {
        this.inbox.push(frame);
      }
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code) => {
        this.isClosed = true;
        this.waiter?.reject(new Error('socket closed while waiting for a frame'));
        this.waiter = null;
        resolve(code);
      });
    });
  }

  static async open(
    url: string,
    protocols: string[],
    options?: { keepPings?: boolean },
  ): Promise<TestClient> {
    const socket = new WebSocket(url, protocols);
    const client = new TestClient(socket, options);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  next(): Promise<Frame> {
    const queued = this.inbox.shift();
    if (queued) return Promise.resolve(queued);
    if (this.isClosed) return Promise.reject(new Error('socket closed'));
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  /** Everything received until the socket closed. */
  async drainUntilClosed(): Promise<Frame[]> {
    await this.closed;
    return this.inbox.splice(0);
  }

  send(text: string): void {
    this.socket.send(text);
  }
}

const apps: FastifyInstance[] = [];

async function startCable(
  overrides: Partial<CablePluginOptions> = {},
): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  await app.register(cablePlugin, {
    resolveSession: async (token) => (token === TOKEN ? SESSION : null),
    pingIntervalMs: 60_000,
    ...overrides,
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  apps.push(app);
  return { app, url: `${address.replace('http', 'ws')}/cable` };
}

/** Connects as the dashboard does, reads the welcome and subscribes to one organization. */
async function subscribedDashboard(url: string, organizationId = OWN_ORG): Promise<TestClient> {
  const client = await TestClient.open(url, ['datapumper', TOKEN]);
  expect(await client.next()).toEqual({ type: 'welcome' });
  client.send(subscribeCommand(identifierOf(organizationId)));
  expect(await client.next()).toEqual({
    identifier: identifierOf(organizationId),
    type: 'confirm_subscription',
  });
  return client;
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('cable connection', () => {
  it('welcomes a dashboard that offers datapumper and its token, and selects datapumper', async () => {
    const { url } = await startCable();
    const client = await TestClient.open(url, ['datapumper', TOKEN]);
    expect(client.socket.protocol).toBe('datapumper');
    expect(await client.next()).toEqual({ type: 'welcome' });
  });

  it('selects actioncable-v1-json for the official client that adds the token as a subprotocol', async () => {
    const { url } = await startCable();
    const client = await TestClient.open(url, ['actioncable-v1-json', TOKEN]);
    expect(client.socket.protocol).toBe('actioncable-v1-json');
    expect(await client.next()).toEqual({ type: 'welcome' });
    client.send(subscribeCommand(identifierOf(OWN_ORG)));
    expect(await client.next()).toEqual({ identifier: identifierOf(OWN_ORG), type: 'confirm_subscription' });
  });

  it('selects whichever supported subprotocol the client offered first', async () => {
    const { url } = await startCable();
    const client = await TestClient.open(url, [TOKEN, 'actioncable-v1-json', 'datapumper']);
    expect(client.socket.protocol).toBe('actioncable-v1-json');
    expect(await client.next()).toEqual({ type: 'welcome' });
  });

  it('does not take the token from the query string (issue 24: URLs end up in logs)', async () => {
    const { url } = await startCable();
    const client = await TestClient.open(`${url}?token=${TOKEN}`, ['actioncable-v1-json']);
    expect(await client.next()).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
  });

  it('pings welcomed connections with the time in unix seconds', async () => {
    const { url } = await startCable({ pingIntervalMs: 10, now: () => 1_767_225_600_750 });
    const client = await TestClient.open(url, ['datapumper', TOKEN], { keepPings: true });
    expect(await client.next()).toEqual({ type: 'welcome' });
    expect(await client.next()).toEqual({ type: 'ping', message: 1_767_225_600 });
  });

  it.each([
    ['an unknown token', ['datapumper', 'not-a-real-token']],
    ['no token at all', ['datapumper']],
  ])('turns away %s with an unauthorized disconnect and closes', async (_case, protocols) => {
    const { app, url } = await startCable();
    const client = await TestClient.open(url, protocols);
    expect(await client.next()).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
    await client.closed;
    expect(app.broadcaster.stats().disconnects.unauthorized).toBe(1);
  });

  it('turns away a connection whose session lookup fails', async () => {
    const { url } = await startCable({
      resolveSession: () => {
        throw new Error('session store is down');
      },
    });
    const client = await TestClient.open(url, ['datapumper', TOKEN]);
    expect(await client.next()).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
    await client.closed;
  });

  it('answers a plain HTTP request with 426', async () => {
    const { app } = await startCable();
    const response = await app.inject({ method: 'GET', url: '/cable' });
    expect(response.statusCode).toBe(426);
    expect(response.json()).toEqual({ error: 'websocket upgrade required' });
  });

  it('tells clients the server is going away when the app closes', async () => {
    const { app, url } = await startCable();
    const client = await subscribedDashboard(url);
    await app.close();
    expect(await client.next()).toEqual({ type: 'disconnect', reason: 'server_restart', reconnect: true });
    await client.closed;
  });
});

describe('EventsChannel subscriptions', () => {
  it('confirms an organization of the session and delivers its broadcasts framed with the identifier', async () => {
    const { app, url } = await startCable();
    const client = await subscribedDashboard(url);
    const data = { thing_id: 'thing-7', lat: 41.88, lng: -87.63, enroute: true };
    app.broadcaster.broadcast(OWN_ORG, 'heartbeat', data);
    expect(await client.next()).toEqual({
      identifier: identifierOf(OWN_ORG),
      message: { type: 'heartbeat', data },
    });
    expect(app.broadcaster.subscriberCount(OWN_ORG)).toBe(1);
  });

  it('does not deliver another organization’s broadcasts', async () => {
    const { app, url } = await startCable();
    const client = await subscribedDashboard(url);
    app.broadcaster.broadcast(FOREIGN_ORG, 'point', { id: 'foreign' });
    app.broadcaster.broadcast(MANAGED_ORG, 'point', { id: 'managed' });
    app.broadcaster.broadcast(OWN_ORG, 'point', { id: 'own' });
    expect(await client.next()).toMatchObject({ message: { type: 'point', data: { id: 'own' } } });
  });

  it('rejects an organization outside the session and channels other than EventsChannel', async () => {
    const { url } = await startCable();
    const client = await TestClient.open(url, ['datapumper', TOKEN]);
    await client.next();
    const foreign = identifierOf(FOREIGN_ORG);
    const otherChannel = JSON.stringify({ channel: 'ChatChannel', organization_id: OWN_ORG });
    client.send(subscribeCommand(foreign));
    client.send(subscribeCommand(otherChannel));
    expect(await client.next()).toEqual({ identifier: foreign, type: 'reject_subscription' });
    expect(await client.next()).toEqual({ identifier: otherChannel, type: 'reject_subscription' });
  });

  it('ignores a duplicate subscribe: one confirmation, one delivery', async () => {
    const { app, url } = await startCable();
    const client = await subscribedDashboard(url);
    client.send(subscribeCommand(identifierOf(OWN_ORG)));
    client.send(subscribeCommand(identifierOf(FOREIGN_ORG)));
    expect(await client.next()).toEqual({
      identifier: identifierOf(FOREIGN_ORG),
      type: 'reject_subscription',
    });
    app.broadcaster.broadcast(OWN_ORG, 'point', { id: 'first' });
    app.broadcaster.broadcast(OWN_ORG, 'point', { id: 'second' });
    expect(await client.next()).toMatchObject({ message: { data: { id: 'first' } } });
    expect(await client.next()).toMatchObject({ message: { data: { id: 'second' } } });
    expect(app.broadcaster.subscriberCount(OWN_ORG)).toBe(1);
  });

  it('stops delivering after unsubscribe', async () => {
    const { app, url } = await startCable();
    const client = await subscribedDashboard(url);
    client.send(JSON.stringify({ command: 'unsubscribe', identifier: identifierOf(OWN_ORG) }));
    client.send(subscribeCommand(identifierOf(MANAGED_ORG)));
    expect(await client.next()).toEqual({
      identifier: identifierOf(MANAGED_ORG),
      type: 'confirm_subscription',
    });
    app.broadcaster.broadcast(OWN_ORG, 'closure', { id: 'after-unsubscribe' });
    app.broadcaster.broadcast(MANAGED_ORG, 'closure', { id: 'managed' });
    expect(await client.next()).toMatchObject({ message: { type: 'closure', data: { id: 'managed' } } });
    expect(app.broadcaster.subscriberCount(OWN_ORG)).toBe(0);
  });

  it('ignores malformed and unknown commands without closing', async () => {
    const { url } = await startCable();
    const client = await TestClient.open(url, ['datapumper', TOKEN]);
    await client.next();
    client.send('{not json');
    client.send(JSON.stringify({ command: 'message', identifier: identifierOf(OWN_ORG), data: '{}' }));
    client.send(JSON.stringify({ command: 'subscribe' }));
    client.send(JSON.stringify([1, 2, 3]));
    client.send(subscribeCommand(identifierOf(OWN_ORG)));
    expect(await client.next()).toEqual({ identifier: identifierOf(OWN_ORG), type: 'confirm_subscription' });
  });

  it('answers a subscribe sent before the welcome once the token is resolved', async () => {
    const { url } = await startCable();
    const client = new TestClient(new WebSocket(url, ['datapumper', TOKEN]));
    client.socket.once('open', () => client.send(subscribeCommand(identifierOf(OWN_ORG))));
    expect(await client.next()).toEqual({ type: 'welcome' });
    expect(await client.next()).toEqual({ identifier: identifierOf(OWN_ORG), type: 'confirm_subscription' });
  });

  it('frames each subscriber’s copy with the identifier string it sent, whatever its key order', async () => {
    const { app, url } = await startCable();
    const dashboard = await subscribedDashboard(url);
    const official = await TestClient.open(url, ['actioncable-v1-json', TOKEN]);
    await official.next();
    const reordered = JSON.stringify({ organization_id: OWN_ORG, channel: 'EventsChannel' });
    official.send(subscribeCommand(reordered));
    expect(await official.next()).toEqual({ identifier: reordered, type: 'confirm_subscription' });

    app.broadcaster.broadcast(OWN_ORG, 'thing', { id: 'thing-1', nickname: 'Engine 4' });
    const message = { type: 'thing', data: { id: 'thing-1', nickname: 'Engine 4' } };
    expect(await dashboard.next()).toEqual({ identifier: identifierOf(OWN_ORG), message });
    expect(await official.next()).toEqual({ identifier: reordered, message });
    expect(app.broadcaster.stats()).toMatchObject({
      broadcasts: 1,
      sentFrames: 2,
      droppedFrames: 0,
      subscribersByOrganization: { [OWN_ORG]: 2 },
    });
  });
});

describe('slow consumers', () => {
  const payload = 'x'.repeat(32 * 1024);

  /**
   * Broadcasts one large message at a time and waits for the healthy client to read it, so the healthy socket never
   * holds more than a frame or two, while the paused one fills the kernel buffers and then the server's queue.
   */
  async function broadcastUntil(
    app: FastifyInstance,
    healthy: TestClient,
    done: () => boolean,
  ): Promise<{ sent: number; received: number[] }> {
    const received: number[] = [];
    let sent = 0;
    while (!done()) {
      if (sent === 5000) throw new Error('the paused subscriber was never shed');
      app.broadcaster.broadcast(OWN_ORG, 'point', { seq: sent, payload });
      sent += 1;
      const frame = (await healthy.next()) as { message: { data: { seq: number } } };
      received.push(frame.message.data.seq);
    }
    return { sent, received };
  }

  it('drops frames for a subscriber that stopped reading while a healthy one receives everything', async () => {
    const flowControl = {
      highWaterMarkBytes: 256 * 1024,
      hardLimitBytes: 2 ** 30,
      stallTimeoutMs: 3_600_000,
    };
    const { app, url } = await startCable({ flowControl });
    const healthy = await subscribedDashboard(url);
    const slow = await subscribedDashboard(url);
    slow.socket.pause();

    const { sent, received } = await broadcastUntil(
      app,
      healthy,
      () => app.broadcaster.stats().droppedFrames >= 10,
    );
    expect(received).toEqual([...Array(sent).keys()]);
    expect(app.broadcaster.stats().disconnects.slowConsumer).toBe(0);
    expect(app.broadcaster.subscriberCount(OWN_ORG)).toBe(2);

    // A command answered on the same socket comes back only after everything queued before it has been read.
    slow.socket.resume();
    slow.send(subscribeCommand(identifierOf(MANAGED_ORG)));
    const caughtUp: number[] = [];
    for (let frame = await slow.next(); frame.type !== 'confirm_subscription'; frame = await slow.next()) {
      caughtUp.push((frame as { message: { data: { seq: number } } }).message.data.seq);
    }
    const { droppedFrames } = app.broadcaster.stats();
    expect(caughtUp).toHaveLength(sent - droppedFrames);
    expect(caughtUp).toEqual([...caughtUp].sort((a, b) => a - b));

    // Having missed frames, the recovered subscriber is told to reconnect (and refetch) rather than carry on.
    app.broadcaster.broadcast(OWN_ORG, 'point', { seq: sent, payload });
    expect(await healthy.next()).toMatchObject({ message: { data: { seq: sent } } });
    expect(await slow.drainUntilClosed()).toEqual([
      { type: 'disconnect', reason: 'slow_consumer', reconnect: true },
    ]);
    expect(app.broadcaster.stats().disconnects.slowConsumer).toBe(1);
  });

  it('disconnects a subscriber over the hard limit with a slow_consumer frame', async () => {
    const flowControl = {
      highWaterMarkBytes: 256 * 1024,
      hardLimitBytes: 256 * 1024,
      stallTimeoutMs: 3_600_000,
    };
    const { app, url } = await startCable({ flowControl });
    const healthy = await subscribedDashboard(url);
    const slow = await subscribedDashboard(url);
    slow.socket.pause();

    const { sent, received } = await broadcastUntil(
      app,
      healthy,
      () => app.broadcaster.stats().disconnects.slowConsumer > 0,
    );
    expect(received).toEqual([...Array(sent).keys()]);
    expect(app.broadcaster.subscriberCount(OWN_ORG)).toBe(1);

    slow.socket.resume();
    const frames = await slow.drainUntilClosed();
    expect(frames.at(-1)).toEqual({ type: 'disconnect', reason: 'slow_consumer', reconnect: true });
  });

  it('disconnects a subscriber that stays over the high-water mark past the stall timeout', async () => {
    let clock = 1_767_225_600_000;
    const flowControl = { highWaterMarkBytes: 256 * 1024, hardLimitBytes: 2 ** 30, stallTimeoutMs: 30_000 };
    const { app, url } = await startCable({ flowControl, now: () => clock });
    const healthy = await subscribedDashboard(url);
    const slow = await subscribedDashboard(url);
    slow.socket.pause();

    await broadcastUntil(app, healthy, () => app.broadcaster.stats().droppedFrames > 0);
    expect(app.broadcaster.stats().disconnects.slowConsumer).toBe(0);

    clock += 30_001;
    app.broadcaster.broadcast(OWN_ORG, 'point', { seq: 'after the stall', payload });
    expect(await healthy.next()).toMatchObject({ message: { data: { seq: 'after the stall' } } });
    expect(app.broadcaster.stats().disconnects.slowConsumer).toBe(1);
    expect(app.broadcaster.subscriberCount(OWN_ORG)).toBe(1);
    slow.socket.resume();
    expect((await slow.drainUntilClosed()).at(-1)).toEqual({
      type: 'disconnect',
      reason: 'slow_consumer',
      reconnect: true,
    });
  });
});

describe('hardening (issue 24, item 8)', () => {
  /** The HTTP status of an upgrade the server refused, or 101 when it opened. */
  function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, ['datapumper', TOKEN], { headers });
      socket.once('open', () => {
        socket.terminate();
        resolve(101);
      });
      socket.once('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        socket.terminate();
      });
      socket.once('error', reject);
    });
  }

  it('lets in the simulator’s own origin, allowed origins and clients without one; refuses other origins', async () => {
    const { url } = await startCable({ allowedOrigins: ['http://localhost:5173'] });
    const own = new URL(url.replace(/^ws/, 'http')).origin;
    expect(await upgradeStatus(url, { Origin: own })).toBe(101);
    expect(await upgradeStatus(url, { Origin: 'http://localhost:5173' })).toBe(101);
    expect(await upgradeStatus(url, {})).toBe(101);
    expect(await upgradeStatus(url, { Origin: 'https://evil.attacker.test' })).toBe(403);
    expect(await upgradeStatus(url, { Origin: 'null' })).toBe(403);
  });

  it('gives one socket one copy of each frame: a second identifier for the same organization is rejected', async () => {
    const { app, url } = await startCable();
    const client = await subscribedDashboard(url);
    const variants = [
      JSON.stringify({ organization_id: OWN_ORG, channel: 'EventsChannel' }),
      JSON.stringify({ channel: 'EventsChannel', organization_id: OWN_ORG, n: 1 }),
    ];
    for (const variant of variants) {
      client.send(subscribeCommand(variant));
      expect(await client.next()).toEqual({ identifier: variant, type: 'reject_subscription' });
    }
    client.send(subscribeCommand(identifierOf(OWN_ORG)));
    app.broadcaster.broadcast(OWN_ORG, 'thing', { id: 'thing-1' });
    expect(await client.next()).toEqual({
      identifier: identifierOf(OWN_ORG),
      message: { type: 'thing', data: { id: 'thing-1' } },
    });
    expect(app.broadcaster.stats().sentFrames).toBe(1);
  });

  it('caps subscriptions per socket at 20 and rejects the rest', async () => {
    const organizations = Array.from(
      { length: 25 },
      (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    const { url } = await startCable({
      resolveSession: async (token) =>
        token === TOKEN ? { userId: 'dana', organizationIds: new Set(organizations) } : null,
    });
    const client = await TestClient.open(url, ['datapumper', TOKEN]);
    await client.next();
    for (const organizationId of organizations) client.send(subscribeCommand(identifierOf(organizationId)));
    const replies: unknown[] = [];
    for (const _organization of organizations) replies.push((await client.next()).type);
    expect(replies.filter((type) => type === 'confirm_subscription')).toHaveLength(20);
    expect(replies.slice(20)).toEqual(Array.from({ length: 5 }, () => 'reject_subscription'));
  });
});

describe('history read in slices (extended protocol)', () => {
  it('sends a long history slice by slice; what commits meanwhile comes once, in order, then live', async () => {
    const { app, url } = await startCable();
    const stream: { offset: number; id: string }[] = [];
    const publish = (id: string) => {
      const offset = stream.length + 1;
      stream.push({ offset, id });
      app.broadcaster.broadcast(OWN_ORG, 'location', { id }, offset);
    };
    for (let index = 0; index < 5; index += 1) publish(`before-${index}`);
    let slices = 0;
    app.broadcaster.useHistory({
      epoch: () => 'e1',
      read: () => null,
      open: (_organizationId, start) => {
        if (!('afterOffset' in start)) return null;
        let cursor = start.afterOffset;
        return {
          next: (maxPositions) => {
            slices += 1;
            // Something commits (and is broadcast live) between two slices, as the log grows during a long read.
            if (slices === 2 || slices === 3) publish(`during-${slices}`);
            const slice = stream.filter((entry) => entry.offset > cursor).slice(0, Math.min(maxPositions, 2));
            cursor = slice.at(-1)?.offset ?? cursor;
            const done = cursor >= stream.length;
            return {
              offsets: slice.map((entry) => entry.offset),
              messages: slice.map((entry) => JSON.stringify({ type: 'location', data: { id: entry.id } })),
              lastOffset: cursor,
              done,
            };
          },
        };
      },
    });
    const client = await TestClient.open(url, ['actioncable-v1-ext-json', TOKEN]);
    expect(await client.next()).toMatchObject({ type: 'welcome', sid: expect.any(String) });
    client.send(
      JSON.stringify({
        command: 'subscribe',
        identifier: identifierOf(OWN_ORG),
        history: { streams: { [`events:${OWN_ORG}`]: { epoch: 'e1', offset: 1 } } },
      }),
    );
    expect(await client.next()).toMatchObject({ type: 'confirm_subscription' });
    const heard: unknown[] = [];
    for (;;) {
      const frame = await client.next();
      if (frame.type === 'confirm_history') break;
      heard.push((frame.message as { data: { id: string } }).data.id);
    }
    publish('after');
    const live = await client.next();
    expect(heard).toEqual(['before-1', 'before-2', 'before-3', 'before-4', 'during-2', 'during-3']);
    expect(live).toMatchObject({ message: { data: { id: 'after' } }, offset: 8, epoch: 'e1' });
    expect(slices).toBeGreaterThanOrEqual(3);
  });
});
