// The closure scheduler (issue 37 item 1; sim-server/closures/closureScheduler.ts, docs/closures.md "The scheduler"),
// through the real app and a real cable connection: given a scheduled manual closure saved by the form (standby,
// start and end ahead), when the simulator's clock passes its start, then it is switched on, and when it passes its
// end, switched off — each a `ClosureSaved` from the closure decider, heard live on the cable as `closure` and shown
// by the Closures list. A user's Deactivate after the start stands. The seeded day (seed/seedClosureDay.ts) has
// closures already over, one running and some to come, which the scheduler switches at their times.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClosureRecord } from '#domain/closures/closureRecord';
import { CLOSURE_DAY } from '#sim/seed/seedClosureDay';
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

async function list(orgId: string = organizationId): Promise<ClosureRecord[]> {
  const response = await harness.app.inject({
    url: `/api/organization/closure?org_ids[]=${orgId}`,
    headers: bearer(await token()),
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<ClosureRecord[] | { data: ClosureRecord[] }>();
  return Array.isArray(body) ? body : body.data;
}

async function listed(id: string): Promise<ClosureRecord | undefined> {
  return (await list()).find((closure) => closure.id === id);
}

/** How many times the scheduler (or anyone) saved the closure since the log position `after`. */
function savesOf(id: string, after: number): number {
  return (
    harness.app.eventLog.db
      .prepare<[string, number], { count: number }>(
        "SELECT COUNT(*) AS count FROM events WHERE type = 'ClosureSaved' AND stream_id = ? AND seq > ?",
      )
      .get(id, after)?.count ?? 0
  );
}

const lastSeq = () =>
  harness.app.eventLog.db.prepare<[], { seq: number }>('SELECT MAX(seq) AS seq FROM events').get()?.seq ?? 0;

/** Runs the scheduler once and says how many times it saved the closure. */
async function switchedNow(id: string): Promise<number> {
  const before = lastSeq();
  await harness.app.closureSchedule.runNow();
  return savesOf(id, before);
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
  it('given the seeded day, then closures over, running and to come; when their times pass, then switched', async () => {
    const roadWorks = organizationIds(harness.app).roadWorks;
    const start = harness.clock.now();
    const byName = async () =>
      new Map((await list(roadWorks)).map((closure) => [closure.description, closure]));
    const seeded = await byName();
    for (const plan of CLOSURE_DAY) {
      const closure = seeded.get(plan.description);
      expect(closure?.closure_type, plan.description).toBe('manual');
      expect(closure?.is_active, plan.description).toBe(plan.from <= 0 && plan.to > 0);
      expect(Date.parse(closure?.start_time ?? '')).toBe(start + plan.from);
      expect(Date.parse(closure?.end_time ?? '')).toBe(start + plan.to);
    }
    expect(CLOSURE_DAY.filter((plan) => plan.to <= 0).length).toBeGreaterThanOrEqual(2);
    expect(CLOSURE_DAY.filter((plan) => plan.from > 0).length).toBeGreaterThanOrEqual(2);

    // Through the day, every five minutes: each is on exactly while its window holds (read as the list reads it).
    const stored = harness.app.eventLog.db.prepare<[string], { data: string }>(
      'SELECT data FROM closures WHERE id = ?',
    );
    const wrong: string[] = [];
    for (let at = 5 * MINUTE; at <= 15 * 60 * MINUTE; at += 5 * MINUTE) {
      harness.clock.set(start + at);
      await harness.app.closureSchedule.runNow();
      for (const plan of CLOSURE_DAY) {
        const id = seeded.get(plan.description)?.id ?? '';
        const record = JSON.parse(stored.get(id)?.data ?? '{}') as ClosureRecord;
        // Switched within one look (the interval) of its start and end.
        if (record.is_active !== (at >= plan.from && at < plan.to))
          wrong.push(`${plan.description} at +${at / MINUTE} min`);
      }
    }
    expect(wrong).toEqual([]);
    // The list shows the day over: every one of them off, those to come started once.
    const after = await byName();
    for (const plan of CLOSURE_DAY) {
      expect(after.get(plan.description)?.is_active, plan.description).toBe(false);
      expect(after.get(plan.description)?.last_start_time, plan.description).not.toBeNull();
    }
  });

  it('given a scheduled closure, when its start passes, then it is on; when its end passes, then off — live', async () => {
    const created = await save(
      'POST',
      `/api/organization/closure?org_ids[]=${organizationId}`,
      scheduledBody('Scheduled lane closure', 10 * MINUTE, 40 * MINUTE),
    );
    expect(created.is_active).toBe(false);
    expect(await switchedNow(created.id)).toBe(0);
    expect((await listed(created.id))?.is_active).toBe(false);

    harness.clock.advance(10 * MINUTE);
    expect(await switchedNow(created.id)).toBe(1);
    const on = await cable.next(closureMessage(created.id, true));
    expect(on.message?.data).toMatchObject({ id: created.id, is_active: true, end_time: created.end_time });
    const active = await listed(created.id);
    expect(active?.is_active).toBe(true);
    expect(active?.last_start_time).toBe(new Date(harness.clock.now()).toISOString());
    // It stays on between its start and its end.
    harness.clock.advance(15 * MINUTE);
    expect(await switchedNow(created.id)).toBe(0);

    harness.clock.advance(15 * MINUTE);
    expect(await switchedNow(created.id)).toBe(1);
    await cable.next(closureMessage(created.id, false));
    const ended = await listed(created.id);
    expect(ended?.is_active).toBe(false);
    expect(ended?.end_time).toBe(created.end_time);
    // Over: later looks leave it alone.
    harness.clock.advance(60 * MINUTE);
    expect(await switchedNow(created.id)).toBe(0);
  });

  it('given a scheduled closure a user switched off after its start, when the scheduler looks, then it stays off', async () => {
    const created = await save(
      'POST',
      `/api/organization/closure?org_ids[]=${organizationId}`,
      scheduledBody('Scheduled closure switched off', 5 * MINUTE, 60 * MINUTE),
    );
    harness.clock.advance(5 * MINUTE);
    expect(await switchedNow(created.id)).toBe(1);
    await save('PUT', `/api/organization/closure/${created.id}`, {
      uuid: created.id,
      is_active: false,
      end_time: null,
    });
    harness.clock.advance(MINUTE);
    expect(await switchedNow(created.id)).toBe(0);
    expect((await listed(created.id))?.is_active).toBe(false);
  });
});
