// The closure scheduler (issue 37 item 1; sim-server/closures/closureScheduler.ts, docs/closures.md "The scheduler"),
// through the real app and a real cable connection: given a scheduled manual closure saved by the form (standby,
// start and end ahead), when the simulator's clock passes its start, then it is switched on, and when it passes its
// end, switched off — each a `ClosureSaved` from the closure decider, heard live on the cable as `closure` and shown
// by the Closures list. A user's Deactivate after the start stands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClosureRecord } from '#domain/closures/closureRecord';
import { manualClosureBody } from '#tests/helpers/closureBody';
import { connectCable, type CableClient, type CableFrame } from './support/cableClient.ts';
import { bearer, organizationIds, signIn, startHarness, type Harness } from './support/simulatorHarness.ts';

const MINUTE = 60_000;
let harness: Harness;
let cable: CableClient;
let organizationId: string;
const NO_TIMER = { every: () => () => undefined };

beforeAll(async () => {
  harness = await startHarness({ closureSchedule: { scheduler: NO_TIMER }, offlineWatch: false });
  organizationId = organizationIds(harness.app).coordination;
  const address = await harness.app.listen({ port: 0, host: '127.0.0.1' });
  cable = await connectCable(address, await token());
  await cable.subscribe(organizationId);
});
afterAll(async () => {
  cable.close();
  await harness.close();
});

/** Signs in again each time: the tests move the clock on by hours. */
async function token(): Promise<string> {
  return (await signIn(harness.app, 'admin@demo.test')).access_token;
}

async function save(method: 'POST' | 'PUT', url: string, body: Record<string, unknown>) {
  const response = await harness.app.inject({ method, url, headers: bearer(await token()), payload: body });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<ClosureRecord>();
}

async function listed(id: string): Promise<ClosureRecord | undefined> {
  const response = await harness.app.inject({
    url: `/api/organization/closure?org_ids[]=${organizationId}`,
    headers: bearer(await token()),
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<ClosureRecord[] | { data: ClosureRecord[] }>();
  return (Array.isArray(body) ? body : body.data).find((closure) => closure.id === id);
}

/** A closure as the form's Scheduler saves it: standby until `startsIn`, ending `endsIn` from now. */
function scheduledBody(description: string, startsIn: number, endsIn: number) {
  const now = harness.clock.now();
  return manualClosureBody(now, description, {
    is_active: false,
    start_time: new Date(now + startsIn).toISOString(),
    end_time: new Date(now + endsIn).toISOString(),
  });
}

const closureMessage = (id: string, active: boolean) => (frame: CableFrame) =>
  frame.message?.type === 'closure' &&
  frame.message.data.id === id &&
  frame.message.data.is_active === active;

describe('the closure scheduler', () => {
  it('given a scheduled closure, when its start passes, then it is on; when its end passes, then off — live', async () => {
    const created = await save(
      'POST',
      `/api/organization/closure?org_ids[]=${organizationId}`,
      scheduledBody('Scheduled lane closure', 10 * MINUTE, 40 * MINUTE),
    );
    expect(created.is_active).toBe(false);
    expect(harness.app.closureSchedule.runNow()).toBe(0);
    expect((await listed(created.id))?.is_active).toBe(false);

    harness.clock.advance(10 * MINUTE);
    expect(harness.app.closureSchedule.runNow()).toBe(1);
    const on = await cable.next(closureMessage(created.id, true));
    expect(on.message?.data).toMatchObject({ id: created.id, is_active: true, end_time: created.end_time });
    const active = await listed(created.id);
    expect(active?.is_active).toBe(true);
    expect(active?.last_start_time).toBe(new Date(harness.clock.now()).toISOString());
    // It stays on between its start and its end.
    harness.clock.advance(15 * MINUTE);
    expect(harness.app.closureSchedule.runNow()).toBe(0);

    harness.clock.advance(15 * MINUTE);
    expect(harness.app.closureSchedule.runNow()).toBe(1);
    await cable.next(closureMessage(created.id, false));
    const ended = await listed(created.id);
    expect(ended?.is_active).toBe(false);
    expect(ended?.end_time).toBe(created.end_time);
    // Over: later looks leave it alone.
    harness.clock.advance(60 * MINUTE);
    expect(harness.app.closureSchedule.runNow()).toBe(0);
  });

  it('given a scheduled closure a user switched off after its start, when the scheduler looks, then it stays off', async () => {
    const created = await save(
      'POST',
      `/api/organization/closure?org_ids[]=${organizationId}`,
      scheduledBody('Scheduled closure switched off', 5 * MINUTE, 60 * MINUTE),
    );
    harness.clock.advance(5 * MINUTE);
    expect(harness.app.closureSchedule.runNow()).toBe(1);
    await save('PUT', `/api/organization/closure/${created.id}`, {
      uuid: created.id,
      is_active: false,
      end_time: null,
    });
    harness.clock.advance(MINUTE);
    expect(harness.app.closureSchedule.runNow()).toBe(0);
    expect((await listed(created.id))?.is_active).toBe(false);
  });
});
