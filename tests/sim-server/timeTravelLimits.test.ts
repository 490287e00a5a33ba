// Issue 34 finding 3: time travel's work is bounded. Past pictures and pages of past messages run in a small pool
// with a queue; a user or an organization with too many running or waiting is refused with 429, Retry-After and
// the contract's error shape in words the replay shows, before anything is read; the others wait their turn and
// are answered; another user is not held back by one at its limit. Before, every request ran at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_BUSY } from '#sim/timeTravel/timeTravelLimits';
import { bearer, organizationIds, signIn, startHarness, type Harness } from './support/simulatorHarness.ts';

let harness: Harness;
let userToken: string;
let otherToken: string;
let organizationId: string;
/** The log position of the picture at the start: the pages read from there. */
let offset: number;

beforeAll(async () => {
  harness = await startHarness({
    timeTravelLimits: { concurrent: 1, queued: 8, perUser: 2, perOrganization: 3, retryAfterSeconds: 3 },
  });
  userToken = (await signIn(harness.app, 'user@demo.test')).access_token;
  otherToken = (await signIn(harness.app, 'media@demo.test')).access_token;
  organizationId = organizationIds(harness.app).responders;
  harness.clock.advance(1_000);
  offset = (await picture(userToken)).json<{ offset: number }>().offset;
  harness.clock.advance(1_000);
});
afterAll(async () => {
  await harness.close();
});

const picture = (token: string) =>
  harness.app.inject({
    method: 'GET',
    url: `/api/organization/history?organization_id=${organizationId}&at=${harness.clock.now()}`,
    headers: bearer(token),
  });
const page = (token: string) =>
  harness.app.inject({
    method: 'GET',
    url: `/api/organization/history/events?organization_id=${organizationId}&after=${offset}&to=${harness.clock.now()}`,
    headers: bearer(token),
  });

describe('time travel at its limits', () => {
  it('answers a user within its share and refuses the rest with 429 and Retry-After', async () => {
    const answers = await Promise.all([
      picture(userToken),
      page(userToken),
      picture(userToken),
      page(userToken),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    for (const refused of answers.filter((answer) => answer.statusCode === 429)) {
      expect(refused.headers['retry-after']).toBe('3');
      expect(refused.json()).toEqual({ error: HISTORY_BUSY, message: HISTORY_BUSY });
    }
  });

  it('lets another user of the organization in while one is at its limit, up to the organization’s', async () => {
    const answers = await Promise.all([
      page(userToken),
      page(userToken),
      page(userToken),
      picture(otherToken),
      page(otherToken),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429, 200, 429]);
    expect(answers[4]?.json()).toEqual({ error: HISTORY_BUSY, message: HISTORY_BUSY });
  });

  it('answers everyone once the pool is free again', async () => {
    expect((await picture(userToken)).statusCode).toBe(200);
    expect((await page(otherToken)).statusCode).toBe(200);
  });
});
