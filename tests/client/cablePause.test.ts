// The dashboard's cable client paused while a replay is shown (docs/time-travel.md "The live stream while
// replaying"): no socket and no reconnect while paused, the pause's messages from the history once and in order on
// resume, no connection banner on the way, and no pause at all against a server that could not give them back.
import { afterEach, describe, expect, it } from 'vitest';
import { ACTIONCABLE_EXT_SUBPROTOCOL } from '#domain/cable/cableProtocol';
import {
  ORG,
  connectLive,
  connections,
  createSocket,
  observer,
  startCable,
  steppedTimers,
  stopCableBench,
  streamWithHistory,
  until,
} from './support/cableBench.ts';

afterEach(stopCableBench);

const idsOf = (messages: { data: unknown }[]) =>
  messages.map((message) => (message.data as { id: string }).id);

describe('cable client paused for a replay', () => {
  it('closes the socket, reconnects nothing, and on resume takes up the stream where it stopped', async () => {
    const { app, url } = await startCable(0, 60_000);
    const stream = streamWithHistory(app);
    const stepped = steppedTimers();
    const seen = observer();
    await connectLive(url, seen, stepped.timers);
    stream.publish('a');
    await until(() => seen.messages.length === 1);

    const connection = connections.at(-1);
    if (!connection) throw new Error('no connection');
    connection.pause();
    expect(seen.details.at(-1)).toEqual({ status: 'paused', resumed: false, resumable: true });
    await until(() => app.broadcaster.subscriberCount(ORG) === 0);
    stream.publish('b');
    stream.publish('c');
    expect(stepped.pending()).toBe(0);
    expect(idsOf(seen.messages)).toEqual(['a']);

    connection.resume();
    await until(() => seen.resubscribedCount() === 1);
    stream.publish('d');
    await until(() => seen.messages.length === 4);
    expect(idsOf(seen.messages)).toEqual(['a', 'b', 'c', 'd']);
    expect(stream.asked).toEqual([{ afterOffset: 1 }]);
    expect(seen.resumes).toEqual([true]);
    // Straight from paused to live: the connection banner (reconnecting, failed) never shows for a resume.
    expect(seen.statuses.slice(-2)).toEqual(['paused', 'live']);
    expect(seen.details.at(-1)).toEqual({ status: 'live', resumed: true, resumable: false });
  });

  it('keeps streaming when the server speaks only the plain protocol, which has no history to resume from', async () => {
    const { app, url } = await startCable(0, 60_000);
    const stream = streamWithHistory(app);
    const seen = observer();
    const plainSocket = (socketUrl: string, protocols: string[]) =>
      createSocket(
        socketUrl,
        protocols.filter((protocol) => protocol !== ACTIONCABLE_EXT_SUBPROTOCOL),
      );
    await connectLive(url, seen, steppedTimers().timers, { createSocket: plainSocket });
    connections.at(-1)?.pause();
    stream.publish('a');
    await until(() => seen.messages.length === 1);
    expect(seen.statuses).not.toContain('paused');
    expect(app.broadcaster.subscriberCount(ORG)).toBe(1);
  });
});
