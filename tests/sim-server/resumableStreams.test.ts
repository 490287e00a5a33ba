// Resumable streams (issue 28): the extended ActionCable protocol against a real simulator on a real port. The
// offsets are the event log's seqs; history read back from SQLite is byte for byte what the live stream sent; a
// position from another epoch or behind retention is refused with reject_history; history survives a restart; a
// dropped session is restored by its sid and gets what it missed exactly once, in order. The plain protocols see
// nothing of it.
import { manualClosureBody } from '#tests/helpers/closureBody';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCableHistory } from '#sim/cable/cableHistory';
import { runLogRetention } from '#sim/store/logRetention';
import { createThingAudienceReader } from '#sim/things/thingAudience';
import { connectExtended, eventsIdentifier, type ExtClient } from './support/extendedCableClient.ts';
import { startListeningSimulator } from './support/listeningSimulator.ts';
import {
  bearer,
  manualClock,
  organizationIds,
  signIn,
  startHarness,
  temporaryDirectory,
  type Harness,
} from './support/simulatorHarness.ts';
import {
  recordTelemetry,
  telemetrySample,
  firstDevicesOf,
  type OrganizationDevice,
} from './support/telemetrySamples.ts';

const temporary = temporaryDirectory();
const databasePath = path.join(temporary.dir, 'sim.sqlite');
const clock = manualClock();
let harness: Harness;
let cableUrl: string;
let staffToken: string;
let userToken: string;
let organizationId: string;
let identifier: string;
let devices: OrganizationDevice[];
const clients: ExtClient[] = [];

async function start(): Promise<void> {
  ({ harness, cableUrl, staffToken, userToken } = await startListeningSimulator({ databasePath, clock }));
}

beforeAll(async () => {
  await start();
  organizationId = organizationIds(harness.app).responders;
  identifier = eventsIdentifier(organizationId);
  devices = firstDevicesOf(harness.app, organizationId, 3);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await harness.app.close();
  temporary.remove();
});

async function client(options: Parameters<typeof connectExtended>[2] = {}): Promise<ExtClient> {
  const connected = await connectExtended(cableUrl, userToken, options);
  clients.push(connected);
  return connected;
}

/** Posts one sample per device (alternating points and heartbeats, moving north); returns the log's last seq. */
async function report(step: number): Promise<number> {
  clock.advance(1_000);
  const samples = devices.map((device, index) =>
    telemetrySample(device, clock.now(), {
      kind: (step + index) % 3 === 0 ? 'heartbeat' : 'point',
      lat: 41.8781 + step * 0.0004,
      enroute: step % 4 !== 0,
      street: step % 5 === 0 ? null : 'S STATE ST',
    }),
  );
  await recordTelemetry(harness.app, staffToken, samples);
  return harness.app.eventLog.store.lastSeq();
}

/** Saves a manual closure of the organization (as staff, who manage it); returns the log's last seq. */
async function saveClosure(description: string): Promise<number> {
  const now = clock.now();
  const response = await harness.app.inject({
    method: 'POST',
    url: `/api/organization/closure?org_ids[]=${organizationId}`,
    headers: bearer(staffToken),
    payload: manualClosureBody(now, description),
  });
  expect(response.statusCode).toBe(201);
  return harness.app.eventLog.store.lastSeq();
}

async function subscribed(history?: Record<string, unknown>): Promise<ExtClient> {
  const connected = await client();
  connected.send({ command: 'subscribe', identifier, ...(history ? { history } : {}) });
  await connected.next((frame) => frame.type === 'confirm_subscription');
  return connected;
}

const messagesAfter = (watcher: ExtClient, offset: number): string[] =>
  watcher.raw.filter((text) => (JSON.parse(text) as { offset: number }).offset > offset);

async function untilOffset(watcher: ExtClient, offset: number): Promise<void> {
  await watcher.next((frame) => (frame.offset ?? -1) >= offset);
}

describe('the extended protocol (actioncable-v1-ext-json)', () => {
  it('welcomes with a session id and puts the stream, epoch and log seq on every broadcast', async () => {
    const watcher = await subscribed();
    expect(watcher.welcome).toEqual({ type: 'welcome', sid: expect.any(String) });
    const last = await report(1);
    await untilOffset(watcher, last);
    const frames = watcher.frames.filter((frame) => frame.message);
    expect(frames).toHaveLength(devices.length);
    const seqs = harness.app.eventLog.db
      .prepare<[number], { seq: number }>(
        "SELECT seq FROM events WHERE seq > ? AND type IN ('PointRecorded', 'HeartbeatRecorded') ORDER BY seq",
      )
      .all(last - devices.length);
    expect(frames.map((frame) => frame.offset)).toEqual(seqs.map((row) => row.seq));
    for (const frame of frames) {
      expect(frame).toMatchObject({
        identifier,
        stream_id: `events:${organizationId}`,
        epoch: expect.any(String),
      });
    }
  });

  it('leaves the plain protocols unchanged: no session id, no positions', async () => {
    const plain = await client({ protocol: 'datapumper' });
    expect(plain.welcome).toEqual({ type: 'welcome' });
    plain.send({ command: 'subscribe', identifier });
    await plain.next((frame) => frame.type === 'confirm_subscription');
    await report(2);
    await plain.next((frame) => frame.message !== undefined);
    expect(Object.keys(JSON.parse(plain.raw[0] ?? '{}') as object)).toEqual(['identifier', 'message']);
  });

  it('replays from the log, byte for byte, what the live stream sent after an offset; then live, once', async () => {
    const watcher = await subscribed();
    const first = await report(3);
    await untilOffset(watcher, first);
    const epoch = watcher.frames.find((frame) => frame.epoch)?.epoch;
    let last = first;
    for (let step = 4; step < 12; step += 1) {
      last = await report(step);
      // Not only telemetry: a closure saved in the middle of the gap comes back from the log the same way.
      if (step === 7) last = await saveClosure(`Closed during step ${step}`);
    }
    await untilOffset(watcher, last);

    const resumed = await subscribed({ streams: { [`events:${organizationId}`]: { epoch, offset: first } } });
    await resumed.next((frame) => frame.type === 'confirm_history');
    const fromHistory = resumed.raw.slice();
    expect(fromHistory.length).toBe(8 * devices.length + 1);
    expect(fromHistory.some((text) => text.includes('"type":"closure"'))).toBe(true);
    expect(fromHistory).toEqual(messagesAfter(watcher, first));

    const next = await report(12);
    await untilOffset(resumed, next);
    await untilOffset(watcher, next);
    expect(resumed.raw).toEqual(messagesAfter(watcher, first));
    const offsets = resumed.raw.map((text) => (JSON.parse(text) as { offset: number }).offset);
    expect(new Set(offsets).size).toBe(offsets.length);
  });

  it('replays what was recorded since a moment (unix seconds) when no position is known', async () => {
    clock.advance(10_000);
    const since = Math.ceil(clock.now() / 1000);
    clock.set(since * 1000 - 1);
    const watcher = await subscribed();
    const last = await report(13);
    await untilOffset(watcher, last);
    const resumed = await subscribed({ since });
    await resumed.next((frame) => frame.type === 'confirm_history');
    expect(resumed.raw).toEqual(watcher.raw);
  });

  it('names each log with its own epoch: the same file keeps it, a new log gets another', async () => {
    const other = await startHarness({ clock: manualClock(clock.now() + 1) });
    try {
      const epochOf = (app: Harness['app']) =>
        createCableHistory(app.eventLog, createThingAudienceReader(app.eventLog)).epoch();
      expect(epochOf(other.app)).not.toBe(epochOf(harness.app));
      expect(epochOf(harness.app)).toMatch(/^[0-9a-f]{12}$/);
    } finally {
      await other.close();
    }
  });

  it('reads the same history in small slices as in one go (the hub reads long gaps slice by slice)', () => {
    const history = createCableHistory(harness.app.eventLog, createThingAudienceReader(harness.app.eventLog));
    // The last few hundred positions, where the tests above reported (the retention run at start marks the seed's
    // positions up to its first telemetry as passed, so a history from offset 1 is refused).
    const start = { afterOffset: harness.app.eventLog.store.lastSeq() - 300 };
    const whole = history.read(organizationId, start);
    const reader = history.open?.(organizationId, start);
    if (!whole || !reader) throw new Error('no history');
    const sliced: string[] = [];
    let slices = 0;
    for (let done = false; !done; slices += 1) {
      const slice = reader.next(7);
      sliced.push(...slice.messages);
      done = slice.done;
    }
    expect(whole.messages.length).toBeGreaterThan(20);
    expect(sliced).toEqual(whole.messages);
    expect(slices).toBeGreaterThan(10);
  });

  it('refuses a position from another epoch with reject_history', async () => {
    const resumed = await subscribed({
      streams: { [`events:${organizationId}`]: { epoch: 'elsewhere', offset: 1 } },
    });
    expect(await resumed.next((frame) => frame.type?.endsWith('_history') === true)).toEqual({
      identifier,
      type: 'reject_history',
    });
  });

  it('restores a dropped session by its sid: what was missed arrives after the history command, once, in order', async () => {
    const watcher = await subscribed();
    const dropped = await subscribed();
    const before = await report(14);
    await untilOffset(dropped, before);
    const epoch = dropped.frames.find((frame) => frame.epoch)?.epoch;
    await dropped.close();
    const sid = dropped.welcome.sid ?? '';

    await report(15);
    const restored = await client({ restoreSid: sid });
    expect(restored.welcome).toEqual({
      type: 'welcome',
      sid: expect.any(String),
      restored: true,
      restored_ids: [identifier],
    });
    expect(restored.welcome.sid).not.toBe(sid);
    // Restored, but silent until it says where it was: nothing may overtake what it missed.
    const during = await report(16);
    await untilOffset(watcher, during);
    restored.send({
      command: 'history',
      identifier,
      history: { streams: { [`events:${organizationId}`]: { epoch, offset: before } } },
    });
    await restored.next((frame) => frame.type === 'confirm_history');
    const last = await report(17);
    await untilOffset(restored, last);
    await untilOffset(watcher, last);
    expect(restored.raw).toEqual(messagesAfter(watcher, before));
    expect(restored.frames.filter((frame) => frame.type === 'confirm_subscription')).toHaveLength(0);

    // A sid is good once, and only for its own user.
    const again = await client({ restoreSid: sid });
    expect(again.welcome.restored).toBeUndefined();
    const other = await connectExtended(cableUrl, staffToken, {
      headers: { 'X-AnyCable-Restore-Sid': restored.welcome.sid ?? '' },
    });
    clients.push(other);
    expect(other.welcome.restored).toBeUndefined();
  });

  it('takes over a session whose old socket still looks open (a drop this side has not noticed yet)', async () => {
    const stale = await subscribed();
    const before = await report(30);
    await untilOffset(stale, before);
    const epoch = stale.frames.find((frame) => frame.epoch)?.epoch;
    const staleClosed = new Promise<void>((resolve) => stale.socket.once('close', () => resolve()));

    const back = await client({ restoreSid: stale.welcome.sid ?? '' });
    expect(back.welcome).toMatchObject({ restored: true, restored_ids: [identifier] });
    await staleClosed;
    const last = await report(31);
    back.send({
      command: 'history',
      identifier,
      history: { streams: { [`events:${organizationId}`]: { epoch, offset: before } } },
    });
    await untilOffset(back, last);
    const offsets = back.frames.flatMap((frame) => (frame.offset === undefined ? [] : [frame.offset]));
    expect(offsets).toHaveLength(devices.length);
    expect(offsets.every((offset) => offset > before && offset <= last)).toBe(true);
  });

  it('keeps offsets and epoch across a restart: history after it is exact', async () => {
    const watcher = await subscribed();
    const first = await report(18);
    await untilOffset(watcher, first);
    const epoch = watcher.frames.find((frame) => frame.epoch)?.epoch;
    let last = first;
    for (let step = 19; step < 23; step += 1) last = await report(step);
    await untilOffset(watcher, last);
    await Promise.all(clients.splice(0).map((connected) => connected.close()));

    await harness.app.close();
    await start();
    const resumed = await subscribed({ streams: { [`events:${organizationId}`]: { epoch, offset: first } } });
    await resumed.next((frame) => frame.type === 'confirm_history');
    expect(resumed.raw).toEqual(messagesAfter(watcher, first));
    expect(resumed.raw.length).toBe(4 * devices.length);
  });

  it('refuses a position that log retention has passed, and a moment before its cut-off', async () => {
    const watcher = await subscribed();
    const old = await report(23);
    await untilOffset(watcher, old);
    const epoch = watcher.frames.find((frame) => frame.epoch)?.epoch;
    const oldSeconds = Math.floor(clock.now() / 1000) - 1;
    clock.advance(2 * 86_400_000);
    // Two days on, the sessions have expired.
    staffToken = (await signIn(harness.app, 'staff@demo.test')).access_token;
    userToken = (await signIn(harness.app, 'user@demo.test')).access_token;
    await report(24);
    await runLogRetention(harness.app.eventLog, { now: clock.now(), maxAgeMs: 86_400_000 });

    const byOffset = await subscribed({ streams: { [`events:${organizationId}`]: { epoch, offset: old } } });
    expect(await byOffset.next((frame) => frame.type?.endsWith('_history') === true)).toMatchObject({
      type: 'reject_history',
    });
    const bySince = await subscribed({ since: oldSeconds });
    expect(await bySince.next((frame) => frame.type?.endsWith('_history') === true)).toMatchObject({
      type: 'reject_history',
    });
  });
});
