// Device telemetry: one transaction per batch (events appended, things moved), nothing written for a bad
// batch, and a broadcast to the organizations that see the thing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceType } from '#domain/things/thing';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import { rebuildProjections } from '#sim/store/eventLog';
import { connectCable } from './support/cableClient.ts';
import {
  bearer,
  countRows,
  organizationIds,
  projectionDump,
  signIn,
  startHarness,
  type Harness,
} from './support/simulatorHarness.ts';
import { telemetrySample } from './support/telemetrySamples.ts';

type Device = { id: string; system_identifier: string; device_type: DeviceType; organization_id: string };
type ThingState = {
  lat: number;
  lng: number;
  enroute: number;
  run_id: string | null;
  street: string | null;
  heartbeat_at: number;
};

let harness: Harness;
let staffToken: string;
let devices: Device[];

beforeAll(async () => {
  harness = await startHarness();
  staffToken = (await signIn(harness.app, 'staff@demo.test')).access_token;
  devices = harness.app.eventLog.db
    .prepare<[string], Device>(
      'SELECT id, system_identifier, device_type, organization_id FROM things WHERE organization_id = ? ORDER BY id LIMIT 3',
    )
    .all(organizationIds(harness.app).responders);
});
afterAll(async () => {
  await harness.close();
});

function sampleFor(device: Device, overrides: Partial<TelemetrySample> = {}): TelemetrySample {
  return telemetrySample(device, harness.clock.now(), overrides);
}

const post = (samples: unknown[], token = staffToken) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/sim/telemetry',
    headers: bearer(token),
    payload: { samples },
  });

function stateOf(device: Device): ThingState | undefined {
  return harness.app.eventLog.db
    .prepare<[string], ThingState>(
      'SELECT lat, lng, enroute, run_id, street, heartbeat_at FROM things_with_state WHERE id = ?',
    )
    .get(device.id);
}

function firstDevice(): Device {
  const device = devices[0];
  if (!device) throw new Error('the seed has no responder things');
  return device;
}

describe('POST /api/sim/telemetry', () => {
  it('appends one event per sample and moves each thing, answering 202 with the counts', async () => {
    harness.clock.advance(1_000);
    const eventsBefore = countRows(harness.app, 'events');
    const samples = devices.map((device, index) =>
      sampleFor(device, {
        lat: 41.87 + index / 1000,
        kind: index === 2 ? 'heartbeat' : 'point',
        enroute: index !== 2,
      }),
    );
    const response = await post([...samples, sampleFor(firstDevice(), { device_id: 'ha5-unknown' })]);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 3, unknown: 1 });

    const appended = harness.app.eventLog.db
      .prepare<[number], { type: string; stream_id: string }>(
        'SELECT type, stream_id FROM events WHERE seq > ? ORDER BY seq',
      )
      .all(eventsBefore);
    expect(appended).toEqual([
      { type: 'PointRecorded', stream_id: devices[0]?.id },
      { type: 'PointRecorded', stream_id: devices[1]?.id },
      { type: 'HeartbeatRecorded', stream_id: devices[2]?.id },
    ]);
    devices.forEach((device, index) => {
      expect(stateOf(device)).toMatchObject({
        lat: 41.87 + index / 1000,
        lng: -87.6298,
        heartbeat_at: harness.clock.now(),
      });
    });
  });

  it('keeps one run id while a device stays en route and ends the run when it stops', async () => {
    const device = firstDevice();
    harness.clock.advance(1_000);
    await post([sampleFor(device, { enroute: false, kind: 'heartbeat' })]);
    expect(stateOf(device)?.run_id).toBeNull();
    harness.clock.advance(1_000);
    await post([sampleFor(device)]);
    const runId = stateOf(device)?.run_id;
    expect(runId).toMatch(/^\d+$/);
    harness.clock.advance(1_000);
    await post([sampleFor(device, { lat: 41.8791 })]);
    expect(stateOf(device)?.run_id).toBe(runId);
    harness.clock.advance(1_000);
    await post([sampleFor(device, { kind: 'heartbeat', enroute: false })]);
    expect(stateOf(device)?.run_id).toBeNull();
    harness.clock.advance(1_000);
    await post([sampleFor(device)]);
    expect(stateOf(device)?.run_id).not.toBe(runId);
  });

  it('logs a sample older than the thing’s last one but does not move the thing back', async () => {
    const device = firstDevice();
    harness.clock.advance(1_000);
    await post([sampleFor(device, { lat: 41.9 })]);
    const eventsBefore = countRows(harness.app, 'events');
    const older = new Date(harness.clock.now() - 30_000).toISOString();
    const response = await post([sampleFor(device, { lat: 41.7, time: older })]);
    expect(response.json()).toEqual({ accepted: 1, unknown: 0 });
    expect(countRows(harness.app, 'events')).toBe(eventsBefore + 1);
    expect(stateOf(device)?.lat).toBe(41.9);
  });

  it('treats a known device id with another device type as unknown', async () => {
    const device = firstDevice();
    const response = await post([
      sampleFor(device, { device_type: device.device_type === 'api' ? 'ha5' : 'api' }),
    ]);
    expect(response.json()).toEqual({ accepted: 0, unknown: 1 });
  });

  it('rejects a batch with one invalid sample with 400 and writes none of it', async () => {
    const eventsBefore = countRows(harness.app, 'events');
    const before = devices.map(stateOf);
    harness.clock.advance(1_000);
    const invalidSamples: unknown[] = [
      { ...sampleFor(firstDevice()), lat: 123 },
      { ...sampleFor(firstDevice()), time: 'yesterday' },
      { ...sampleFor(firstDevice()), kind: 'teleport' },
      (({ speed: _speed, ...rest }) => rest)(sampleFor(firstDevice())),
    ];
    for (const invalid of invalidSamples) {
      const response = await post([sampleFor(devices[1] ?? firstDevice(), { lat: 41.5 }), invalid]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'bad_request' });
    }
    expect(countRows(harness.app, 'events')).toBe(eventsBefore);
    expect(devices.map(stateOf)).toEqual(before);
  });

  it('rejects the same invalid sample when it comes from inside the process', async () => {
    const eventsBefore = countRows(harness.app, 'events');
    await expect(
      harness.app.telemetry.ingest([
        sampleFor(firstDevice()),
        sampleFor(firstDevice(), { speed: Number.NaN }),
      ]),
    ).rejects.toThrow(/samples\[1\]: speed/);
    expect(countRows(harness.app, 'events')).toBe(eventsBefore);
  });

  it('rolls the whole batch back when the database fails halfway', async () => {
    const db = harness.app.eventLog.db;
    const eventsBefore = countRows(harness.app, 'events');
    const before = devices.map(stateOf);
    db.exec(`CREATE TEMP TRIGGER fail_third_sample AFTER INSERT ON events
             WHEN NEW.seq = ${eventsBefore + 3} BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    try {
      harness.clock.advance(1_000);
      const response = await post(devices.map((device) => sampleFor(device, { lat: 41.6 })));
      expect(response.statusCode).toBe(500);
    } finally {
      db.exec('DROP TRIGGER fail_third_sample');
    }
    expect(countRows(harness.app, 'events')).toBe(eventsBefore);
    expect(devices.map(stateOf)).toEqual(before);
  });

  it('is for provider staff only: 403 for a dashboard user, 401 without a token, before validation', async () => {
    const { access_token: userToken } = await signIn(harness.app, 'user@demo.test');
    expect((await post([sampleFor(firstDevice())], userToken)).statusCode).toBe(403);
    // Checked before the body is validated: a stranger's malformed batch is a 401, not a 400.
    const anonymous = await harness.app.inject({
      method: 'POST',
      url: '/api/sim/telemetry',
      payload: { samples: 'not a list' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('projections', () => {
  it('rebuilt from the event log equal the live tables', () => {
    const live = projectionDump(harness.app);
    const applied = rebuildProjections(harness.app.eventLog);
    expect(applied).toBe(countRows(harness.app, 'events'));
    expect(projectionDump(harness.app)).toEqual(live);
  });
});

describe('broadcast', () => {
  it('sends a point to subscribers of the owner and of the managing organization, after the commit', async () => {
    const url = await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const ids = organizationIds(harness.app);
    const { access_token: userToken } = await signIn(harness.app, 'user@demo.test');
    const owner = await connectCable(url, userToken);
    const manager = await connectCable(url, userToken);
    const bystander = await connectCable(url, userToken);
    await owner.subscribe(ids.responders);
    await manager.subscribe(ids.coordination);
    await bystander.subscribe(ids.fleet);

    const device = firstDevice();
    harness.clock.advance(1_000);
    const time = new Date(harness.clock.now()).toISOString();
    await post([sampleFor(device, { lat: 41.8801, lng: -87.6301, time })]);
    const isPoint = (frame: { message?: { type: string } }) => frame.message?.type === 'point';
    const [atOwner, atManager] = await Promise.all([owner.next(isPoint), manager.next(isPoint)]);
    expect(atOwner.message?.data).toMatchObject({
      thing_id: device.id,
      lat: 41.8801,
      lng: -87.6301,
      speed: 12.5,
      course: 180,
      accuracy: 4,
      enroute: true,
      street: 'S STATE ST',
      timestamp: time,
    });
    expect(atOwner.message?.data.id).toBe(String(countRows(harness.app, 'events')));
    expect(atManager.message?.data).toEqual(atOwner.message?.data);

    // The fleet subscriber hears its own devices, never the responders' point.
    const fleetDevice = harness.app.eventLog.db
      .prepare<[string], Device>(
        'SELECT id, system_identifier, device_type, organization_id FROM things WHERE organization_id = ? LIMIT 1',
      )
      .get(ids.fleet);
    if (!fleetDevice) throw new Error('no fleet device');
    await post([sampleFor(fleetDevice, { kind: 'heartbeat', enroute: false })]);
    const heard = await bystander.next((frame) => frame.message !== undefined);
    expect(heard.message).toMatchObject({
      type: 'heartbeat',
      data: { thing_id: fleetDevice.id, is_active: true },
    });
    for (const client of [owner, manager, bystander]) client.close();
  });
});
