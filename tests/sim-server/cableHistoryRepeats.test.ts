// The extended protocol's `history` command asked again and again (issue 34, finding 2: one subscription that sent
// `history` from one offset 20 times got 78,055 frames for 42,704 offsets): one history at a time per
// subscription, never an offset twice on it, and a history the client does not read is shed like a live stream.
// Real websocket clients against the simulator's cable endpoint, and against the bare endpoint for the flow limits.
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OWN_ORG, TOKEN, TestClient, identifierOf, startCable, stopCables } from './support/cableEndpoint.ts';
import { connectExtended, eventsIdentifier, type ExtClient } from './support/extendedCableClient.ts';
import {
  reportStep,
  startListeningSimulator,
  type ListeningSimulator,
} from './support/listeningSimulator.ts';
import { manualClock, organizationIds, temporaryDirectory } from './support/simulatorHarness.ts';
import { firstDevicesOf, type OrganizationDevice } from './support/telemetrySamples.ts';

const temporary = temporaryDirectory();
const clock = manualClock();
let simulator: ListeningSimulator;
let cableUrl: string;
let userToken: string;
let organizationId: string;
let devices: OrganizationDevice[];
const clients: ExtClient[] = [];

beforeAll(async () => {
  simulator = await startListeningSimulator({ databasePath: path.join(temporary.dir, 'sim.sqlite'), clock });
  ({ cableUrl, userToken } = simulator);
  organizationId = organizationIds(simulator.harness.app).responders;
  devices = firstDevicesOf(simulator.harness.app, organizationId, 4);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await simulator.harness.app.close();
  temporary.remove();
});

afterEach(stopCables);

const report = (step: number): Promise<number> => reportStep(simulator, clock, devices, step);

const offsetsAfter = (client: ExtClient, after: number): number[] =>
  client.frames.flatMap((frame) =>
    frame.offset !== undefined && frame.offset > after ? [frame.offset] : [],
  );

describe('the history command asked again and again', () => {
  it('sends each offset once on one subscription, however often and from wherever it is asked', async () => {
    const identifier = eventsIdentifier(organizationId);
    const watcher = await connectExtended(cableUrl, userToken);
    clients.push(watcher);
    watcher.send({ command: 'subscribe', identifier });
    await watcher.next((frame) => frame.type === 'confirm_subscription');
    const from = await report(1);
    await watcher.next((frame) => (frame.offset ?? -1) >= from);
    const epoch = watcher.frames.find((frame) => frame.epoch)?.epoch;
    let last = from;
    for (let step = 2; step < 12; step += 1) last = await report(step);
    await watcher.next((frame) => (frame.offset ?? -1) >= last);

    const asker = await connectExtended(cableUrl, userToken);
    clients.push(asker);
    asker.send({ command: 'subscribe', identifier });
    await asker.next((frame) => frame.type === 'confirm_subscription');
    const history = { streams: { [`events:${organizationId}`]: { epoch, offset: from } } };
    for (let repeat = 0; repeat < 20; repeat += 1) asker.send({ command: 'history', identifier, history });
    await asker.next((frame) => frame.type === 'confirm_history');
    // Once more after it is served, and once from before that: nothing it already got comes again.
    asker.send({ command: 'history', identifier, history });
    asker.send({ command: 'history', identifier, history: { since: Math.floor(clock.now() / 1000) - 3600 } });
    const after = await report(12);
    await asker.next((frame) => (frame.offset ?? -1) >= after);
    await watcher.next((frame) => (frame.offset ?? -1) >= after);

    expect(offsetsAfter(asker, from)).toEqual(offsetsAfter(watcher, from));
    expect(offsetsAfter(asker, from)).toHaveLength(11 * devices.length);
  });
});

describe('a history its client does not read', () => {
  it('is held to the flow limits like live frames: the client is shed as a slow consumer', async () => {
    const flowControl = { highWaterMarkBytes: 256 * 1024, hardLimitBytes: 256 * 1024, openingMs: 0 };
    const { app, url } = await startCable({ flowControl });
    const payload = 'x'.repeat(8 * 1024);
    const stream = Array.from({ length: 20_000 }, (_unused, index) => index + 1);
    app.broadcaster.useHistory({
      epoch: () => 'e1',
      read: () => null,
      open: (_organizationId, start) => {
        if (!('afterOffset' in start)) return null;
        let cursor = start.afterOffset;
        return {
          next: (maxPositions) => {
            const slice = stream.filter((offset) => offset > cursor).slice(0, Math.min(maxPositions, 50));
            cursor = slice.at(-1) ?? cursor;
            return {
              offsets: slice,
              messages: slice.map((offset) =>
                JSON.stringify({ type: 'location', data: { offset, payload } }),
              ),
              lastOffset: cursor,
              done: cursor >= stream.length,
            };
          },
        };
      },
    });
    const client = await TestClient.open(url, ['actioncable-v1-ext-json', TOKEN]);
    expect(await client.next()).toMatchObject({ type: 'welcome' });
    client.socket.pause();
    client.send(
      JSON.stringify({
        command: 'subscribe',
        identifier: identifierOf(OWN_ORG),
        history: { streams: { [`events:${OWN_ORG}`]: { epoch: 'e1', offset: 0 } } },
      }),
    );
    await expect.poll(() => app.broadcaster.stats().disconnects.slowConsumer, { timeout: 30_000 }).toBe(1);
    client.socket.resume();
    const frames = await client.drainUntilClosed();
    expect(frames.at(-1)).toEqual({ type: 'disconnect', reason: 'slow_consumer', reconnect: true });
    expect(frames.some((frame) => frame.type === 'confirm_history')).toBe(false);
  });
});
