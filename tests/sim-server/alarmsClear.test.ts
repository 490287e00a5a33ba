// Alarms clear when their condition ends (issue 37 item 4; docs/alarms.md "Cleared"): an asset back online after its
// offline alarm (the offline watch appends `AssetCameBackOnline`), an incident that ended. A cleared alarm leaves the
// open count and the open tab, is listed under `state=cleared` with `cleared_at`, stays acknowledged when someone
// acknowledged it first, reaches dashboards as `alarms_cleared` at the ending event's offset, and a rebuild of the
// log clears the same alarms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmPage, AlarmRecord, AlarmState } from '#domain/alarms/alarm';
import { OFFLINE_AFTER_MS } from '#domain/alarms/alarmRules';
import type { LocationRecord } from '#domain/locations/locationRecord';
import { rebuildProjections } from '#sim/store/eventLog';
import {
  bearer,
  organizationIds,
  signIn,
  startHarness,
  type Harness,
  type OrganizationIds,
} from './support/simulatorHarness.ts';
import { recordCheckIn } from './support/checkIns.ts';

let harness: Harness;
let organizations: OrganizationIds;
const NO_TIMER = { every: () => () => undefined };

beforeAll(async () => {
  harness = await startHarness({ offlineWatch: { scheduler: NO_TIMER } });
  organizations = organizationIds(harness.app);
});
afterAll(async () => {
  await harness.close();
});

/** Signs in again each time: the tests move the clock past a token's life. */
async function alarmsOf(organizationId: string, state: AlarmState): Promise<AlarmPage> {
  const { access_token } = await signIn(harness.app, 'admin@demo.test');
  const response = await harness.app.inject({
    url: `/api/alarms?organization_id=${organizationId}&state=${state}&per_page=500`,
    headers: bearer(access_token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AlarmPage>();
}

const about = (page: AlarmPage, subjectId: string): AlarmRecord[] =>
  page.data.filter((alarm) => alarm.subject_id === subjectId);

const checkIn = (thingId: string, at: number) =>
  recordCheckIn(harness.app.eventLog, thingId, organizations.responders, at);

function responderThings(count: number): string[] {
  return harness.app.eventLog.db
    .prepare<[string, number], { id: string }>(
      'SELECT id FROM things WHERE organization_id = ? AND in_service = 1 AND is_active = 1 ORDER BY id LIMIT ?',
    )
    .all(organizations.responders, count)
    .map((row) => row.id);
}

/** What went out on the cable to the responders while `run` ran. */
async function heardWhile(run: () => Promise<void> | void) {
  const heard: { type: string; data: unknown; offset?: number }[] = [];
  const broadcaster = harness.app.broadcaster;
  const original = broadcaster.broadcastToEach.bind(broadcaster);
  broadcaster.broadcastToEach = (organizationIds, type, data, offset) => {
    if (organizationIds.includes(organizations.responders)) heard.push({ type, data, offset });
    original(organizationIds, type, data, offset);
  };
  try {
    await run();
  } finally {
    broadcaster.broadcastToEach = original;
  }
  return heard;
}

describe('an offline alarm', () => {
  it('given an offline alarm, when the asset reports again, then it clears and leaves the open count', async () => {
    const [quiet, acknowledgedFirst] = responderThings(2) as [string, string];
    const checkInAt = harness.clock.now() + 1_000;
    harness.clock.set(checkInAt);
    await checkIn(quiet, checkInAt);
    await checkIn(acknowledgedFirst, checkInAt);
    harness.clock.set(checkInAt + OFFLINE_AFTER_MS + 1_000);
    // The whole seeded fleet crossed the window with them; only these two come back.
    expect(await harness.app.offlineWatch.runNow()).toBeGreaterThanOrEqual(2);
    const raised = await alarmsOf(organizations.responders, 'open');
    const [offline] = about(raised, quiet);
    const [other] = about(raised, acknowledgedFirst);
    expect(offline?.cleared_at).toBeNull();
    const { access_token } = await signIn(harness.app, 'admin@demo.test');
    const acknowledged = await harness.app.inject({
      method: 'POST',
      url: `/api/alarms/${other?.id ?? ''}/acknowledge`,
      headers: bearer(access_token),
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);

    // Both report again; the next look of the watch sees them back.
    const backAt = harness.clock.now() + 20_000;
    harness.clock.set(backAt);
    await checkIn(quiet, backAt);
    await checkIn(acknowledgedFirst, backAt);
    const watchAt = backAt + 30_000;
    harness.clock.set(watchAt);
    const heard = await heardWhile(() => void harness.app.offlineWatch.runNow());

    const open = await alarmsOf(organizations.responders, 'open');
    expect(about(open, quiet)).toEqual([]);
    expect(open.meta.open_total).toBe(raised.meta.open_total - 2);
    const cleared = await alarmsOf(organizations.responders, 'cleared');
    expect(about(cleared, quiet)).toEqual([
      expect.objectContaining({ id: offline?.id, cleared_at: new Date(watchAt).toISOString() }),
    ]);
    // Acknowledged before it cleared: it stays in the acknowledged tab and says it cleared too.
    const handled = await alarmsOf(organizations.responders, 'acknowledged');
    expect(about(handled, acknowledgedFirst)).toEqual([
      expect.objectContaining({ id: other?.id, cleared_at: new Date(watchAt).toISOString() }),
    ]);
    const cameBack = harness.app.eventLog.db
      .prepare<[], { seq: number; stream_id: string }>(
        "SELECT seq, stream_id FROM events WHERE type = 'AssetCameBackOnline' ORDER BY seq",
      )
      .all();
    expect(cameBack.map((row) => row.stream_id).sort()).toEqual([quiet, acknowledgedFirst].sort());
    expect(heard.filter((message) => message.type === 'alarms_cleared')).toEqual(
      cameBack.map((row) => ({
        type: 'alarms_cleared',
        data: {
          organization_id: organizations.responders,
          alarm_ids: [row.stream_id === quiet ? offline?.id : other?.id],
          cleared_at: new Date(watchAt).toISOString(),
        },
        offset: row.seq,
      })),
    );

    // The watch looks again: nothing more to record.
    await harness.app.offlineWatch.runNow();
    const count = harness.app.eventLog.db
      .prepare("SELECT COUNT(*) AS count FROM events WHERE type = 'AssetCameBackOnline'")
      .get() as { count: number };
    expect(count.count).toBe(2);
  });
});

describe('an incident alarm', () => {
  it('given an incident started, when it ends, then its alarm clears', async () => {
    const { access_token } = await signIn(harness.app, 'staff@demo.test');
    const startedAt = harness.clock.now();
    const location: LocationRecord = {
      id: 'c1e4a0b6-5f0e-4a57-9a8c-37a000000001',
      organization_id: organizations.responders,
      external_id: 'INC-CLEAR-1',
      is_active: true,
      lat: 41.88,
      lng: -87.63,
      street: 'W CLEARING ST',
      roadway_heading: 0,
      things_active: [],
      things_inactive: [],
      start_time: new Date(startedAt).toISOString(),
      end_time: null,
      alt: null,
      alert_message: null,
      features: [],
    };
    const report = (record: LocationRecord) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/sim/locations',
        headers: bearer(access_token),
        payload: record,
      });
    expect((await report(location)).statusCode).toBe(200);
    const [started] = about(await alarmsOf(organizations.responders, 'open'), location.id);
    expect(started?.kind).toBe('incident_started');

    harness.clock.advance(30 * 60_000);
    const endedAt = new Date(harness.clock.now()).toISOString();
    const ended = await report({ ...location, is_active: false, end_time: endedAt });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(about(await alarmsOf(organizations.responders, 'open'), location.id)).toEqual([]);
    expect(about(await alarmsOf(organizations.responders, 'cleared'), location.id)).toEqual([
      expect.objectContaining({ id: started?.id, cleared_at: endedAt }),
    ]);
  });

  it('a rebuild of the log clears the same alarms at the same times', () => {
    const snapshot = () =>
      harness.app.eventLog.db.prepare('SELECT * FROM alarms ORDER BY id').all() as Record<string, unknown>[];
    const before = snapshot();
    expect(before.some((row) => row.cleared_at !== null)).toBe(true);
    rebuildProjections(harness.app.eventLog);
    expect(snapshot()).toEqual(before);
  });
});
