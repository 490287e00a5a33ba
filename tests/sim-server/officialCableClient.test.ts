// The official `@rails/actioncable` npm client against the simulator, set up as its README tells a new user:
// createConsumer, addSubProtocol(token), subscriptions.create({ channel, organization_id }). The package is
// driven as published; Node 20 only lacks the browser globals it expects, which are supplied below.
import type { IncomingMessage } from 'node:http';
import { adapters, createConsumer, type Consumer } from '@rails/actioncable';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import type { DeviceType } from '#domain/things/thing';
import { offeredSubprotocols } from '#sim/cable/protocol';
import { bearer, organizationIds, signIn, startHarness, type Harness } from './support/simulatorHarness.ts';
import { telemetrySample } from './support/telemetrySamples.ts';

type Device = { id: string; system_identifier: string; device_type: DeviceType };
type Received = { type: string; data: Record<string, unknown> };

/** What a subscription's callbacks saw, as promises a test can wait on. */
type WatchedSubscription = {
  connected: Promise<void>;
  disconnected: Promise<{ willAttemptReconnect: boolean | undefined }>;
  rejected: Promise<void>;
  /** Resolves with the first message `received` that matches. */
  receivedMatching(matches: (message: Received) => boolean): Promise<Received>;
};

let harness: Harness;
let cableUrl: string;
let staffToken: string;
let userToken: string;
const offeredProtocols: string[][] = [];
const consumers: Consumer[] = [];

beforeAll(async () => {
  // The official client looks for a browser's WebSocket and window event listeners (for page visibility).
  adapters.WebSocket = WebSocket as unknown as typeof adapters.WebSocket;
  const windowEvents = new EventTarget();
  vi.stubGlobal('addEventListener', windowEvents.addEventListener.bind(windowEvents));
  vi.stubGlobal('removeEventListener', windowEvents.removeEventListener.bind(windowEvents));

  harness = await startHarness();
  const address = await harness.app.listen({ port: 0, host: '127.0.0.1' });
  cableUrl = `${address.replace(/^http/, 'ws')}/cable`;
  // Records what each client offers; the websocket server handles the upgrade as before.
  harness.app.server.on('upgrade', (request: IncomingMessage) => {
    offeredProtocols.push(offeredSubprotocols(request.headers['sec-websocket-protocol']));
  });
  staffToken = (await signIn(harness.app, 'staff@demo.test')).access_token;
  userToken = (await signIn(harness.app, 'user@demo.test')).access_token;
});

afterEach(() => {
  for (const consumer of consumers.splice(0)) consumer.disconnect();
});

afterAll(async () => {
  await harness.close();
  vi.unstubAllGlobals();
});

function officialConsumer(token: string): Consumer {
  const consumer = createConsumer(cableUrl);
  consumer.addSubProtocol(token);
  consumers.push(consumer);
  return consumer;
}

function subscribeToEvents(consumer: Consumer, organizationId: string): WatchedSubscription {
  const received: Received[] = [];
  const waiters: { matches: (message: Received) => boolean; resolve: (message: Received) => void }[] = [];
  let markConnected!: () => void;
  let markDisconnected!: (details: { willAttemptReconnect: boolean | undefined }) => void;
  let markRejected!: () => void;
  const watched: WatchedSubscription = {
    connected: new Promise((resolve) => (markConnected = resolve)),
    disconnected: new Promise((resolve) => (markDisconnected = resolve)),
    rejected: new Promise((resolve) => (markRejected = resolve)),
    receivedMatching: (matches) =>
      new Promise((resolve) => {
        const already = received.find(matches);
        if (already) resolve(already);
        else waiters.push({ matches, resolve });
      }),
  };
  consumer.subscriptions.create(
    { channel: 'EventsChannel', organization_id: organizationId },
    {
      connected: () => markConnected(),
      disconnected: (details: { willAttemptReconnect: boolean | undefined }) => markDisconnected(details),
      rejected: () => markRejected(),
      received: (message: Received) => {
        const waiter = waiters.find((candidate) => candidate.matches(message));
        if (waiter) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        } else received.push(message);
      },
    },
  );
  return watched;
}

/** 'connected', or how the client was disconnected before its subscription was confirmed. */
function outcomeOf(
  subscription: WatchedSubscription,
): Promise<'connected' | { willAttemptReconnect: boolean | undefined }> {
  return Promise.race([subscription.connected.then(() => 'connected' as const), subscription.disconnected]);
}

function responderDevice(): Device {
  const device = harness.app.eventLog.db
    .prepare<[string], Device>(
      `SELECT id, system_identifier, device_type FROM things
       WHERE organization_id = ? AND sim_behaviour = 'roaming' ORDER BY id LIMIT 1`,
    )
    .get(organizationIds(harness.app).responders);
  if (!device) throw new Error('the seed has no roaming responder');
  return device;
}

describe('the official @rails/actioncable client', () => {
  it('connects with its own subprotocols plus the token, is confirmed, and receives a telemetry point', async () => {
    const ids = organizationIds(harness.app);
    const consumer = officialConsumer(userToken);
    // The demo user belongs to the coordination center, which manages the responders.
    const subscription = subscribeToEvents(consumer, ids.coordination);
    expect(await outcomeOf(subscription)).toBe('connected');

    // What the package offers, in order: its protocol, its "unsupported" marker, then the token.
    expect(offeredProtocols.at(-1)).toEqual(['actioncable-v1-json', 'actioncable-unsupported', userToken]);

    const device = responderDevice();
    harness.clock.advance(1_000);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/sim/telemetry',
      headers: bearer(staffToken),
      payload: {
        samples: [telemetrySample(device, harness.clock.now(), { lat: 41.8842, lng: -87.6311 })],
      },
    });
    expect(response.statusCode).toBe(202);

    const point = await subscription.receivedMatching(
      (message) => message.type === 'point' && message.data.thing_id === device.id,
    );
    expect(point.data).toMatchObject({
      thing_id: device.id,
      lat: 41.8842,
      lng: -87.6311,
      street: 'S STATE ST',
    });
  });

  it('is turned away for an unknown token and told not to reconnect', async () => {
    const ids = organizationIds(harness.app);
    const consumer = officialConsumer('not-a-token-the-simulator-issued');
    const subscription = subscribeToEvents(consumer, ids.coordination);
    expect(await outcomeOf(subscription)).toEqual({ willAttemptReconnect: false });
  });

  it('has its subscription rejected for an organization outside the session', async () => {
    const ids = organizationIds(harness.app);
    // The coordination center accesses the fleet services but a stranger's organization id is not in the session.
    const consumer = officialConsumer(userToken);
    const subscription = subscribeToEvents(consumer, '00000000-0000-4000-8000-000000000000');
    const allowed = subscribeToEvents(consumer, ids.fleet);
    expect(await outcomeOf(allowed)).toBe('connected');
    await subscription.rejected;
  });
});
