// The alarm queue's routes (issue 28 item 3; docs/alarms.md) on a real SQLite file: an incident created through the
// API, an R2R alert a device did not deliver and an asset gone silent raise alarms; who sees which follows the
// permission tables; another organization's queue is out of reach; acknowledging one or all records who and when,
// and the queue comes back the same from a rebuild of the log and from a restart on the same file.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmPage } from '#domain/alarms/alarm';
import { OFFLINE_AFTER_MS } from '#domain/alarms/alarmRules';
import { buildApp } from '#sim/app';
import { createAlarmRaisedReader } from '#sim/alarms/alarmRepository';
import { createCableHistory } from '#sim/cable/cableHistory';
import { createThingAudienceReader } from '#sim/things/thingAudience';
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
/** The app built again on the same file (the harness closes only its first). */
let restarted: FastifyInstance | null = null;
/** The offline watch runs when a test says so. */
const NO_TIMER = { every: () => () => undefined };
let organizations: OrganizationIds;
const tokens: Record<'media' | 'user' | 'admin', string> = { media: '', user: '', admin: '' };

async function queue(token: string, query = ''): Promise<AlarmPage> {
  const response = await harness.app.inject({ url: `/api/alarms${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AlarmPage>();
}

/** `POST /api/alarms/{id}/acknowledge` as the token's user. */
const acknowledge = (token: string, alarmId: string | undefined) =>
  harness.app.inject({
    method: 'POST',
    url: `/api/alarms/${alarmId ?? ''}/acknowledge`,
    headers: bearer(token),
  });

/** `POST /api/alarms/acknowledge_all` for the organization, as the token's user. */
const acknowledgeAll = (token: string, organizationId: string) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/alarms/acknowledge_all',
    headers: bearer(token),
    payload: { organization_id: organizationId },
  });

async function createIncident(street: string): Promise<string> {
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/locations',
    headers: bearer(tokens.admin),
    payload: { lat: 41.88, lng: -87.63, street, organization_id: organizations.coordination },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>().id;
}

function thingOf(organizationId: string): string {
  const row = harness.app.eventLog.db
    .prepare<[string], { id: string }>(
      'SELECT id FROM things WHERE organization_id = ? AND in_service = 1 AND is_active = 1 ORDER BY id LIMIT 1',
    )
    .get(organizationId);
  if (!row) throw new Error('no thing');
  return row.id;
}

beforeAll(async () => {
  harness = await startHarness({ offlineWatch: { scheduler: NO_TIMER } });
  organizations = organizationIds(harness.app);
  for (const [role, email] of [
    ['media', 'media@demo.test'],
    ['user', 'user@demo.test'],
    ['admin', 'admin@demo.test'],
  ] as const)
    tokens[role] = (await signIn(harness.app, email)).access_token;
});
afterAll(async () => {
  await harness.close();
  await restarted?.close();
});

describe('raising', () => {
  it('an incident created through the API is an open alarm for everyone who sees events', async () => {
    const locationId = await createIncident('W Alarm Test St');
    for (const token of [tokens.media, tokens.user, tokens.admin]) {
      const page = await queue(token);
      const alarm = page.data.find((candidate) => candidate.subject_id === locationId);
      expect(alarm).toMatchObject({
        kind: 'incident_started',
        organization_id: organizations.coordination,
        text: 'Incident started at W Alarm Test St',
        acknowledged_at: null,
      });
    }
  });

  it('an R2R alert a device did not deliver is seen by those who may test R2R, not by Media or User', async () => {
    const thingId = thingOf(organizations.coordination);
    const log = harness.app.eventLog;
    await log.write(() =>
      log.record(
        { type: 'R2RTestAlertSent', data: { delivered: false } },
        { streamId: thingId, organizationId: organizations.coordination, recordedAt: harness.clock.now() },
      ),
    );
    const isR2R = (page: AlarmPage) => page.data.some((alarm) => alarm.kind === 'r2r_alert_not_delivered');
    expect(isR2R(await queue(tokens.admin))).toBe(true);
    expect(isR2R(await queue(tokens.user))).toBe(false);
    expect(isR2R(await queue(tokens.media))).toBe(false);
  });
});

describe('order and organization boundary', () => {
  it('lists open alarms oldest first and counts them', async () => {
    const page = await queue(tokens.admin);
    const times = page.data.map((alarm) => Date.parse(alarm.raised_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(page.meta.open_total).toBe(page.meta.total);
  });

  it('answers 404 for an organization out of reach and 403 for acknowledging in an accessed one', async () => {
    const foreign = await harness.app.inject({
      url: '/api/alarms?organization_id=not-an-organization',
      headers: bearer(tokens.admin),
    });
    expect(foreign.statusCode).toBe(404);
    const accessed = await acknowledgeAll(tokens.admin, organizations.fleet);
    expect(accessed.statusCode).toBe(403);
    const noToken = await harness.app.inject({ url: '/api/alarms' });
    expect(noToken.statusCode).toBe(401);
  });

  it('does not let one acknowledge an alarm of a kind one does not see', async () => {
    const r2r = (await queue(tokens.admin)).data.find((alarm) => alarm.kind === 'r2r_alert_not_delivered');
    const response = await acknowledge(tokens.user, r2r?.id);
    expect(response.statusCode).toBe(404);
  });
});

describe('acknowledging', () => {
  it('refuses Media, who sees the queue read only, one alarm and all alike (issue 34 item 6)', async () => {
    const locationId = await createIncident('W Read Only St');
    const alarm = (await queue(tokens.media)).data.find((candidate) => candidate.subject_id === locationId);
    expect(alarm).toBeDefined();
    const one = await acknowledge(tokens.media, alarm?.id);
    expect(one.statusCode).toBe(403);
    const all = await acknowledgeAll(tokens.media, organizations.coordination);
    expect(all.statusCode).toBe(403);
    const still = (await queue(tokens.admin)).data.find((candidate) => candidate.id === alarm?.id);
    expect(still?.acknowledged_at).toBeNull();
  });

  it('one alarm: records who and when, moves it to the acknowledged search; a second time changes nothing', async () => {
    const locationId = await createIncident('N Acknowledge Ave');
    const alarm = (await queue(tokens.user)).data.find((candidate) => candidate.subject_id === locationId);
    const first = await acknowledge(tokens.user, alarm?.id);
    expect(first.json()).toEqual({ acknowledged_ids: [alarm?.id] });
    const second = await acknowledge(tokens.admin, alarm?.id);
    expect(second.json()).toEqual({ acknowledged_ids: [] });

    expect((await queue(tokens.admin)).data.some((candidate) => candidate.id === alarm?.id)).toBe(false);
    const found = await queue(tokens.media, '?state=acknowledged&search=acknowledge%20ave');
    expect(found.data).toHaveLength(1);
    expect(found.data[0]).toMatchObject({
      id: alarm?.id,
      acknowledged_at: new Date(harness.clock.now()).toISOString(),
      acknowledged_by_name: expect.stringMatching(/\S/) as unknown,
    });
  });

  it('all: acknowledges only what the caller sees, in the caller’s organization', async () => {
    await createIncident('S Everything St');
    const response = await acknowledgeAll(tokens.user, organizations.coordination);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ acknowledged_ids: string[] }>().acknowledged_ids.length).toBeGreaterThan(0);
    expect((await queue(tokens.user)).meta.open_total).toBe(0);
    // The R2R alarm the User does not see is still open for the Admin.
    const left = (await queue(tokens.admin)).data;
    expect(left.map((alarm) => alarm.kind)).toEqual(['r2r_alert_not_delivered']);
  });
});

describe('cable', () => {
  it('sends `alarm` at the offset of the event that raised it and `alarms_acknowledged`, live and in the history', async () => {
    const log = harness.app.eventLog;
    const heard: { type: string; data: unknown; offset?: number }[] = [];
    const broadcaster = harness.app.broadcaster;
    const original = broadcaster.broadcastToEach.bind(broadcaster);
    broadcaster.broadcastToEach = (organizationIds, type, data, offset) => {
      if (organizationIds.includes(organizations.coordination)) heard.push({ type, data, offset });
      original(organizationIds, type, data, offset);
    };
    const before = log.store.lastSeq();
    try {
      const locationId = await createIncident('E Cable Alarm Rd');
      const alarm = (await queue(tokens.admin)).data.find((candidate) => candidate.subject_id === locationId);
      await acknowledge(tokens.admin, alarm?.id);
      const live = heard.filter((message) => message.type !== 'location');
      expect(live).toEqual([
        {
          type: 'alarm',
          data: {
            id: alarm?.id,
            kind: 'incident_started',
            organization_id: organizations.coordination,
            raised_at: alarm?.raised_at,
          },
          offset: heard.find((message) => message.type === 'location')?.offset,
        },
        {
          type: 'alarms_acknowledged',
          data: {
            organization_id: organizations.coordination,
            alarm_ids: [alarm?.id],
            acknowledged_at: expect.any(String) as unknown,
          },
          offset: log.store.lastSeq(),
        },
      ]);
      const history = createCableHistory(
        log,
        createThingAudienceReader(log),
        undefined,
        createAlarmRaisedReader(log.db),
      );
      const page = history.read(organizations.coordination, { afterOffset: before });
      const types = (page?.messages ?? []).map((message) => (JSON.parse(message) as { type: string }).type);
      expect(types).toEqual(['location', 'alarm', 'alarms_acknowledged']);
    } finally {
      broadcaster.broadcastToEach = original;
    }
  });
});

describe('durability', () => {
  const snapshot = () =>
    harness.app.eventLog.db.prepare('SELECT * FROM alarms ORDER BY id').all() as Record<string, unknown>[];

  it('a rebuild of the log gives the same queue', () => {
    const before = snapshot();
    expect(before.length).toBeGreaterThan(3);
    rebuildProjections(harness.app.eventLog);
    expect(snapshot()).toEqual(before);
  });

  it('a restart on the same file gives the same queue', async () => {
    const before = await queue(tokens.admin, '?state=acknowledged');
    await harness.app.close();
    restarted = await buildApp({
      databasePath: harness.databasePath,
      clock: harness.clock,
      replay: false,
      offlineWatch: { scheduler: NO_TIMER },
    });
    harness.app = restarted;
    await harness.app.ready();
    tokens.admin = (await signIn(harness.app, 'admin@demo.test')).access_token;
    expect(await queue(tokens.admin, '?state=acknowledged')).toEqual(before);
  });
});

// Last: it moves the clock four days on.
describe('asset offline', () => {
  it('an asset silent past the offline window is raised once by the offline watch', async () => {
    const thingId = thingOf(organizations.responders);
    const checkInAt = harness.clock.now() + 1_000;
    harness.clock.set(checkInAt);
    await recordCheckIn(harness.app.eventLog, thingId, organizations.responders, checkInAt);
    harness.clock.set(checkInAt + OFFLINE_AFTER_MS - 1_000);
    await harness.app.offlineWatch.runNow();
    tokens.admin = (await signIn(harness.app, 'admin@demo.test')).access_token;
    const before = await queue(tokens.admin, `?organization_id=${organizations.responders}&per_page=500`);
    expect(before.data.some((alarm) => alarm.subject_id === thingId)).toBe(false);

    harness.clock.set(checkInAt + OFFLINE_AFTER_MS + 1_000);
    await harness.app.offlineWatch.runNow();
    await harness.app.offlineWatch.runNow();
    tokens.admin = (await signIn(harness.app, 'admin@demo.test')).access_token;
    const after = await queue(tokens.admin, `?organization_id=${organizations.responders}&per_page=500`);
    const offline = after.data.filter((alarm) => alarm.subject_id === thingId);
    expect(offline).toHaveLength(1);
    expect(offline[0]?.kind).toBe('asset_offline');
    expect(offline[0]?.text).toMatch(/ went offline$/);
  });
});
