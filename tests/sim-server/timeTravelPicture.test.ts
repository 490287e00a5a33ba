// The past picture at T equals the live picture a dashboard held at T (issue 28 item 2): a live dashboard's
// picture is folded with the domain's rules from the REST lists it loaded at the start and the cable messages that
// followed, up to T; the replay's picture is folded with the same rules from `GET /api/organization/history` at T
// alone. Both are compared where the screens read them: every asset's position, status, street and last
// check-in, and the closures with their status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeClosures } from '#domain/closures/closure';
import { evolveBatch } from '#domain/live/evolve';
import type { LiveEvent, ViewedOrganization } from '#domain/live/liveEvents';
import { decodeLiveMessage } from '#domain/live/liveMessages';
import { emptyPicture, type LivePicture } from '#domain/live/livePicture';
import { DEFAULT_LIVE_SETTINGS } from '#domain/live/liveSettings';
import { decodeThingsPage } from '#domain/things/thingsPage';
import type { DeviceType } from '#domain/things/thing';
import type { PastPicture } from '#domain/timeTravel/timeTravelWire';
import { createCableHistory } from '#sim/cable/cableHistory';
import { createThingAudienceReader } from '#sim/things/thingAudience';
import {
  bearer,
  jsonOf,
  organizationIds,
  signIn,
  startHarness,
  type Harness,
} from './support/simulatorHarness.ts';
import { recordTelemetry, telemetrySample } from './support/telemetrySamples.ts';

type Device = { id: string; system_identifier: string; device_type: DeviceType };

const settings = DEFAULT_LIVE_SETTINGS;
let harness: Harness;
let token: string;
let organization: ViewedOrganization;
/** What the live dashboard loaded at the start, and the log position it loaded at. */
let startLists: { things: unknown; closures: unknown[]; offset: number; at: number };

const get = (url: string) => harness.app.inject({ method: 'GET', url, headers: bearer(token) });

function loaded(things: unknown, closures: unknown[], now: number): LiveEvent[] {
  const page = decodeThingsPage(things, { now, settings });
  if (page === null) throw new Error('unreadable things page');
  const decodedClosures = decodeClosures(closures, { now, settings, isWzdxOrg: organization.isWzdxOrg });
  return [
    { type: 'OrganizationSwitched', organization, now },
    { type: 'ThingsPageLoaded', things: page.things, dropped: page.dropped, now },
    { type: 'ThingsFullLoadCompleted', keptIds: new Set(page.things.map((thing) => thing.id)), now },
    { type: 'ClosuresLoaded', closures: decodedClosures.records, dropped: 0, replace: true, now },
  ];
}

/** What the screens read of a picture. */
function shown(picture: LivePicture) {
  return {
    things: [...picture.things.values()]
      .map((thing) => ({
        id: thing.id,
        position: thing.position,
        status: thing.status,
        street: thing.street,
        lastCheckInTime: thing.lastCheckInTime,
      }))
      .sort((a, b) => a.id.localeCompare(b.id)),
    closures: [...picture.closures.values()]
      .map((closure) => ({ id: closure.id, status: closure.status }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  };
}

beforeAll(async () => {
  harness = await startHarness();
  const staffToken = (await signIn(harness.app, 'staff@demo.test')).access_token;
  token = (await signIn(harness.app, 'user@demo.test')).access_token;
  const organizationId = organizationIds(harness.app).responders;
  organization = {
    id: organizationId,
    name: 'Responders',
    isLargeOrg: false,
    isWzdxOrg: false,
    isResponder: true,
    countryCode: 'US',
  };
  const query = `org_ids[]=${organizationId}`;
  harness.clock.advance(1_000);
  startLists = {
    things: jsonOf(await get(`/api/organization/things?${query}&per_page=1000`)),
    closures: jsonOf<unknown[]>(await get(`/api/organization/closure?${query}`)),
    offset: harness.app.eventLog.store.lastSeq(),
    at: harness.clock.now(),
  };
  const devices = harness.app.eventLog.db
    .prepare<[string], Device>(
      'SELECT id, system_identifier, device_type FROM things WHERE organization_id = ? ORDER BY id LIMIT 5',
    )
    .all(organizationId);
  for (let step = 1; step <= 20; step += 1) {
    harness.clock.advance(1_000);
    const samples = devices.map((device, index) =>
      telemetrySample(device, harness.clock.now(), {
        kind: (step + index) % 4 === 0 ? 'heartbeat' : 'point',
        lat: 41.87 + step * 0.0003 + index * 0.001,
        enroute: (step + index) % 7 !== 0,
        street: step % 3 === 0 ? null : `STREET ${step}`,
      }),
    );
    await recordTelemetry(harness.app, staffToken, samples);
  }
});

afterAll(async () => {
  await harness.close();
});

describe('the past picture', () => {
  it('equals, at each moment, the live picture a dashboard folded from its loads and the cable', async () => {
    const history = createCableHistory(harness.app.eventLog, createThingAudienceReader(harness.app.eventLog));
    const stream = history.read(organization.id, { afterOffset: startLists.offset });
    if (stream === null) throw new Error('no history');
    const times = new Map(
      harness.app.eventLog.db
        .prepare<[number], { seq: number; recorded_at: number }>(
          'SELECT seq, recorded_at FROM events WHERE seq > ?',
        )
        .all(startLists.offset)
        .map((row) => [row.seq, row.recorded_at]),
    );
    for (const moment of [startLists.at + 5_000, startLists.at + 12_500, startLists.at + 20_000]) {
      // Live: the start's loads, then every message broadcast up to the moment, in one batch per second.
      let live = emptyPicture({ now: startLists.at, settings });
      live = evolveBatch(live, loaded(startLists.things, startLists.closures, startLists.at));
      stream.messages.forEach((text, index) => {
        const at = times.get(stream.offsets[index] ?? 0) ?? Infinity;
        if (at > moment) return;
        const message = decodeLiveMessage(JSON.parse(text), { settings, organization, now: at });
        live = evolveBatch(live, [message, { type: 'ClockTicked', now: at }]);
      });
      live = evolveBatch(live, [{ type: 'ClockTicked', now: moment }]);

      // Replayed: the past picture alone.
      const response = await get(
        `/api/organization/history?organization_id=${organization.id}&at=${new Date(moment).toISOString()}`,
      );
      expect(response.statusCode).toBe(200);
      const past = jsonOf<PastPicture>(response);
      let replayed = emptyPicture({ now: moment, settings });
      replayed = evolveBatch(replayed, loaded(past.things, past.closures ?? [], moment));
      replayed = evolveBatch(replayed, [{ type: 'ClockTicked', now: moment }]);

      // The moment is not the start: the test's five assets moved since.
      const moved = [...live.things.values()].filter((thing) => (thing.lastCheckInTime ?? 0) > startLists.at);
      expect(moved).toHaveLength(5);
      expect(shown(replayed)).toEqual(shown(live));
    }
  });
});
