// The cable endpoint's hardening (issue 24, item 8), with real websocket clients on a real port: origins, one copy
// of each frame per socket, and a cap on subscriptions.
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
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
