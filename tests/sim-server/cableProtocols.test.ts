// The cable endpoint's connection as a dashboard sees it, with a real websocket client on a real port: the
// subprotocol chosen, the token taken from it alone, pings, refusals and the goodbye when the app closes.
import { afterEach, describe, expect, it } from 'vitest';
import {
  OWN_ORG,
  TOKEN,
  TestClient,
  identifierOf,
  startCable,
  stopCables,
  subscribeCommand,
  subscribedDashboard,
} from './support/cableEndpoint.ts';

afterEach(stopCables);

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
