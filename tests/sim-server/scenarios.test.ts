// Scenarios bring the dashboard's states about on their own. Run with a clock moved by hand, the simulator's
// REST answers are read the way the dashboard reads them (the domain decoders, status and closure rules), and
// each scenario's asset or closure shows the state it promised.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closureStatus, decodeClosures } from '#domain/closures/closure';
import { ASSET_STATUS, DEFAULT_STATUS_SETTINGS } from '#domain/status/assetStatus';
import { decodeThings, type Thing } from '#domain/things/thing';
import { scenariosNamed, SCENARIOS } from '#sim/scenarios/scenarioCatalogue';
import {
  bearer,
  manualClock,
  organizationIds,
  signIn,
  startHarness,
  type Harness,
} from './support/simulatorHarness.ts';

const START = Date.parse('2026-03-02T15:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const clock = manualClock(START);
let harness: Harness;
let token: string;
let orgQuery: string;

beforeAll(async () => {
  harness = await startHarness({
    clock,
    scenarios: { names: ['all'], scheduler: { every: () => () => undefined } },
  });
  token = (await signIn(harness.app, 'staff@demo.test')).access_token;
  orgQuery = Object.values(organizationIds(harness.app))
    .map((id) => `org_ids[]=${id}`)
    .join('&');
});
afterAll(async () => {
  await harness.close();
});

async function moveTo(offsetMs: number): Promise<void> {
  clock.set(START + offsetMs);
  await harness.app.scenarios.runner?.advanceTo(clock.now());
  // Tokens expire after two hours of simulated time: sign in again as a dashboard would.
  token = (await signIn(harness.app, 'staff@demo.test')).access_token;
}

async function things(): Promise<Thing[]> {
  const response = await harness.app.inject({
    url: `/api/organization/things?${orgQuery}&per_page=1000`,
    headers: bearer(token),
  });
  return decodeThings(response.json<{ data: unknown[] }>().data, {
    now: clock.now(),
    settings: DEFAULT_STATUS_SETTINGS,
  }).records;
}

async function closures() {
  const response = await harness.app.inject({
    url: `/api/organization/closure?${orgQuery}`,
    headers: bearer(token),
  });
  return decodeClosures(response.json<unknown>(), { now: clock.now() }).records;
}

async function activeLocations() {
  const response = await harness.app.inject({
    url: `/api/locations/active?${orgQuery}`,
    headers: bearer(token),
  });
  return response.json<{ things_active: { system_identifier: string }[] }[]>();
}

function statusOf(list: Thing[], systemId: string | undefined) {
  return list.find((thing) => thing.systemId === systemId)?.status;
}

describe('scenarios', () => {
  it('are listed by name and refuse unknown names', () => {
    expect(SCENARIOS.map((scenario) => scenario.name)).toEqual([
      'responders-converge',
      'arrow-board-closure',
      'devices-come-and-go',
      'asset-out-of-service',
      'alerting-paused',
      'wzdx-feed-closure',
    ]);
    expect(scenariosNamed(['all'])).toHaveLength(SCENARIOS.length);
    expect(() => scenariosNamed(['nope'])).toThrow('no scenario called nope');
  });

  it('bring about every state of live §4 as the dashboard would read it', async () => {
    const before = await things();
    const silentBefore = before.filter(
      (thing) => thing.status === ASSET_STATUS.pending || thing.status === ASSET_STATUS.offline,
    );
    expect(silentBefore.length).toBeGreaterThan(0);

    // One minute in: the arrow board's automated closure is active, the feed closure too, alerting is off and
    // the truck is out of service.
    await moveTo(MINUTE);
    const atOneMinute = await closures();
    const automated = atOneMinute.find((closure) => closure.closureType === 'automated');
    const feed = atOneMinute.find((closure) => closure.closureType === 'feed');
    expect(automated && closureStatus(automated, clock.now(), DEFAULT_STATUS_SETTINGS)).toBe('active');
    expect(feed && closureStatus(feed, clock.now(), DEFAULT_STATUS_SETTINGS)).toBe('active');
    const listAtOneMinute = await things();
    expect(listAtOneMinute.some((thing) => thing.status === ASSET_STATUS.outOfService)).toBe(true);
    expect(listAtOneMinute.filter((thing) => !thing.isPubliclyReporting).length).toBeGreaterThan(
      before.filter((thing) => !thing.isPubliclyReporting).length,
    );

    // Three minutes in: the closure is back to standby; silent devices have checked in again.
    await moveTo(3 * MINUTE);
    const standby = (await closures()).find((closure) => closure.closureType === 'automated');
    expect(standby && closureStatus(standby, clock.now(), DEFAULT_STATUS_SETTINGS)).toBe('standby');
    const listAtThree = await things();
    const cameBack = silentBefore.filter(
      (thing) => (statusOf(listAtThree, thing.systemId) ?? 99) <= ASSET_STATUS.stationary,
    );
    expect(cameBack.length).toBeGreaterThanOrEqual(2);

    // Five minutes in: the three responders are on scene, shown on the incident.
    await moveTo(5 * MINUTE);
    const [incident] = await activeLocations();
    expect(incident?.things_active).toHaveLength(3);
    const onScene = await things();
    for (const unit of incident?.things_active ?? []) {
      const responder = onScene.find((thing) => thing.systemId === unit.system_identifier);
      expect(responder?.lat).toBeCloseTo(41.8623, 3);
      expect(responder?.status).toBe(ASSET_STATUS.location);
    }

    // Eleven minutes: back in service. 61 minutes: alerting back on.
    await moveTo(11 * MINUTE);
    expect(
      (await things()).filter((thing) => thing.status === ASSET_STATUS.outOfService).length,
    ).toBeLessThan(listAtOneMinute.filter((thing) => thing.status === ASSET_STATUS.outOfService).length);
    await moveTo(61 * MINUTE);
    expect((await things()).filter((thing) => !thing.isPubliclyReporting)).toHaveLength(
      before.filter((thing) => !thing.isPubliclyReporting).length,
    );

    // Eight hours on: a device that was online at three minutes and has been silent since is pending.
    await moveTo(8 * HOUR + MINUTE);
    const atEightHours = await things();
    const wentPending = listAtThree.filter(
      (thing) =>
        thing.status <= ASSET_STATUS.stationary &&
        statusOf(atEightHours, thing.systemId) === ASSET_STATUS.pending,
    );
    expect(wentPending.length).toBeGreaterThanOrEqual(1);

    // Four days on: a device that was online at three minutes and has been silent since is offline.
    await moveTo(97 * HOUR);
    const atFourDays = await things();
    const wentOffline = listAtThree.filter(
      (thing) =>
        thing.status <= ASSET_STATUS.stationary &&
        statusOf(atFourDays, thing.systemId) === ASSET_STATUS.offline,
    );
    expect(wentOffline.length).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
