// Wrong-way detection on the simulator (issue 28; docs/alarms.md "Wrong-way detection"): a device posted through
// POST /api/sim/telemetry driving the wrong way in an active wrong-way zone (from its sign along the drawn line,
// against the traffic) appends one `WrongWayDetected` and raises
// one wrong-way alarm in the zone's organization, with the zone's alert message; a noisy fix, a standby zone or a
// driver still going the wrong way raise nothing more; leaving the zone rearms the detection, but the zone raises no
// second alarm while its first is open; the last driver leaving clears it (issue 37 item 4), and for the quiet
// period after that the zone's next pass raises none (the hold-off); a rebuild gives the same queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmPage, AlarmRecord, AlarmState } from '#domain/alarms/alarm';
import { WRONG_WAY_QUIET_MS } from '#domain/alarms/alarmRules';
import type { AlertingZoneRecord } from '#domain/zones/alertingZoneRecord';
import type { DeviceType } from '#domain/things/thing';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import { rebuildProjections } from '#sim/store/eventLog';
import {
  bearer,
  organizationIds,
  signIn,
  startHarness,
  type Harness,
  type OrganizationIds,
} from './support/simulatorHarness.ts';
import { recordTelemetry, telemetrySample } from './support/telemetrySamples.ts';

type Device = { id: string; system_identifier: string; device_type: DeviceType };

let harness: Harness;
let organizations: OrganizationIds;
let adminToken: string;
let staffToken: string;
let devices: Device[];

/** Far from the seeded world's zones; each test's zone gets its own stretch of road further north. */
const BASE = { lat: 41.95, lng: -87.7 };
const NO_TIMER = { every: () => () => undefined };

beforeAll(async () => {
  harness = await startHarness({ offlineWatch: { scheduler: NO_TIMER } });
  organizations = organizationIds(harness.app);
  adminToken = (await signIn(harness.app, 'admin@demo.test')).access_token;
  staffToken = (await signIn(harness.app, 'staff@demo.test')).access_token;
  devices = harness.app.eventLog.db
    .prepare<[], Device>(
      'SELECT id, system_identifier, device_type FROM things WHERE is_active = 1 ORDER BY id LIMIT 6',
    )
    .all();
});
afterAll(async () => {
  await harness.close();
});

function device(index: number): Device {
  const found = devices[index];
  if (!found) throw new Error(`no device ${index}`);
  return found;
}

/** A zone whose line is drawn 220 m north from its sign at `lat`: traffic runs south, driving north is the wrong way. */
async function createZone(
  lat: number,
  texts: { description: string; alertMessage: string; active?: boolean },
) {
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/organization/alerting_zones',
    headers: bearer(adminToken),
    payload: {
      type: 'wrong_way_driver',
      hotspot_id: null,
      geom_type: 'polyline',
      geometry: [
        { lat, lon: BASE.lng },
        { lat: lat + 0.002, lon: BASE.lng },
      ],
      organization_id: organizations.coordination,
      description: texts.description,
      alert_message: texts.alertMessage,
      is_active: texts.active ?? true,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AlertingZoneRecord>();
}

/** Posts one report of `who` on the zone's line (a fifth of the way up from the sign), one second later each. */
async function report(who: Device, lat: number, overrides: Partial<TelemetrySample> = {}) {
  harness.clock.advance(1_000);
  const sample = telemetrySample(who, harness.clock.now(), {
    lat: lat + 0.001,
    lng: BASE.lng,
    course: 0,
    speed: 15,
    street: null,
    ...overrides,
  });
  await recordTelemetry(harness.app, staffToken, [sample]);
}

async function wrongWayAlarms(zoneId: string, state: AlarmState = 'open'): Promise<AlarmRecord[]> {
  const response = await harness.app.inject({
    url: `/api/alarms?organization_id=${organizations.coordination}&state=${state}&per_page=500`,
    headers: bearer(adminToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AlarmPage>().data.filter((alarm) => alarm.subject_id === zoneId);
}

function detectionsOf(zoneId: string): { data: string; organization_id: string }[] {
  return harness.app.eventLog.db
    .prepare<[string], { data: string; organization_id: string }>(
      "SELECT data, organization_id FROM events WHERE type = 'WrongWayDetected' AND stream_id = ? ORDER BY seq",
    )
    .all(zoneId);
}

/** How many times the zone's last wrong-way driver left it. */
const endsOf = (zoneId: string): number =>
  harness.app.eventLog.db
    .prepare<[string], { count: number }>(
      "SELECT COUNT(*) AS count FROM events WHERE type = 'WrongWayEnded' AND stream_id = ?",
    )
    .get(zoneId)?.count ?? 0;

describe('wrong-way detection', () => {
  it('two wrong-way reports raise one alarm with the zone’s alert message, once', async () => {
    const lat = BASE.lat;
    // A report before the zone exists: the detector has read the zones already and must hear of the new one.
    await report(device(0), lat);
    const zone = await createZone(lat, { description: 'Test ramp north', alertMessage: 'Turn around now' });
    await report(device(0), lat);
    expect(await wrongWayAlarms(zone.id)).toEqual([]);
    await report(device(0), lat, { course: 5 });
    const alarms = await wrongWayAlarms(zone.id);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({
      kind: 'wrong_way_alert',
      organization_id: organizations.coordination,
      subject_name: 'Test ramp north',
      text: 'Wrong-way driver reported in Test ramp north',
      detail: 'Turn around now',
      acknowledged_at: null,
    });
    const detections = detectionsOf(zone.id);
    expect(detections).toHaveLength(1);
    expect(detections[0]?.organization_id).toBe(organizations.coordination);
    expect(JSON.parse(detections[0]?.data ?? '{}')).toMatchObject({
      zone_id: zone.id,
      thing_id: device(0).id,
      lat: lat + 0.001,
      lng: BASE.lng,
      heading: 5,
      time: new Date(harness.clock.now()).toISOString(),
    });

    // Still going the wrong way: nothing more.
    await report(device(0), lat);
    await report(device(0), lat);
    expect(await wrongWayAlarms(zone.id)).toHaveLength(1);

    // Out of the zone: the condition ended, so the alarm clears (issue 37 item 4) and leaves the open ones.
    await report(device(0), lat + 0.05);
    expect(await wrongWayAlarms(zone.id)).toEqual([]);
    const [cleared] = await wrongWayAlarms(zone.id, 'cleared');
    expect(cleared?.id).toBe(alarms[0]?.id);
    expect(cleared?.cleared_at).toBe(new Date(harness.clock.now()).toISOString());

    // Back in the wrong way a minute later (a busy ramp's next pass): detected, but within the quiet period after
    // the clearing it raises no alarm (the hold-off, docs/alarms.md).
    harness.clock.advance(60_000);
    await report(device(0), lat);
    await report(device(0), lat);
    expect(detectionsOf(zone.id)).toHaveLength(2);
    expect(await wrongWayAlarms(zone.id)).toEqual([]);
    await report(device(0), lat + 0.05);
    expect(await wrongWayAlarms(zone.id, 'cleared')).toHaveLength(1);

    // Past the quiet period, back in the wrong way, and another driver too: detected twice, one new alarm for the
    // new condition, not one per driver (one alarm per condition).
    harness.clock.advance(WRONG_WAY_QUIET_MS);
    await report(device(0), lat);
    await report(device(0), lat);
    await report(device(5), lat);
    await report(device(5), lat);
    expect(detectionsOf(zone.id)).toHaveLength(4);
    const second = await wrongWayAlarms(zone.id);
    expect(second).toHaveLength(1);
    expect(second[0]?.id).not.toBe(alarms[0]?.id);

    // The first driver leaves while the second is still there: the condition holds, the alarm stays open; once the
    // last one has gone, it clears.
    await report(device(0), lat + 0.05);
    expect(await wrongWayAlarms(zone.id)).toHaveLength(1);
    await report(device(5), lat + 0.05);
    expect(await wrongWayAlarms(zone.id)).toEqual([]);
    expect(endsOf(zone.id)).toBe(3);

    // An alarm a dispatcher acknowledged while its driver is still there: the next driver raises a new one.
    // (Past the quiet period after the clearing above.)
    harness.clock.advance(WRONG_WAY_QUIET_MS);
    await report(device(0), lat);
    await report(device(0), lat);
    const third = await wrongWayAlarms(zone.id);
    expect(third).toHaveLength(1);
    const acknowledged = await harness.app.inject({
      method: 'POST',
      url: `/api/alarms/${third[0]?.id ?? ''}/acknowledge`,
      headers: bearer(adminToken),
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    await report(device(5), lat);
    await report(device(5), lat);
    expect(detectionsOf(zone.id)).toHaveLength(6);
    const open = await wrongWayAlarms(zone.id);
    expect(open).toHaveLength(1);
    expect(open[0]?.id).not.toBe(third[0]?.id);
  });

  it('one noisy fix, a driver going the right way or a crossing raise nothing', async () => {
    const lat = BASE.lat + 0.01;
    const zone = await createZone(lat, { description: 'Test ramp noisy', alertMessage: 'Wrong way' });
    await report(device(1), lat, { course: 180 });
    await report(device(1), lat, { course: 0 });
    await report(device(1), lat, { course: 180 });
    await report(device(2), lat, { course: 90 });
    await report(device(2), lat, { course: 90 });
    await report(device(3), lat, { course: 0, speed: 0 });
    await report(device(3), lat, { course: 0, speed: 0 });
    expect(await wrongWayAlarms(zone.id)).toEqual([]);
    expect(detectionsOf(zone.id)).toEqual([]);
  });

  it('a zone on standby watches for nobody', async () => {
    const lat = BASE.lat + 0.02;
    const zone = await createZone(lat, {
      description: 'Test ramp standby',
      alertMessage: 'Wrong way',
      active: false,
    });
    await report(device(4), lat);
    await report(device(4), lat);
    expect(detectionsOf(zone.id)).toEqual([]);
  });

  it('a rebuild of the log gives the same wrong-way alarms', async () => {
    const before = harness.app.eventLog.db
      .prepare("SELECT * FROM alarms WHERE kind = 'wrong_way_alert' ORDER BY id")
      .all();
    expect(before.length).toBeGreaterThan(0);
    rebuildProjections(harness.app.eventLog);
    const after = harness.app.eventLog.db
      .prepare("SELECT * FROM alarms WHERE kind = 'wrong_way_alert' ORDER BY id")
      .all();
    expect(after).toEqual(before);
  });
});
