// A connection's first seconds on the cable (real sockets): while its page loads, a subscriber that has not read is
// held to the hard limit only, so its first load is not cut; once the opening is over the high-water mark applies.
import { afterEach, describe, expect, it } from 'vitest';
import { OWN_ORG, startCable, stopCables, subscribedDashboard } from './support/cableEndpoint.ts';

afterEach(stopCables);

describe('a connection in its opening seconds', () => {
  it('gets frames past the high-water mark without a drop, and only after its opening is held to the mark', async () => {
    let clock = 1_000_000;
    const highWaterMarkBytes = 256 * 1024;
    const { app, url } = await startCable({
      now: () => clock,
      flowControl: {
        highWaterMarkBytes,
        hardLimitBytes: 2 ** 30,
        stallTimeoutMs: 3_600_000,
        openingMs: 20_000,
      },
    });
    const healthy = await subscribedDashboard(url);
    const loading = await subscribedDashboard(url);
    loading.socket.pause();
    const payload = 'x'.repeat(32 * 1024);
    const mostUnread = () =>
      Math.max(...[...app.websocketServer.clients].map((socket) => socket.bufferedAmount));
    let sent = 0;
    const broadcast = async () => {
      app.broadcaster.broadcast(OWN_ORG, 'point', { seq: sent, payload });
      sent += 1;
      await healthy.next();
    };

    // Well past the mark: nothing dropped, nobody cut.
    while (mostUnread() <= 4 * highWaterMarkBytes) {
      if (sent === 5000) throw new Error('the paused socket never held more than the mark');
      await broadcast();
    }
    expect(app.broadcaster.stats().droppedFrames).toBe(0);
    expect(app.broadcaster.stats().disconnects.slowConsumer).toBe(0);

    // The opening is over: the next batch finds the socket over the mark and is dropped.
    clock += 20_000;
    await broadcast();
    expect(app.broadcaster.stats().droppedFrames).toBe(1);
  });
});
