// Slow consumers on the cable endpoint, with real websocket clients on a real port: a subscriber that stops reading
// loses frames or is disconnected, while a healthy one receives everything; with the default limits it never holds
// more than its budget (issue 34, finding 10).
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { STUCK_CONNECTION_BUDGET_BYTES } from '#sim/cable/flowControl';
import { kernelSendBufferBytes } from '#sim/cable/kernelSendBuffer';
import {
  MANAGED_ORG,
  OWN_ORG,
  identifierOf,
  startCable,
  stopCables,
  subscribeCommand,
  subscribedDashboard,
  type TestClient,
} from './support/cableEndpoint.ts';

afterEach(stopCables);

describe('slow consumers', () => {
  const payload = 'x'.repeat(32 * 1024);

  /**
   * Broadcasts one large message at a time and waits for the healthy client to read it, so the healthy socket never
   * holds more than a frame or two, while the paused one fills the kernel buffers and then the server's queue.
   */
  async function broadcastUntil(
    app: FastifyInstance,
    healthy: TestClient,
    done: () => boolean,
  ): Promise<{ sent: number; received: number[] }> {
    const received: number[] = [];
    let sent = 0;
    while (!done()) {
      if (sent === 5000) throw new Error('the paused subscriber was never shed');
      app.broadcaster.broadcast(OWN_ORG, 'point', { seq: sent, payload });
      sent += 1;
      const frame = (await healthy.next()) as { message: { data: { seq: number } } };
      received.push(frame.message.data.seq);
    }
    return { sent, received };
  }

  it('drops frames for a subscriber that stopped reading while a healthy one receives everything', async () => {
    const flowControl = {
      highWaterMarkBytes: 256 * 1024,
      hardLimitBytes: 2 ** 30,
      stallTimeoutMs: 3_600_000,
      openingMs: 0,
    };
    const { app, url } = await startCable({ flowControl });
    const healthy = await subscribedDashboard(url);
    const slow = await subscribedDashboard(url);
    slow.socket.pause();

    const { sent, received } = await broadcastUntil(
      app,
      healthy,
      () => app.broadcaster.stats().droppedFrames >= 10,
    );
    expect(received).toEqual([...Array(sent).keys()]);
    expect(app.broadcaster.stats().disconnects.slowConsumer).toBe(0);
    expect(app.broadcaster.subscriberCount(OWN_ORG)).toBe(2);

    // A command answered on the same socket comes back only after everything queued before it has been read.
    slow.socket.resume();
    slow.send(subscribeCommand(identifierOf(MANAGED_ORG)));
    const caughtUp: number[] = [];
    for (let frame = await slow.next(); frame.type !== 'confirm_subscription'; frame = await slow.next()) {
      caughtUp.push((frame as { message: { data: { seq: number } } }).message.data.seq);
    }
    const { droppedFrames } = app.broadcaster.stats();
    expect(caughtUp).toHaveLength(sent - droppedFrames);
    expect(caughtUp).toEqual([...caughtUp].sort((a, b) => a - b));

    // Having missed frames, the recovered subscriber is told to reconnect (and refetch) rather than carry on.
    app.broadcaster.broadcast(OWN_ORG, 'point', { seq: sent, payload });
    expect(await healthy.next()).toMatchObject({ message: { data: { seq: sent } } });
    expect(await slow.drainUntilClosed()).toEqual([
      { type: 'disconnect', reason: 'slow_consumer', reconnect: true },
    ]);
    expect(app.broadcaster.stats().disconnects.slowConsumer).toBe(1);
  });

  it('disconnects a subscriber over the hard limit with a slow_consumer frame', async () => {
    const flowControl = {
      highWaterMarkBytes: 256 * 1024,
      hardLimitBytes: 256 * 1024,
      stallTimeoutMs: 3_600_000,
      openingMs: 0,
    };
    const { app, url } = await startCable({ flowControl });
    const healthy = await subscribedDashboard(url);
    const slow = await subscribedDashboard(url);
    slow.socket.pause();

    const { sent, received } = await broadcastUntil(
      app,
      healthy,
      () => app.broadcaster.stats().disconnects.slowConsumer > 0,
    );
    expect(received).toEqual([...Array(sent).keys()]);
    expect(app.broadcaster.subscriberCount(OWN_ORG)).toBe(1);

    slow.socket.resume();
    const frames = await slow.drainUntilClosed();
    expect(frames.at(-1)).toEqual({ type: 'disconnect', reason: 'slow_consumer', reconnect: true });
  });

  it('disconnects a subscriber that stays over the high-water mark past the stall timeout', async () => {
    let clock = 1_767_225_600_000;
    const flowControl = {
      highWaterMarkBytes: 256 * 1024,
      hardLimitBytes: 2 ** 30,
      stallTimeoutMs: 30_000,
      openingMs: 0,
    };
    const { app, url } = await startCable({ flowControl, now: () => clock });
    const healthy = await subscribedDashboard(url);
    const slow = await subscribedDashboard(url);
    slow.socket.pause();

    await broadcastUntil(app, healthy, () => app.broadcaster.stats().droppedFrames > 0);
    expect(app.broadcaster.stats().disconnects.slowConsumer).toBe(0);

    clock += 30_001;
    app.broadcaster.broadcast(OWN_ORG, 'point', { seq: 'after the stall', payload });
    expect(await healthy.next()).toMatchObject({ message: { data: { seq: 'after the stall' } } });
    expect(app.broadcaster.stats().disconnects.slowConsumer).toBe(1);
    expect(app.broadcaster.subscriberCount(OWN_ORG)).toBe(1);
    slow.socket.resume();
    expect((await slow.drainUntilClosed()).at(-1)).toEqual({
      type: 'disconnect',
      reason: 'slow_consumer',
      reconnect: true,
    });
  });

  it('holds, with the default limits, no more for a client that stopped reading than its budget, then sheds it', async () => {
    const { app, url } = await startCable();
    const healthy = await subscribedDashboard(url);
    const stuck = await subscribedDashboard(url);
    stuck.socket.pause();
    const [, stuckOnServer] = [...app.websocketServer.clients];
    let mostHeld = 0;

    await broadcastUntil(app, healthy, () => {
      mostHeld = Math.max(mostHeld, stuckOnServer?.bufferedAmount ?? 0);
      return app.broadcaster.stats().disconnects.slowConsumer > 0;
    });
    // What ws and Node hold for it, plus at most the kernel's send buffer, is within the documented 16 MiB.
    expect(mostHeld).toBeGreaterThan(0);
    expect(mostHeld + kernelSendBufferBytes()).toBeLessThanOrEqual(STUCK_CONNECTION_BUDGET_BYTES);
    expect(app.broadcaster.subscriberCount(OWN_ORG)).toBe(1);
    stuck.socket.resume();
    expect((await stuck.drainUntilClosed()).at(-1)).toEqual({
      type: 'disconnect',
      reason: 'slow_consumer',
      reconnect: true,
    });
  });
});
