// Issue 37 item 1, the live dispatcher (sim-server/replay/liveDispatcher.ts; docs/simulator.md "The live
// dispatcher"), over a simulated hour of the seeded world with the replay and the offline watch running on an
// injected clock: incidents start for the responders at a few an hour, the nearest units drive there and arrive
// inside the scene's radius with the drive as their Time-to-Scene, stand on scene on the incident's street (every
// read path agrees), clear and the incident ends; every alarm whose condition ended is cleared. All of it is in the
// log as `LocationSaved`, so the incidents API and the alarm queue show it. The same seed gives the same incidents;
// `dispatch: false` gives none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmPage } from '#domain/alarms/alarm';
import type { LocationRecord } from '#domain/locations/locationRecord';
import { isWithinScene } from '#domain/locations/onScene';
import { bearer, organizationIds, signIn } from './support/simulatorHarness.ts';
import { expectUnitsAtTheirScenes } from './support/scenes.ts';
import {
  DISPATCH_START,
  dispatchWorld,
  liveIncidents,
  storedThings,
  type DispatchWorld,
} from './support/dispatchWorld.ts';

const START = DISPATCH_START;
const HOUR = 3_600_000;
const TICK_MS = 5_000;
type World = DispatchWorld;
const world = (dispatch: boolean) => dispatchWorld({ dispatch, tickMs: TICK_MS });
const storedOf = storedThings;

let live: World;
let token: string;
/** Checks of devices in a dropout: stale (no check-in for over 30 s) each time, or why not. */
const dropoutChecks = { stale: 0, reporting: [] as string[] };

function heartbeatAtOf(harness: World['harness']) {
  const select = harness.app.eventLog.db.prepare<[string], { heartbeat_at: number | null }>(
    'SELECT s.heartbeat_at FROM things t JOIN thing_states s ON s.thing_key = t.thing_key WHERE t.system_identifier = ?',
  );
  return (deviceId: string) => select.get(deviceId)?.heartbeat_at ?? null;
}

/** Checks taken every simulated minute of the hour. */
const farthestOnScene: number[] = [];
let checkedOnScene = 0;

beforeAll(async () => {
  live = await world(true);
  token = (await signIn(live.harness.app, 'admin@demo.test')).access_token;
  const stored = storedOf(live.harness);
  while (live.replayed < HOUR) {
    await live.tick();
    if (live.replayed % 60_000 !== 0) continue;
    // Devices dropped out for over a minute have not checked in since: stale on every screen.
    const now = live.harness.clock.now();
    const heartbeatAt = heartbeatAtOf(live.harness);
    for (const dropout of live.harness.app.replayDropouts?.history ?? []) {
      if (now < dropout.from + 60_000 || now >= dropout.until) continue;
      const last = heartbeatAt(dropout.deviceId) ?? 0;
      if (now - last > 30_000) dropoutChecks.stale += 1;
      else dropoutChecks.reporting.push(`${dropout.deviceId} at ${new Date(now).toISOString()}`);
    }
    // The property through the hour: no unit on scene farther than the radius from its scene.
    for (const incident of liveIncidents(live.harness).filter((candidate) => candidate.is_active))
      for (const unit of incident.things_active) {
        const state = stored(unit.id);
        checkedOnScene += 1;
        if (!isWithinScene(incident, state)) farthestOnScene.push(checkedOnScene);
      }
  }
}, 600_000);
afterAll(async () => {
  await live.harness.close();
});

describe('the live dispatcher over a simulated hour', () => {
  it('starts a few incidents an hour for each organization that runs responders', () => {
    const incidents = liveIncidents(live.harness);
    const ids = organizationIds(live.harness.app);
    for (const organizationId of [ids.responders, ids.coordination]) {
      const started = incidents.filter((incident) => incident.organization_id === organizationId).length;
      expect(started).toBeGreaterThanOrEqual(1);
      expect(started).toBeLessThanOrEqual(10);
    }
    expect(new Set(incidents.map((incident) => incident.organization_id)).size).toBe(2);
    for (const incident of incidents) expect(incident.street).not.toBe('');
  });

  it('never had a unit on scene farther than the radius from its scene', () => {
    expect(checkedOnScene).toBeGreaterThan(10);
    expect(farthestOnScene).toEqual([]);
  });

  it('given a drive, when it ends inside the radius, then Arrived with the drive as Time-to-Scene', () => {
    const times = liveIncidents(live.harness).flatMap((incident) =>
      [...incident.things_active, ...incident.things_inactive].map(
        (unit) => Date.parse(unit.start_time) - Date.parse(incident.start_time),
      ),
    );
    expect(times.length).toBeGreaterThanOrEqual(2);
    // Every unit drove: never 0 s, and a city drive of seconds to minutes.
    expect(Math.min(...times)).toBeGreaterThan(0);
    expect(Math.max(...times)).toBeLessThan(30 * 60_000);
  });

  it('units on scene stand still on the incident’s street, and every read path names that street', async () => {
    await expectUnitsAtTheirScenes(
      live.harness,
      token,
      liveIncidents(live.harness),
      storedOf(live.harness),
      1,
    );
  });

  it('units clear and incidents end, each change through the log (the incidents API shows it)', async () => {
    const ended = liveIncidents(live.harness).filter((incident) => !incident.is_active);
    expect(ended.length).toBeGreaterThanOrEqual(1);
    for (const incident of ended) {
      expect(incident.things_active).toEqual([]);
      expect(incident.things_inactive.length).toBeGreaterThanOrEqual(1);
      for (const unit of incident.things_inactive)
        expect(Date.parse(unit.end_time ?? '')).toBeLessThanOrEqual(Date.parse(incident.end_time ?? ''));
    }
    const saves = live.harness.app.eventLog.db
      .prepare("SELECT COUNT(*) AS count FROM events WHERE type = 'LocationSaved' AND recorded_at > ?")
      .get(START) as { count: number };
    // At least a start, an arrival, a clearing and an end for each ended one.
    expect(saves.count).toBeGreaterThanOrEqual(ended.length * 3);
    const response = await live.harness.app.inject({
      url: `/api/locations?org_ids[]=${ended[0]?.organization_id ?? ''}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const listedEnded = response.json<LocationRecord[]>().find((location) => location.id === ended[0]?.id);
    expect(listedEnded?.is_active).toBe(false);
  });

  it('every alarm raised for a condition that ended is cleared', async () => {
    const ids = organizationIds(live.harness.app);
    const alarms = [];
    for (const organizationId of [ids.responders, ids.coordination])
      for (const state of ['open', 'acknowledged', 'cleared'] as const) {
        const response = await live.harness.app.inject({
          url: `/api/alarms?organization_id=${organizationId}&state=${state}&per_page=500`,
          headers: bearer(token),
        });
        expect(response.statusCode, response.body).toBe(200);
        alarms.push(...response.json<AlarmPage>().data);
      }
    const ended = new Set(
      liveIncidents(live.harness)
        .filter((incident) => !incident.is_active)
        .map((incident) => incident.id),
    );
    const ofEnded = alarms.filter(
      (alarm) => alarm.kind === 'incident_started' && ended.has(alarm.subject_id),
    );
    expect(ofEnded.length).toBe(ended.size);
    for (const alarm of ofEnded) expect(alarm.cleared_at, alarm.text).not.toBeNull();
    const stillActive = alarms.filter(
      (alarm) => alarm.kind === 'incident_started' && alarm.cleared_at === null,
    );
    for (const alarm of stillActive) expect(ended.has(alarm.subject_id)).toBe(false);
  });

  it('raises alarms at a rate a dispatcher can work, and says how many (alarms per hour per organization)', () => {
    const rows = live.harness.app.eventLog.db
      .prepare<[number], { organization_id: string; kind: string; count: number; open: number }>(
        `SELECT organization_id, kind, COUNT(*) AS count,
           SUM(CASE WHEN cleared_at IS NULL AND acknowledged_at IS NULL THEN 1 ELSE 0 END) AS open
         FROM alarms WHERE raised_at > ? GROUP BY organization_id, kind ORDER BY organization_id, kind`,
      )
      .all(START);
    const names = new Map(
      live.harness.app.eventLog.db
        .prepare<[], { id: string; name: string }>('SELECT id, name FROM organizations')
        .all()
        .map((row) => [row.id, row.name]),
    );
    const perOrganization = new Map<string, number>();
    for (const row of rows)
      perOrganization.set(row.organization_id, (perOrganization.get(row.organization_id) ?? 0) + row.count);
    // The figure docs/alarms.md reports (a one-hour run of the seeded world, seed 7).
    console.log(
      'alarms raised in a simulated hour:',
      rows
        .map((row) => `${names.get(row.organization_id)} ${row.kind} ${row.count} (${row.open} open)`)
        .join('; '),
    );
    expect(perOrganization.size).toBeGreaterThanOrEqual(1);
    for (const count of perOrganization.values()) expect(count).toBeLessThanOrEqual(15);
  });

  it('now and then a free unit’s device stops reporting for a while (stale), then reports again', () => {
    const history = live.harness.app.replayDropouts?.history ?? [];
    console.log(
      'dropouts in a simulated hour:',
      history.map(
        (dropout) => `${dropout.deviceId} ${Math.round((dropout.until - dropout.from) / 60_000)} min`,
      ),
    );
    expect(history.length).toBeGreaterThanOrEqual(1);
    expect(dropoutChecks.stale).toBeGreaterThanOrEqual(1);
    expect(dropoutChecks.reporting).toEqual([]);
    const heartbeatAt = heartbeatAtOf(live.harness);
    const over = history.filter((dropout) => dropout.until < live.harness.clock.now() - 2 * 60_000);
    for (const dropout of over) expect(heartbeatAt(dropout.deviceId) ?? 0).toBeGreaterThan(dropout.until);
  });

  it('the same seed and clock give the same incidents; turned off, it starts none', async () => {
    const again = await world(true);
    const off = await world(false);
    try {
      for (let at = 0; at < 20 * 60_000; at += TICK_MS) {
        await again.tick();
        await off.tick();
      }
      const firstTwenty = (incidents: LocationRecord[]) =>
        incidents
          .filter((incident) => Date.parse(incident.start_time) <= START + 15 * 60_000)
          .map((incident) => [incident.id, incident.street, incident.start_time])
          .sort();
      expect(firstTwenty(liveIncidents(again.harness))).toEqual(firstTwenty(liveIncidents(live.harness)));
      expect(liveIncidents(off.harness)).toEqual([]);
    } finally {
      await again.harness.close();
      await off.harness.close();
    }
  }, 300_000);
});
