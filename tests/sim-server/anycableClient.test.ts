// The official AnyCable client (`@anycable/core`, with the `ws` package as its WebSocket) against the simulator,
// set up as its documentation tells a new user: createCable with the extended protocol, the token as a
// subprotocol, subscribeTo the channel. It subscribes, loses its socket while devices report, reconnects, and must
// get what it missed from the history exactly once and in order: once by restoring its session (`?sid=`), once
// after a simulator restart, which ends every session and makes it resubscribe from its stream positions.
import path from 'node:path';
import { createCable, type Cable, type Channel } from '@anycable/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { connectExtended, eventsIdentifier, type ExtClient } from './support/extendedCableClient.ts';
import { startListeningSimulator } from './support/listeningSimulator.ts';
import {
  bearer,
  manualClock,
  organizationIds,
  temporaryDirectory,
  type Harness,
} from './support/simulatorHarness.ts';
import { telemetrySample, firstDevicesOf, type OrganizationDevice } from './support/telemetrySamples.ts';

type Heard = { offset: number; type: string; thingId: unknown };

const temporary = temporaryDirectory();
const databasePath = path.join(temporary.dir, 'sim.sqlite');
const clock = manualClock();
let harness: Harness;
let port = 0;
let cableUrl: string;
let staffToken: string;
let userToken: string;
let organizationId: string;
let devices: OrganizationDevice[];
const cables: Cable[] = [];
const watchers: ExtClient[] = [];

async function start(): Promise<void> {
  // The same port after a restart, as a real simulator comes back where its clients look for it.
  ({ harness, cableUrl, staffToken, userToken, port } = await startListeningSimulator({
    databasePath,
    clock,
    port,
  }));
}

beforeAll(async () => {
  await start();
  organizationId = organizationIds(harness.app).responders;
  devices = firstDevicesOf(harness.app, organizationId, 4);
});

afterAll(async () => {
  for (const cable of cables) cable.disconnect();
  await Promise.all(watchers.map((watcher) => watcher.close()));
  await harness.app.close();
  temporary.remove();
});

async function report(step: number): Promise<number> {
  clock.advance(1_000);
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/sim/telemetry',
    headers: bearer(staffToken),
    payload: {
      samples: devices.map((device, index) =>
        telemetrySample(device, clock.now(), {
          kind: (step + index) % 4 === 0 ? 'heartbeat' : 'point',
          lat: 41.8781 + step * 0.0003,
        }),
      ),
    },
  });
  expect(response.statusCode).toBe(202);
  return harness.app.eventLog.store.lastSeq();
}

/** A raw extended client subscribed throughout: the offsets the stream really carried. */
async function watcher(): Promise<ExtClient> {
  const watching = await connectExtended(cableUrl, userToken);
  watchers.push(watching);
  watching.send({ command: 'subscribe', identifier: eventsIdentifier(organizationId) });
  await watching.next((frame) => frame.type === 'confirm_subscription');
  return watching;
}

function officialCable(options: { monitor?: false } = {}): Cable {
  const cable = createCable(cableUrl, {
    protocol: 'actioncable-v1-ext-json',
    websocketImplementation: WebSocket,
    websocketAuthStrategy: 'sub-protocol',
    auth: { token: userToken },
    logLevel: process.env.ANYCABLE_DEBUG ? 'debug' : 'error',
    ...options,
  });
  cables.push(cable);
  return cable;
}

/** Everything the channel's `message` handler got, and waits on it. */
function listen(channel: Channel): {
  heard: Heard[];
  infos: string[];
  until(offset: number): Promise<void>;
  untilInfo(type: string): Promise<void>;
} {
  const heard: Heard[] = [];
  const infos: string[] = [];
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  channel.on('message', (message, meta) => {
    const body = message as { type: string; data: { thing_id?: unknown } };
    // The extended protocol's position; the package's types only name `id`.
    const { offset } = (meta ?? {}) as { offset?: number };
    heard.push({ offset: offset ?? -1, type: body.type, thingId: body.data.thing_id });
    wake();
  });
  channel.on('info', (info: { type: string }) => {
    infos.push(info.type);
    wake();
  });
  const waitFor = async (done: () => boolean) => {
    while (!done()) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return {
    heard,
    infos,
    until: (offset) => waitFor(() => heard.some((entry) => entry.offset >= offset)),
    untilInfo: (type) => waitFor(() => infos.includes(type)),
  };
}

const offsetsOf = (watching: ExtClient, after: number): number[] =>
  watching.frames.map((frame) => frame.offset ?? -1).filter((offset) => offset > after);

describe('the official @anycable/core client, extended protocol', () => {
  it('restores its session after a dropped socket and gets what it missed from history, once, in order', async () => {
    const watching = await watcher();
    const cable = officialCable({ monitor: false });
    const channel = cable.subscribeTo('EventsChannel', { organization_id: organizationId });
    const received = listen(channel);
    await channel.ensureSubscribed();

    const first = await report(1);
    await received.until(first);
    const firstHeard = received.heard[0]?.offset ?? 0;

    // The network drops; the devices go on reporting.
    const restored = new Promise<{ restored?: boolean }>((resolve) => cable.once('connect', resolve));
    const transport = cable.transport as unknown as { ws: WebSocket };
    transport.ws.terminate();
    let last = first;
    for (let step = 2; step < 8; step += 1) last = await report(step);
    await cable.connect();

    expect(await restored).toMatchObject({ restored: true });
    await received.untilInfo('history_received');
    await received.until(last);
    await watching.next((frame) => (frame.offset ?? -1) >= last);
    const after = await report(8);
    await received.until(after);
    await watching.next((frame) => (frame.offset ?? -1) >= after);

    expect(received.heard.map((entry) => entry.offset)).toEqual(offsetsOf(watching, firstHeard - 1));
    expect(received.heard.length).toBe(8 * devices.length);
    expect(harness.app.broadcaster.stats().history.restoredSessions).toBeGreaterThanOrEqual(1);
    cable.disconnect();
  });

  it('after a simulator restart resubscribes from its stream positions and misses nothing', async () => {
    const watching = await watcher();
    const cable = officialCable();
    const channel = cable.subscribeTo('EventsChannel', { organization_id: organizationId });
    const received = listen(channel);
    await channel.ensureSubscribed();
    const first = await report(20);
    await received.until(first);
    await watching.next((frame) => (frame.offset ?? -1) >= first);
    const firstHeard = received.heard[0]?.offset ?? 0;
    const before = offsetsOf(watching, firstHeard - 1);

    // The simulator goes down; while it is down the log gets more (here, written by the next one before it listens).
    await harness.app.close();
    await watching.close();
    await start();
    let last = first;
    for (let step = 21; step < 26; step += 1) last = await report(step);
    const lastSeq = last;
    await received.untilInfo('history_received');
    await received.until(lastSeq);

    const missed = harness.app.eventLog.db
      .prepare<[number, number], { seq: number }>(
        "SELECT seq FROM events WHERE seq > ? AND seq <= ? AND type IN ('PointRecorded', 'HeartbeatRecorded') ORDER BY seq",
      )
      .all(first, lastSeq)
      .map((row) => row.seq);
    expect(missed).toHaveLength(5 * devices.length);
    expect(received.heard.map((entry) => entry.offset)).toEqual([...before, ...missed]);
    cable.disconnect();
  });
});
