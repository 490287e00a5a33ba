// EventsChannel subscriptions on the cable endpoint, with a real websocket client on a real port: which
// organizations a session may follow, how each copy is framed, duplicates, unsubscribes and malformed commands.
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  FOREIGN_ORG,
  MANAGED_ORG,
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
