// The dashboard's cable client against the simulator's real cable endpoint on a real port: it subscribes to the
// organization on welcome, delivers broadcasts, ignores pings, and stops on an unauthorized token.
import { afterEach, describe, expect, it } from 'vitest';
import { openCableConnection } from '#client/live/cableConnection.ts';
import {
  ORG,
  SILENCE_LIMIT_MS,
  TOKEN,
  connections,
  createSocket,
  immediateTimers,
  observer,
  startCable,
  stopCableBench,
  until,
} from './support/cableBench.ts';

afterEach(stopCableBench);

describe('cable client', () => {
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
});
