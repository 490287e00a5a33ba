// The dashboard's cable client through a network outage: it backs off, reconnects and resubscribes, gives up after
// the last attempt, and offers the current token when it comes back.
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_RECONNECT_ATTEMPTS, reconnectDelay } from '#domain/pipeline/operators';
import { openCableConnection } from '#client/live/cableConnection.ts';
import {
  ORG,
  SILENCE_LIMIT_MS,
  TOKEN,
  connectLive,
  connections,
  createSocket,
  immediateTimers,
  observer,
  startCable,
  startOutageProxy,
  steppedTimers,
  stopCableBench,
  until,
} from './support/cableBench.ts';

afterEach(stopCableBench);

describe('cable client', () => {
  it('backs off 1 s, 2 s, 4 s, 8 s, then 10 s', () => {
    expect(Array.from({ length: 6 }, (_, attempt) => reconnectDelay(attempt))).toEqual([
      1000, 2000, 4000, 8000, 10000, 10000,
    ]);
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
});
