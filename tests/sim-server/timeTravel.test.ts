// Time travel's log-range calls (issue 28 item 2): the picture at a past moment is what the REST lists answered at
// that moment, the messages after it are the live stream's own in log order and paged, and a moment outside the
// kept history, another organization or a missing token are refused like on every list.
import { manualClosureBody } from '#tests/helpers/closureBody';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PastMessagesPage, PastPicture } from '#domain/timeTravel/timeTravelWire';
import { createCableHistory } from '#sim/cable/cableHistory';
import { createThingAudienceReader } from '#sim/things/thingAudience';
import { createPastLogRepository } from '#sim/timeTravel/pastLogRepository';
import { OUTSIDE_HISTORY } from '#sim/timeTravel/timeTravelRoutes';
import {
  bearer,
  jsonOf,
  organizationIds,
  signIn,
  startHarness,
  type Harness,
} from './support/simulatorHarness.ts';
import {
  recordTelemetry,
  telemetrySample,
  firstDevicesOf,
  type OrganizationDevice,
} from './support/telemetrySamples.ts';

type Lists = { things: unknown[]; closures: unknown[]; locations: unknown[] };

let harness: Harness;
let staffToken: string;
let userToken: string;
let organizationId: string;
let devices: OrganizationDevice[];
/** What the REST lists answered at each recorded moment. */
const recorded: { at: number; lists: Lists }[] = [];

async function get(url: string, token = userToken) {
  return harness.app.inject({ method: 'GET', url, headers: bearer(token) });
}

async function report(step: number): Promise<void> {
  harness.clock.advance(1_000);
  const samples = devices.map((device, index) =>
    telemetrySample(device, harness.clock.now(), {
      kind: (step + index) % 3 === 0 ? 'heartbeat' : 'point',
      lat: 41.8781 + step * 0.0004,
      lng: -87.6298 - index * 0.001,
      enroute: step % 4 !== 0,
      street: step % 5 === 0 ? null : `STREET ${step}`,
    }),
  );
  await recordTelemetry(harness.app, staffToken, samples);
}

async function saveClosure(description: string): Promise<void> {
  const response = await harness.app.inject({
    method: 'POST',
    url: `/api/organization/closure?org_ids[]=${organizationId}`,
    headers: bearer(staffToken),
    payload: manualClosureBody(harness.clock.now(), description),
  });
  expect(response.statusCode).toBe(201);
}

async function recordLists(): Promise<void> {
  const query = `org_ids[]=${organizationId}`;
  const things = jsonOf<{ data: unknown[] }>(
    await get(`/api/organization/things?${query}&per_page=1000`),
  ).data;
  const closures = jsonOf<unknown[]>(await get(`/api/organization/closure?${query}`));
  const startDate = new Date(harness.clock.now() - 7 * 86_400_000).toISOString();
  const locations = jsonOf<unknown[]>(await get(`/api/locations?${query}&start_date=${startDate}`));
  recorded.push({ at: harness.clock.now(), lists: { things, closures, locations } });
}

beforeAll(async () => {
  harness = await startHarness();
  staffToken = (await signIn(harness.app, 'staff@demo.test')).access_token;
  userToken = (await signIn(harness.app, 'user@demo.test')).access_token;
  organizationId = organizationIds(harness.app).responders;
  devices = firstDevicesOf(harness.app, organizationId, 3);
  for (let step = 1; step <= 12; step += 1) {
    await report(step);
    if (step === 5) await saveClosure('Madison at State');
    if (step % 4 === 0) {
      harness.clock.advance(500);
      await recordLists();
    }
  }
});

afterAll(async () => {
  await harness.close();
});

const pictureUrl = (at: number | string, organization = organizationId) =>
  `/api/organization/history?organization_id=${organization}&at=${typeof at === 'number' ? new Date(at).toISOString() : at}`;

describe('the picture at a past moment', () => {
  it('lists things, closures and events as the REST lists answered at that moment', async () => {
    for (const moment of recorded) {
      const response = await get(pictureUrl(moment.at));
      expect(response.statusCode).toBe(200);
      const picture = jsonOf<PastPicture>(response);
      expect(picture.things.data).toEqual(moment.lists.things);
      expect(picture.closures).toEqual(moment.lists.closures);
      expect(picture.locations).toEqual(moment.lists.locations);
      expect(picture.things.meta.total).toBe(moment.lists.things.length);
    }
  });

  it('has no closure before the moment it was saved, and one after', async () => {
    const [first, second] = recorded;
    if (!first || !second) throw new Error('two moments recorded');
    expect(jsonOf<PastPicture>(await get(pictureUrl(first.at))).closures).toHaveLength(
      first.lists.closures.length,
    );
    expect(jsonOf<PastPicture>(await get(pictureUrl(second.at))).closures).toHaveLength(
      first.lists.closures.length + 1,
    );
  });

  it('refuses a moment in the future or before the log began with a 422', async () => {
    for (const at of [harness.clock.now() + 60_000, Date.parse('2020-01-01T00:00:00Z')]) {
      const response = await get(pictureUrl(at));
      expect(response.statusCode).toBe(422);
      expect(jsonOf<{ message: string }>(response).message).toBe(OUTSIDE_HISTORY);
    }
  });

  it('checks the token, the time and the organization like every list', async () => {
    const at = recorded[0]?.at ?? 0;
    expect((await harness.app.inject({ method: 'GET', url: pictureUrl(at) })).statusCode).toBe(401);
    expect((await get(pictureUrl('yesterday'))).statusCode).toBe(400);
    expect((await get(pictureUrl(at, '00000000-0000-4000-8000-00000000dead'))).statusCode).toBe(404);
  });
});

describe('the messages after a past picture', () => {
  const eventsUrl = (after: number, to: number, limit?: number) =>
    `/api/organization/history/events?organization_id=${organizationId}&after=${after}` +
    `&to=${new Date(to).toISOString()}${limit === undefined ? '' : `&limit=${limit}`}`;

  it('are the live stream’s messages between the two moments, in order, each with its time', async () => {
    const [first, , third] = recorded;
    if (!first || !third) throw new Error('three moments recorded');
    const picture = jsonOf<PastPicture>(await get(pictureUrl(first.at)));
    const page = jsonOf<PastMessagesPage>(await get(eventsUrl(picture.offset, third.at)));
    expect(page.done).toBe(true);
    const until = jsonOf<PastPicture>(await get(pictureUrl(third.at))).offset;
    const history = createCableHistory(harness.app.eventLog, createThingAudienceReader(harness.app.eventLog));
    const live = history.read(organizationId, { afterOffset: picture.offset });
    const expected = (live?.messages ?? []).filter((_, index) => (live?.offsets[index] ?? 0) <= until);
    expect(page.messages.map((message) => JSON.stringify(message.message))).toEqual(expected);
    // 8 seconds of 3 devices, and the closure.
    expect(page.messages.filter((message) => message.message.type === 'closure')).toHaveLength(1);
    expect(page.messages.length).toBeGreaterThanOrEqual(24);
    const times = page.messages.map((message) => message.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.every((at) => at > first.at && at <= third.at)).toBe(true);
    // Each message's time is its log event's recording time.
    const logTimes = new Map(createPastLogRepository(harness.app.eventLog.db).times(picture.offset, until));
    expect(times).toEqual(page.messages.map((message) => logTimes.get(message.offset)));
  });

  it('come in pages that end where the next begins', async () => {
    const [first, , third] = recorded;
    if (!first || !third) throw new Error('three moments recorded');
    const start = jsonOf<PastPicture>(await get(pictureUrl(first.at))).offset;
    const whole = jsonOf<PastMessagesPage>(await get(eventsUrl(start, third.at)));
    const paged: PastMessagesPage['messages'] = [];
    let after = start;
    for (let pages = 0; ; pages += 1) {
      expect(pages).toBeLessThan(100);
      const page = jsonOf<PastMessagesPage>(await get(eventsUrl(after, third.at, 2)));
      paged.push(...page.messages);
      after = page.last_offset;
      if (page.done) break;
    }
    expect(paged).toEqual(whole.messages);
  });

  it('refuses a `to` outside the kept history with a 422', async () => {
    const response = await get(eventsUrl(0, harness.clock.now() + 60_000));
    expect(response.statusCode).toBe(422);
  });
});
