// Caps on open cable connections per token and per user (issue 34, finding 5: 300 sockets on one token were all
// welcomed), with real websocket clients against the simulator's cable endpoint and its real sign-in.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONNECTION_CAPS } from '#sim/cable/connectionCaps';
import { TestClient } from './support/cableEndpoint.ts';
import { signIn, startHarness, type Harness } from './support/simulatorHarness.ts';

const TOO_MANY = { type: 'disconnect', reason: 'too_many_connections', reconnect: true };

let harness: Harness | null = null;
let app: Harness['app'];
const clients: TestClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.terminate();
  await harness?.close();
  harness = null;
});

async function cableOf(options: Parameters<typeof startHarness>[0] = {}): Promise<string> {
  harness = await startHarness(options);
  app = harness.app;
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return `${address.replace(/^http/, 'ws')}/cable`;
}

/** Opens a dashboard's socket and returns its first frame: the welcome, or why it was turned away. */
async function open(url: string, token: string): Promise<{ client: TestClient; first: unknown }> {
  const client = await TestClient.open(url, ['datapumper', token]);
  clients.push(client);
  return { client, first: await client.next() };
}

describe('cable connections per token and per user', () => {
  it('welcomes as many tabs as the default cap per token, turns the next away, and lets one in once a tab closes', async () => {
    const url = await cableOf();
    const token = (await signIn(app, 'user@demo.test')).access_token;
    const tabs: TestClient[] = [];
    for (let tab = 0; tab < DEFAULT_CONNECTION_CAPS.perToken; tab += 1) {
      const { client, first } = await open(url, token);
      expect(first).toEqual({ type: 'welcome' });
      tabs.push(client);
    }

    const extra = await open(url, token);
    expect(extra.first).toEqual(TOO_MANY);
    await extra.client.closed;
    expect(app.broadcaster.stats().disconnects.tooManyConnections).toBe(1);

    const closing = tabs[0];
    closing?.socket.close();
    await closing?.closed;
    await expect.poll(() => app.broadcaster.stats().connections).toBe(tabs.length - 1);
    expect((await open(url, token)).first).toEqual({ type: 'welcome' });
  });

  it('caps a user over all their tokens, and nobody else', async () => {
    const url = await cableOf({ cableConnectionCaps: { perUser: 3, perToken: 2 } });
    const first = (await signIn(app, 'user@demo.test')).access_token;
    const second = (await signIn(app, 'user@demo.test')).access_token;
    const someoneElse = (await signIn(app, 'staff@demo.test')).access_token;
    expect(second).not.toBe(first);

    expect((await open(url, first)).first).toEqual({ type: 'welcome' });
    expect((await open(url, first)).first).toEqual({ type: 'welcome' });
    expect((await open(url, first)).first).toEqual(TOO_MANY);
    expect((await open(url, second)).first).toEqual({ type: 'welcome' });
    expect((await open(url, second)).first).toEqual(TOO_MANY);
    expect((await open(url, someoneElse)).first).toEqual({ type: 'welcome' });
    expect((await open(url, someoneElse)).first).toEqual({ type: 'welcome' });
  });
});
