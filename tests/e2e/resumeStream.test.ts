// Resumable streams in the browser (issue 28, DESIGN.md §8): a dashboard whose cable is cut while its devices
// report every second and a closure is created gets every message of the gap once and in order when it comes back,
// from the extended protocol's history, and loads nothing again by REST. The gap outlasts the 15 s polling
// interval, so the test also shows that no poll runs while a resumable connection is away.
//
// The tap (tests/helpers/cableTap.ts) hands the test the worker's socket: it cuts it, holds the reconnect back
// for the gap, and sees every frame the page is sent. A raw extended client on the simulator, subscribed
// throughout, says what the stream carried.
import { manualClosureBody } from '#tests/helpers/closureBody';
import { afterEach, describe, expect, it } from 'vitest';
import { simulatorUrl } from './simulator.ts';
import { WebSocket } from 'ws';
import { startCableTap, type CableTap, type TappedSocket } from '#tests/helpers/cableTap';
import { shellBrowserForFile, typeSignIn } from './shellBrowser.ts';
import { listThings, ownOrganizationId, signInForToken, type ListedThing } from './simulatorApi.ts';
import { allowing } from './testTimes.ts';

const baseUrl = simulatorUrl();
const USER = 'user@demo.test';
const STAFF = 'staff@demo.test';
/** Longer than the dashboard's 15 s polling interval. */
const GAP_MS = 16_000;

const shell = shellBrowserForFile();
let tap: CableTap | null = null;
let watcher: WebSocket | null = null;

afterEach(async () => {
  await tap?.close();
  tap = null;
  watcher?.terminate();
  watcher = null;
});

type Broadcast = { offset: number; epoch: string; type: string };

/** The broadcasts in one socket's frames (pings, confirmations and history replies left out). */
function broadcastOf(frame: string): Broadcast | null {
  const parsed = JSON.parse(frame) as { message?: { type: string }; offset?: number; epoch?: string };
  if (!parsed.message || parsed.offset === undefined || parsed.epoch === undefined) return null;
  return { offset: parsed.offset, epoch: parsed.epoch, type: parsed.message.type };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Every device of the organization reports once: a step north, en route. */
async function reportAll(token: string, things: ListedThing[], step: number): Promise<void> {
  const time = new Date().toISOString();
  const response = await fetch(`${baseUrl}/api/sim/telemetry`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      samples: things.map((thing, index) => ({
        device_id: thing.system_identifier,
        device_type: thing.device_type,
        // The first device sends points only: the map follows it to its last one.
        kind: index > 0 && (step + index) % 5 === 0 ? 'heartbeat' : 'point',
        time,
        lat: Number((41.87 + step * 0.0002 + index * 0.0005).toFixed(6)),
        lng: Number((-87.63 + index * 0.0005).toFixed(6)),
        speed: 8,
        course: 0,
        accuracy: 4,
        enroute: true,
      })),
    }),
  });
  expect(response.status).toBe(202);
}

async function createClosure(token: string, organizationId: string, description: string): Promise<void> {
  const now = Date.now();
  const response = await fetch(`${baseUrl}/api/organization/closure?org_ids[]=${organizationId}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(manualClosureBody(now, description)),
  });
  expect(response.status).toBe(201);
}

/** A raw extended-protocol subscriber on the simulator itself: the stream as it was sent. */
async function watchStream(token: string, organizationId: string): Promise<Broadcast[]> {
  const seen: Broadcast[] = [];
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/cable`, ['actioncable-v1-ext-json', token]);
  watcher = socket;
  let confirmed = false;
  socket.on('message', (data: Buffer) => {
    const frame = data.toString('utf8');
    if (frame.includes('"welcome"')) {
      const identifier = JSON.stringify({ channel: 'EventsChannel', organization_id: organizationId });
      socket.send(JSON.stringify({ command: 'subscribe', identifier }));
    } else if (frame.includes('"confirm_subscription"')) confirmed = true;
    const broadcast = broadcastOf(frame);
    if (broadcast) seen.push(broadcast);
  });
  await until(() => confirmed);
  return seen;
}

describe('a dashboard that loses its cable', () => {
  it(
    'gets every message of the gap once and in order from the history, and reloads nothing',
    async () => {
      const userToken = await signInForToken(baseUrl, USER);
      const staffToken = await signInForToken(baseUrl, STAFF);
      const organizationId = await ownOrganizationId(baseUrl, userToken);
      // The organization's devices heard from in the last hour report in the gap; offline and pending ones stay so,
      // as other files on this simulator count on them (the offline notice, the status filter).
      const heardSince = Date.now() - 3_600_000;
      const things = (await listThings(baseUrl, userToken, organizationId)).filter(
        (thing) => thing.heartbeat_datetime !== null && Date.parse(thing.heartbeat_datetime) > heardSince,
      );
      expect(things.length).toBeGreaterThan(0);
      const stream = await watchStream(userToken, organizationId);

      // What the page is sent, socket by socket, in order; and a hold on reconnects while the gap lasts.
      const received: Broadcast[][] = [];
      const subscribes: string[] = [];
      let current: TappedSocket | null = null;
      let confirmations = 0;
      let reconnectAllowed: Promise<void> = Promise.resolve();
      tap = await startCableTap(baseUrl, async (socket) => {
        await reconnectAllowed;
        const frames: Broadcast[] = [];
        received.push(frames);
        socket.onServerFrame((frame) => {
          if (frame.includes('"confirm_subscription"')) confirmations += 1;
          const broadcast = broadcastOf(frame);
          if (broadcast) frames.push(broadcast);
          return true;
        });
        socket.onClientFrame((frame) => {
          if (frame.includes('"subscribe"')) subscribes.push(frame);
          return true;
        });
        current = socket;
      });
      const followed = things[0] as ListedThing;
      const page = await shell.newPage('desktop');
      await page.goto(`${tap.url}/dashboard/things/${followed.id}`);
      await typeSignIn(page, USER);
      await page.waitForFunction(
        (id) => document.querySelector('[data-testid="live-map"]')?.getAttribute('data-selected-id') === id,
        followed.id,
      );
      await until(() => confirmations === 1);
      // Devices report before the cut, so the worker holds a stream position when it goes.
      await reportAll(staffToken, things, 0);
      await until(() => (received[0]?.length ?? 0) >= things.length);
      const restLoads = (from: number) =>
        (tap?.requests ?? [])
          .slice(from)
          .filter(
            (url) =>
              url.startsWith('/api/organization/things') || url.startsWith('/api/organization/closure'),
          );

      let allowReconnect = () => {};
      reconnectAllowed = new Promise((resolve) => {
        allowReconnect = resolve;
      });
      const requestsAtCut = tap.requests.length;
      const cutAt = Date.now();
      await (current as unknown as TappedSocket).close();
      const banner = page.getByTestId('connection-banner');
      await banner.waitFor();

      // The gap: every device reports each second, and a closure is created.
      let step = 1;
      await createClosure(staffToken, organizationId, 'Created while the dashboard was away');
      while (Date.now() - cutAt < GAP_MS) {
        await reportAll(staffToken, things, step);
        step += 1;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      const lastOffset = stream.at(-1)?.offset ?? 0;
      allowReconnect();

      await until(() => (received[1] ?? []).some((broadcast) => broadcast.offset >= lastOffset));
      await banner.waitFor({ state: 'detached' });
      // The worker applied what came from the history: the map follows the followed device to its last gap point.
      const lastGapStep = step - 1;
      await page.waitForFunction(
        (expected) =>
          document.querySelector('[data-testid="live-map"]')?.getAttribute('data-selected-position') ===
          expected,
        `${Number((41.87 + lastGapStep * 0.0002).toFixed(6))},-87.63`,
      );
      // One more report after the resume reaches the page live.
      await reportAll(staffToken, things, step);
      const afterResume = stream.at(-1)?.offset ?? 0;
      await until(() => (received[1] ?? []).some((broadcast) => broadcast.offset >= afterResume));

      // Exactly the stream, from the page's first message on: nothing twice, nothing left out, in order.
      const delivered = received.flat();
      const firstDelivered = delivered[0]?.offset ?? 0;
      const sent = stream.filter(
        (broadcast) => broadcast.offset >= firstDelivered && broadcast.offset <= afterResume,
      );
      expect(delivered.map((broadcast) => broadcast.offset)).toEqual(
        sent.map((broadcast) => broadcast.offset),
      );
      const gap = sent.filter((broadcast) => broadcast.offset > (received[0]?.at(-1)?.offset ?? 0));
      expect(gap.length).toBeGreaterThanOrEqual(things.length * 10);
      expect(gap.some((broadcast) => broadcast.type === 'closure')).toBe(true);

      // The reconnect asked to resume from where the first socket left off, and the page loaded nothing again.
      expect(received).toHaveLength(2);
      expect(JSON.parse(subscribes[1] ?? '{}')).toMatchObject({
        command: 'subscribe',
        history: { streams: { [`events:${organizationId}`]: { offset: received[0]?.at(-1)?.offset } } },
      });
      expect(restLoads(requestsAtCut)).toEqual([]);
    },
    allowing(120_000),
  );
});
