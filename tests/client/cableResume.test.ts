// The dashboard's cable client resuming after a drop: the gap read from the history once and in order, from the last
// offset or the last ping, and a reload only when the history is refused.
import type { WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { openCableConnection } from '#client/live/cableConnection.ts';
import {
  ORG,
  SILENCE_LIMIT_MS,
  TOKEN,
  connectLive,
  connections,
  createSocket,
  observer,
  startCable,
  startOutageProxy,
  steppedTimers,
  stopCableBench,
  streamWithHistory,
  until,
} from './support/cableBench.ts';

afterEach(stopCableBench);

describe('cable client', () => {
  it('resumes from the last offset after a reconnect: the gap from the history, once, in order, and no reload', async () => {
    const { app, url } = await startCable(0, 60_000);
    // The stream as a log, with a history that answers from it.
    const { asked, publish } = streamWithHistory(app);
    const network = await startOutageProxy(url);
    const stepped = steppedTimers();
    const seen = observer();
    await connectLive(network.url, seen, stepped.timers);
    publish('a');
    publish('b');
    await until(() => seen.messages.length === 2);

    network.goDown();
    await until(() => stepped.pending() === 1);
    expect(seen.details.at(-1)).toEqual({ status: 'reconnecting', resumed: false, resumable: true });
    publish('c');
    publish('d');
    network.comeBack();
    stepped.runNext();
    await until(() => seen.resubscribedCount() === 1);
    publish('e');
    await until(() => seen.messages.length === 5);

    expect(asked).toEqual([{ afterOffset: 2 }]);
    expect(seen.messages.map((message) => (message.data as { id: string }).id)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
    expect(seen.resumes).toEqual([true]);
    expect(seen.details.at(-1)).toEqual({ status: 'live', resumed: true, resumable: false });
  });

  it('resumes from the last ping when no broadcast came before the drop', async () => {
    const { app, url } = await startCable(0, 20);
    const recorded: { at: number; id: string }[] = [];
    const asked: unknown[] = [];
    app.broadcaster.useHistory({
      epoch: () => 'epoch-1',
      read: (_organizationId, start) => {
        asked.push(start);
        if (!('sinceMs' in start)) return null;
        const after = recorded.filter((entry) => entry.at >= start.sinceMs);
        return {
          offsets: after.map((_entry, index) => index + 1),
          messages: after.map((entry) => JSON.stringify({ type: 'location', data: { id: entry.id } })),
          lastOffset: after.length,
        };
      },
    });
    const network = await startOutageProxy(url);
    const stepped = steppedTimers();
    const seen = observer();
    const pings: string[] = [];
    connections.push(
      openCableConnection({
        url: network.url,
        token: TOKEN,
        organizationId: ORG,
        createSocket: (socketUrl, protocols) => {
          const socket = createSocket(socketUrl, protocols);
          (socket as unknown as WebSocket).on('message', (data: Buffer) => {
            if (data.toString('utf8').includes('"ping"')) pings.push(data.toString('utf8'));
          });
          return socket;
        },
        timers: stepped.timers,
        silenceLimitMs: SILENCE_LIMIT_MS,
        ...seen,
      }),
    );
    await until(() => seen.statuses.includes('live') && pings.length >= 2);
    network.goDown();
    await until(() => stepped.pending() === 1);
    expect(seen.details.at(-1)).toMatchObject({ status: 'reconnecting', resumable: true });
    recorded.push({ at: Date.now(), id: 'while-away' });
    network.comeBack();
    stepped.runNext();
    await until(() => seen.resubscribedCount() === 1);
    expect(asked).toEqual([{ sinceMs: expect.any(Number) }]);
    expect(seen.messages.map((message) => (message.data as { id: string }).id)).toEqual(['while-away']);
    expect(seen.resumes).toEqual([true]);
  });

  it('falls back to a reload when the history is refused', async () => {
    const { app, url } = await startCable(0, 60_000);
    app.broadcaster.useHistory({ epoch: () => 'epoch-1', read: () => null });
    const network = await startOutageProxy(url);
    const stepped = steppedTimers();
    const seen = observer();
    await connectLive(network.url, seen, stepped.timers);
    app.broadcaster.broadcast(ORG, 'location', { id: 'a' }, 7);
    await until(() => seen.messages.length === 1);
    network.goDown();
    await until(() => stepped.pending() === 1);
    network.comeBack();
    stepped.runNext();
    await until(() => seen.resubscribedCount() === 1);
    expect(seen.resumes).toEqual([false]);
    expect(seen.details.at(-1)).toEqual({ status: 'live', resumed: false, resumable: false });
  });
});
