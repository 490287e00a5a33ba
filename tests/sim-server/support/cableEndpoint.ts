// The cable endpoint's test bench: a Fastify app with the cable plugin on a real port, a websocket client that reads
// frames one by one, and the dashboard's subscribe. Each test file calls `afterEach(stopCables)` (registering it
// here would run once per worker, since modules are shared).
import Fastify, { type FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import type { CableSession } from '#sim/cable/broadcaster';
import { cablePlugin, type CablePluginOptions } from '#sim/cable/cablePlugin';

export const TOKEN = 'access-token-of-dana';
export const OWN_ORG = '6f1c2a4e-0b1d-4c3e-9a57-1f0e2d3c4b5a';
export const MANAGED_ORG = '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
export const FOREIGN_ORG = '0a1b2c3d-4e5f-4061-8293-a4b5c6d7e8f9';
const SESSION: CableSession = { userId: 'dana', organizationIds: new Set([OWN_ORG, MANAGED_ORG]) };

export type Frame = Record<string, unknown>;

export const identifierOf = (organizationId: string): string =>
  JSON.stringify({ channel: 'EventsChannel', organization_id: organizationId });

export const subscribeCommand = (identifier: string): string =>
  JSON.stringify({ command: 'subscribe', identifier });

/** A websocket client that queues what it receives so that tests can read frames one by one, in order. */
export class TestClient {
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

export async function startCable(
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
export async function subscribedDashboard(url: string, organizationId = OWN_ORG): Promise<TestClient> {
  const client = await TestClient.open(url, ['datapumper', TOKEN]);
  expect(await client.next()).toEqual({ type: 'welcome' });
  client.send(subscribeCommand(identifierOf(organizationId)));
  expect(await client.next()).toEqual({
    identifier: identifierOf(organizationId),
    type: 'confirm_subscription',
  });
  return client;
}

/** Closes every cable a test started. */
export async function stopCables(): Promise<void> {
  await Promise.all(apps.splice(0).map((app) => app.close()));
}
