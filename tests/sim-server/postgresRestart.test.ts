// The PostgreSQL server itself restarting under two cluster nodes (issue 35 item 8; pg_ctl stop -m fast, then start,
// on this file's own throw-away server, so no other test file is disturbed): while it is down a node refuses writes,
// a sign-in as a device's telemetry, with 503 and Retry-After, never 500, and goes on reading from its replica; once
// it is back the refused client is let in and the shared log holds exactly the writes that were acknowledged; and
// the node's tail (LISTEN) is back too, so a write that another node makes afterwards reaches this node's replica
// without this node writing anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_UNAVAILABLE } from '#sim/app';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import { useLocalPostgres } from './support/localPostgres.ts';
import { manualClock, signIn, startHarness, type Harness } from './support/simulatorHarness.ts';
import {
  profileAnswer,
  retriedWhileRefused,
  sessionsInSharedLog,
  signInAnswer,
} from './support/sharedLogFaults.ts';

const postgres = useLocalPostgres();
let a: Harness;
let b: Harness;

/** Nothing writes on its own schedule: these tests count the writes they make. */
const quietNode = (nodeName: string) =>
  startHarness({
    retention: false,
    offlineWatch: false,
    closureSchedule: false,
    pictureCheckpoints: { everyPositions: 1_000_000_000 },
    clock: manualClock(),
    store: { url: postgres.server.url, nodeName },
  });

beforeAll(async () => {
  a = await quietNode('a');
  b = await quietNode('b');
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
});

/** One point of the first active device, posted by staff: the ingestion path's write. */
async function postOnePoint(token: string) {
  const device = a.app.eventLog.db
    .prepare<[], { id: string; type: TelemetrySample['device_type'] }>(
      'SELECT system_identifier AS id, device_type AS type FROM things WHERE is_active = 1 ORDER BY thing_key LIMIT 1',
    )
    .get();
  if (!device) throw new Error('the seeded world has no active device');
  const sample: TelemetrySample = {
    device_id: device.id,
    device_type: device.type,
    kind: 'point',
    time: new Date(a.clock.now()).toISOString(),
    lat: 41.8781,
    lng: -87.6298,
    speed: 10,
    course: 180,
    accuracy: 5,
    enroute: true,
    street: null,
  };
  return a.app.inject({
    method: 'POST',
    url: '/api/sim/telemetry',
    headers: { authorization: `Bearer ${token}` },
    payload: { samples: [sample] },
  });
}

/** Whether the node's LISTEN client is connected again and done with its reconnect: it listens, then reads the end
 * it announces, and idles after that read. */
const listeningAgain = async (nodeName: string) =>
  (
    await postgres.admin.query(
      `SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND state = 'idle' AND query LIKE 'SELECT max(seq)%'`,
      [`sim-log ${nodeName} listener`],
    )
  ).rowCount === 1;

describe('given two nodes when the PostgreSQL server restarts', () => {
  it('refuses writes meanwhile with 503, keeps reading, then writes again losing nothing and hears the other node', async () => {
    const staff = (await signIn(a.app, 'staff@demo.test')).access_token;
    const user = (await signIn(a.app, 'user@demo.test')).access_token;
    const acknowledged = await sessionsInSharedLog(postgres.admin);

    await postgres.shutDown();
    for (const refused of [await signInAnswer(a.app), await postOnePoint(staff)]) {
      expect(refused.statusCode).toBe(503);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ error: STORE_UNAVAILABLE });
    }
    // Reads are the replica's: the sessions opened before the restart still open the profile.
    expect((await profileAnswer(a.app, user)).statusCode).toBe(200);
    await postgres.startAgain();

    const after = await retriedWhileRefused(() => signInAnswer(a.app));
    expect(after.statusCode).toBe(200);
    expect((await retriedWhileRefused(() => postOnePoint(staff))).statusCode).toBe(202);
    expect(await sessionsInSharedLog(postgres.admin)).toBe(acknowledged + 1);
    expect(a.app.eventLog.store.lastSeq()).toBe(
      Number(
        (await postgres.admin.query<{ seq: string }>('SELECT max(seq) AS seq FROM events')).rows[0]?.seq,
      ),
    );

    // Node A's listener is back; only then does node B write, so A can hear it only by a notice, not by the
    // end its listener announces when it reconnects.
    await expect.poll(() => listeningAgain('a'), { timeout: 60_000, interval: 100 }).toBe(true);
    const onB = await retriedWhileRefused(() => signInAnswer(b.app, 'staff@demo.test'));
    expect(onB.statusCode).toBe(200);
    const tokenFromB = onB.json<{ access_token: string }>().access_token;
    await expect
      .poll(async () => (await profileAnswer(a.app, tokenFromB)).statusCode, {
        timeout: 60_000,
        interval: 100,
      })
      .toBe(200);
  }, 180_000);
});
