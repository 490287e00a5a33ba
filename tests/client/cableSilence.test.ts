// The cable client's silence watchdog against the simulator's real cable endpoint: frames only note the time
// (no timer per frame), so a socket that keeps talking stays up past many silence limits, and one that falls
// quiet is dropped and reconnected.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { CableSession } from '#sim/cable/broadcaster';
import { cablePlugin } from '#sim/cable/cablePlugin';
import {
  openCableConnection,
  type CableConnection,
  type CableStatus,
  type SocketLike,
} from '#client/live/cableConnection.ts';

const TOKEN = 'token-of-the-dispatcher';
const ORG = '5d0f6a8e-2b1c-4e3d-9f8a-7b6c5d4e3f2a';
const SESSION: CableSession = { userId: 'dispatcher', organizationIds: new Set([ORG]) };
const SILENCE_LIMIT_MS = 150;

const apps: FastifyInstance[] = [];
const connections: CableConnection[] = [];

afterEach(async () => {
  for (const connection of connections.splice(0)) connection.close();
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A cable endpoint pinging every `pingIntervalMs`, and a client on it; returns the statuses the client reports. */
async function connectTo(pingIntervalMs: number): Promise<CableStatus[]> {
  const app = Fastify();
  await app.register(cablePlugin, {
    resolveSession: (token) => (token === TOKEN ? SESSION : null),
    pingIntervalMs,
    closeGraceMs: 50,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const statuses: CableStatus[] = [];
  connections.push(
    openCableConnection({
      url: `ws://127.0.0.1:${address.port}/cable`,
      token: TOKEN,
      organizationId: ORG,
      createSocket: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike,
      silenceLimitMs: SILENCE_LIMIT_MS,
      onStatus: (status) => statuses.push(status),
      onMessage: () => undefined,
    }),
  );
  return statuses;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

it('keeps a socket whose frames keep coming past several silence limits, and drops one that falls quiet', async () => {
  const chatty = await connectTo(40);
  const quiet = await connectTo(60_000);
  await until(() => chatty.includes('live') && quiet.includes('live'));
  await until(() => quiet.includes('reconnecting'));
  // Four silence limits more: the chatty socket's watchdog fires and re-arms several times meanwhile.
  await new Promise((resolve) => setTimeout(resolve, 4 * SILENCE_LIMIT_MS));

  expect(chatty).toEqual(['connecting', 'live']);
  expect(quiet.slice(0, 3)).toEqual(['connecting', 'live', 'reconnecting']);
});
