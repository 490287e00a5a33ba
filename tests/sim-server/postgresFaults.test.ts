// A cluster node whose connection to PostgreSQL is cut for 10 s (issue 35 item 8), through a TCP link the test cuts
// (support/cuttableLink.ts) to a real server: writes meanwhile are refused with 503 and Retry-After, never 500; reads
// go on from the replica; once the link is whole the same write is accepted, and the shared log holds exactly the
// writes that were acknowledged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_UNAVAILABLE } from '#sim/app';
import { useLocalPostgres } from './support/localPostgres.ts';
import { startCuttableLink, type CuttableLink } from './support/cuttableLink.ts';
import {
  profileAnswer,
  retriedWhileRefused,
  sessionsInSharedLog,
  signInAnswer,
} from './support/sharedLogFaults.ts';
import { manualClock, startHarness, type Harness } from './support/simulatorHarness.ts';

const postgres = useLocalPostgres();
let link: CuttableLink;
let node: Harness;

beforeAll(async () => {
  link = await startCuttableLink(Number(new URL(postgres.server.url).port));
  const throughLink = new URL(postgres.server.url);
  throughLink.port = String(link.port);
  node = await startHarness({
    retention: false,
    offlineWatch: false,
    closureSchedule: false,
    pictureCheckpoints: { everyPositions: 1_000_000_000 },
    clock: manualClock(),
    store: { url: throughLink.toString(), nodeName: 'cut' },
  });
}, 120_000);

afterAll(async () => {
  await node?.close();
  await link?.close();
});

const signIn = () => signInAnswer(node.app);

describe('a node cut off from PostgreSQL for 10 s', () => {
  it('refuses writes with 503 and Retry-After, keeps reading, and afterwards writes again losing nothing', async () => {
    const before = await signIn();
    expect(before.statusCode).toBe(200);
    const token = before.json<{ access_token: string }>().access_token;
    const acknowledged = await sessionsInSharedLog(postgres.admin);

    const cut = link.cut(10_000);
    const refused = await signIn();
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ error: STORE_UNAVAILABLE });
    // Reads are the replica's: the session opened before the cut still opens the profile.
    expect((await profileAnswer(node.app, token)).statusCode).toBe(200);
    await cut;

    // Whole again: the pool opens new connections; a refused client retries as told until it is let in.
    const after = await retriedWhileRefused(signIn);
    expect(after.statusCode).toBe(200);
    expect(await sessionsInSharedLog(postgres.admin)).toBe(acknowledged + 1);
    const afterToken = after.json<{ access_token: string }>().access_token;
    expect((await profileAnswer(node.app, afterToken)).statusCode).toBe(200);
  }, 120_000);
});
