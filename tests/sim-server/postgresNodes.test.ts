// Simulator nodes on one real PostgreSQL (startLocalPostgres, as postgresLog.test.ts; missing binaries fail with one
// line): the first node of an empty cluster seeds and the second copies it; a write through node A's log is
// answered the same by node B's REST; one fixture log (a seeded world and three minutes of replayed telemetry) gives
// an embedded node and a PostgreSQL-backed node equal rows in every projection table; a node that cannot reach
// PostgreSQL refuses to start with one line, and a file holding another log is refused.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCableHistory } from '#sim/cable/cableHistory';
import { freePort } from '#sim/kernel/freePort';
import { createPostgresLog } from '#sim/postgres/postgresLog';
import type { StoredEvent } from '#sim/store/events';
import type { SharedLog } from '#sim/store/sharedLog';
import { useLocalPostgres } from './support/localPostgres.ts';
import { createThingAudienceReader } from '#sim/things/thingAudience';
import {
  manualClock,
  projectionDump,
  startHarness,
  temporaryDirectory,
  type Harness,
  type ManualClock,
} from './support/simulatorHarness.ts';

const postgres = useLocalPostgres({ emptyLogBeforeEach: true });
const harnesses: Harness[] = [];
const writers: SharedLog[] = [];

afterEach(async () => {
  for (const harness of harnesses.splice(0)) await harness.close();
  for (const writer of writers.splice(0)) await writer.close();
});

/** Nothing writes on its own schedule: each node would, and these tests write only what they say. */
const QUIET = {
  retention: false,
  offlineWatch: false,
  closureSchedule: false,
  pictureCheckpoints: { everyPositions: 1_000_000_000 },
} as const;

async function nodeNamed(nodeName: string, clock: ManualClock, databasePath?: string): Promise<Harness> {
  const harness = await startHarness({
    ...QUIET,
    clock,
    store: { url: postgres.server.url, nodeName },
    ...(databasePath ? { databasePath } : {}),
  });
  harnesses.push(harness);
  return harness;
}

const epochOf = (harness: Harness) =>
  createCableHistory(harness.app.eventLog, createThingAudienceReader(harness.app.eventLog)).epoch();

/** Appends `events` to the shared log the way a node's write does: one turn, one publish. */
async function publishTurn(log: SharedLog, events: readonly StoredEvent[]): Promise<void> {
  const end = await log.enter();
  try {
    if (events[0] && events[0].seq !== end + 1) throw new Error(`the fixture does not follow ${end}`);
    await log.publish(events);
  } finally {
    log.leave();
  }
}

describe('given nodes sharing one PostgreSQL log', () => {
  it('when two start on an empty cluster, then the first seeds, the second copies it, and both share the epoch', async () => {
    const clock = manualClock();
    const a = await nodeNamed('a', clock);
    const b = await nodeNamed('b', clock);

    expect(a.app.seeded).not.toBeNull();
    expect(b.app.seeded).toBeNull();
    expect(b.app.eventLog.store.lastSeq()).toBe(a.app.eventLog.store.lastSeq());
    expect(projectionDump(b.app)).toEqual(projectionDump(a.app));
    const meta = await postgres.admin.query<{ epoch: string }>('SELECT epoch FROM meta');
    expect(epochOf(a)).toBe(meta.rows[0]?.epoch);
    expect(epochOf(b)).toBe(epochOf(a));
  }, 60_000);

  it("when node A's log takes a write, then node B's REST answers as A's", async () => {
    const clock = manualClock();
    const a = await nodeNamed('a', clock);
    const b = await nodeNamed('b', clock);
    const feed = async (harness: Harness) =>
      (await harness.app.inject({ method: 'GET', url: '/api/wzdx/devices' })).json<unknown>();
    const before = await feed(b);
    const things = a.app.eventLog.db
      .prepare<[], { id: string; organization_id: string }>('SELECT id, organization_id FROM things')
      .all();
    clock.advance(5_000);
    const now = clock.now();

    // As every route's write does once it awaits `write` (http/routeSupport.ts after the callers' conversion).
    await a.app.eventLog.write(() => {
      for (const [i, thing] of things.entries())
        a.app.eventLog.record(
          {
            type: 'PointRecorded',
            data: {
              time: new Date(now).toISOString(),
              lat: 41.88 + i / 10_000,
              lng: -87.63,
              speed: 0,
              course: 90,
              accuracy: 5,
              enroute: false,
              street: null,
            },
          },
          { streamId: thing.id, organizationId: thing.organization_id, recordedAt: now },
        );
    });

    const expected = await feed(a);
    expect(expected).not.toEqual(before);
    await expect.poll(() => feed(b), { timeout: 20_000 }).toEqual(expected);
    await b.app.eventLog.idle();
    expect(projectionDump(b.app)).toEqual(projectionDump(a.app));
  }, 60_000);

  it('when one fixture log is replayed into an embedded node and a PostgreSQL node, then every projection table is equal', async () => {
    const tasks: (() => void)[] = [];
    const scheduler = {
      every: (_intervalMs: number, task: () => void) => {
        tasks.push(task);
        return () => tasks.splice(tasks.indexOf(task), 1);
      },
    };
    const clock = manualClock();
    const embedded = await startHarness({ ...QUIET, clock, replay: { scheduler } });
    harnesses.push(embedded);
    const seedEnd = embedded.app.eventLog.store.lastSeq();
    for (let second = 0; second < 180; second += 1) {
      clock.advance(1_000);
      for (const task of tasks) task();
      // A tick that writes through an awaited write is over once the loop turns; the next one would be skipped.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const fixture = embedded.app.eventLog.store.readAfter(0, Number.MAX_SAFE_INTEGER);
    expect(fixture.length - seedEnd).toBeGreaterThan(5_000);

    // The seed and two thousand points before the node starts (more than a page: it copies them and rebuilds), the
    // rest after, as another node's writes of about one replay tick each (its tail projects them event by event).
    const writer = await createPostgresLog(postgres.server.url, { name: 'fixture' });
    writers.push(writer);
    const before = seedEnd + 2_000;
    await publishTurn(writer, fixture.slice(0, before));
    const node = await nodeNamed('replica', clock);
    expect(node.app.seeded).toBeNull();
    expect(node.app.eventLog.store.lastSeq()).toBe(before);
    for (let at = before; at < fixture.length; at += 300)
      await publishTurn(writer, fixture.slice(at, at + 300));

    await expect.poll(() => node.app.eventLog.store.lastSeq(), { timeout: 30_000 }).toBe(fixture.length);
    await node.app.eventLog.idle();
    expect(node.app.eventLog.store.readAfter(0, Number.MAX_SAFE_INTEGER)).toEqual(fixture);
    expect(projectionDump(node.app)).toEqual(projectionDump(embedded.app));
  }, 120_000);

  it('when PostgreSQL is not there, then the node refuses to start with one line', async () => {
    const url = `postgresql://postgres@127.0.0.1:${await freePort()}/sim`;
    await expect(startHarness({ ...QUIET, store: { url } })).rejects.toThrow(
      `SIM_STORE: cannot reach PostgreSQL at ${url}`,
    );
  });

  it('when a node starts on a file of another log, then it is refused', async () => {
    const folder = temporaryDirectory();
    try {
      const file = path.join(folder.dir, 'own.sqlite');
      // Seeded a year earlier: a log of its own, whatever the world seed.
      const own = await startHarness({
        ...QUIET,
        databasePath: file,
        clock: manualClock(Date.parse('2025-03-02T15:00:00Z')),
      });
      await own.app.close();
      await nodeNamed('a', manualClock());

      await expect(nodeNamed('b', manualClock(), file)).rejects.toThrow(/not a replica of this shared log/);
    } finally {
      folder.remove();
    }
  }, 60_000);
});
