// The sign-in throttle on a cluster: two nodes on one real PostgreSQL log and one real Redis count a guesser's
// attempts together, so spreading them over the nodes buys nothing (with a count per node, each would see half);
// an e-mail no account has locks at the same count as an account, whichever node hears each wrong password (the
// account's lock is in the shared log, so a per-node count would tell the two apart); with Redis out of reach a
// sign-in is refused with 503 and Retry-After, unchecked, never let through uncounted (a refresh is let through).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '#sim/bus/localRedisServer';
import { startCuttableLink, type CuttableLink } from './support/cuttableLink.ts';
import { useLocalPostgres } from './support/localPostgres.ts';
import { manualClock, signIn, startHarness, type Harness } from './support/simulatorHarness.ts';

const postgres = useLocalPostgres();
let redis: RedisServer;
/** Node a reaches Redis through a link the test can cut. */
let link: CuttableLink;
const nodes: Harness[] = [];
const MINUTE_MS = 60_000;
const FREE = 4;

beforeAll(async () => {
  redis = await startRedisServer();
  link = await startCuttableLink(redis.port);
  const clock = manualClock();
  for (const [nodeName, redisUrl] of [
    ['a', `redis://127.0.0.1:${link.port}`],
    ['b', redis.url],
  ] as const)
    nodes.push(
      await startHarness({
        clock,
        retention: false,
        offlineWatch: false,
        closureSchedule: false,
        store: { url: postgres.server.url, nodeName },
        bus: { url: redisUrl, streamKey: 'test:broadcasts:throttle' },
        throttle: {
          'sign-in': {
            address: {
              freeAttempts: FREE,
              baseDelayMs: MINUTE_MS,
              maxDelayMs: MINUTE_MS,
              forgetAfterMs: 15 * MINUTE_MS,
            },
            account: null,
          },
        },
      }),
    );
}, 120_000);

afterAll(async () => {
  for (const node of nodes) await node.close();
  await link.close();
  await redis.stop();
});

const guessFor = (node: Harness, username: string, from: string) =>
  node.app.inject({
    method: 'POST',
    url: '/api/user_token',
    payload: { grant_type: 'password', application: 'dashboard', username, password: 'Wrong!2026' },
    remoteAddress: from,
  });

const guess = (node: Harness, attempt: number, from: string) =>
  guessFor(node, `guess${attempt}@nobody.test`, from);

describe('given two nodes of one cluster', () => {
  it('when a guesser spreads failed sign-ins over both, then both hold them back after the free attempts', async () => {
    const [a, b] = nodes as [Harness, Harness];
    const from = '10.9.0.1';
    for (let attempt = 0; attempt < FREE; attempt += 1)
      expect((await guess(attempt % 2 === 0 ? a : b, attempt, from)).statusCode).toBe(400);
    for (const node of [a, b]) {
      const held = await guess(node, FREE, from);
      expect(held.statusCode).toBe(429);
      expect(Number(held.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // Another address is not held back by this one's count.
    expect((await guess(b, 0, '10.9.0.2')).statusCode).toBe(400);
  });

  it('when wrong passwords for a real and an unknown e-mail alternate nodes, then both lock at the fifth', async () => {
    const [a, b] = nodes as [Harness, Harness];
    const answers = async (username: string) => {
      const seen: string[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        // A new address each time: only the lockout counts here, not the address throttle.
        const response = await guessFor(attempt % 2 === 0 ? a : b, username, `10.9.1.${attempt}`);
        seen.push(`${response.statusCode} ${response.json<{ error: string }>().error}`);
      }
      return seen;
    };
    const known = await answers('user@demo.test');
    expect(known.slice(4)).toEqual(['401 locked_out', '401 locked_out']);
    expect(await answers('nobody-here@demo.test')).toEqual(known);
  });

  it('when a node cannot reach Redis, then its sign-ins are refused with 503 and Retry-After, not let through', async () => {
    const [a] = nodes as [Harness];
    const from = '10.9.0.3';
    const session = await signIn(a.app, 'admin@demo.test');
    const cut = link.cut(3_000);
    const refused = await guess(a, 0, from);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ error: 'throttle_unavailable' });
    // A refresh is let through meanwhile: its token cannot be guessed, and a refused one would end a desk's session.
    const refreshed = await a.app.inject({
      method: 'POST',
      url: '/api/user_token',
      payload: { grant_type: 'refresh_token', refresh_token: session.refresh_token },
      remoteAddress: from,
    });
    expect(refreshed.statusCode).toBe(200);
    await cut;
    // Once the link is whole the node checks and counts again (its client reconnects on its own).
    await expect.poll(async () => (await guess(a, 1, from)).statusCode, { timeout: 20_000 }).toBe(400);
  });
});
