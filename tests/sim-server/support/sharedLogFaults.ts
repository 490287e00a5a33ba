// What the shared log's fault tests (postgresFaults.test.ts: the node's link cut; postgresRestart.test.ts: the server
// restarted) do to a node and count: a sign-in's answer as it comes (a write: it records a session), a call retried
// as a refused client is told to (503 with Retry-After) until it is let in, and the sessions the shared log holds
// (what was acknowledged).
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { DEMO_PASSWORD } from '#sim/seed/worldPlan';

type Answer = Awaited<ReturnType<FastifyInstance['inject']>>;

export const signInAnswer = (app: FastifyInstance, username = 'user@demo.test'): Promise<Answer> =>
  app.inject({
    method: 'POST',
    url: '/api/user_token',
    payload: { grant_type: 'password', application: 'dashboard', username, password: DEMO_PASSWORD },
  });

/** Calls again while the answer is 503, pausing a tenth of the Retry-After each time (a test need not wait it all),
 * at most `attempts` times; returns the last answer. */
export async function retriedWhileRefused(call: () => Promise<Answer>, attempts = 50): Promise<Answer> {
  let answer = await call();
  for (let attempt = 0; answer.statusCode === 503 && attempt < attempts; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, Number(answer.headers['retry-after'] ?? 1) * 100));
    answer = await call();
  }
  return answer;
}

export async function sessionsInSharedLog(admin: pg.Client): Promise<number> {
  const result = await admin.query<{ count: string }>(
    "SELECT count(*) FROM events WHERE type = 'SessionOpened'",
  );
  return Number(result.rows[0]?.count);
}

/** A read of the replica that needs the session: 200 once the node holds it. */
export const profileAnswer = (app: FastifyInstance, token: string): Promise<Answer> =>
  app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${token}` } });
