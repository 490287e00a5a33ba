// Account security as an attacker would try it (issue 17), through the real token and recovery routes on a real
// SQLite file: requests refused for their shape never count towards the lockout; an unlock link lifts the lock only
// together with the right password; a password reset ends every session opened before it (REST, refresh, token
// check, cable connect, and a cable already open); token answers are never cached; the outbox answers loopback callers only.
import { describe, expect, it } from 'vitest';
import { LOCKOUT_THRESHOLD } from '#sim/auth/accountDecider';
import { outboxExposureWarning } from '#sim/auth/outboxAccess';
import { connectCable } from './support/cableClient.ts';
import type { TokenResult } from '#sim/auth/tokens';
import { ACCOUNT_PASSWORD, useAccountSecurityWorld } from './support/accountSecurityWorld.ts';
import { bearer, startHarness } from './support/simulatorHarness.ts';

const world = useAccountSecurityWorld();
const { createAccount } = world;
const PASSWORD = ACCOUNT_PASSWORD;

const tokenCall = (payload: Record<string, unknown>) =>
  world.harness.app.inject({ method: 'POST', url: '/api/user_token', payload });

const passwordGrant = (username: string, password: string, unlockToken?: string) =>
  tokenCall({
    grant_type: 'password',
    application: 'dashboard',
    username,
    password,
    ...(unlockToken ? { unlock_token: unlockToken } : {}),
  });

async function lastLink(email: string): Promise<string> {
  const response = await world.harness.app.inject({
    url: `/api/sim/outbox?email=${encodeURIComponent(email)}`,
  });
  const link = response.json<{ mails: { link: string }[] }>().mails.at(-1)?.link;
  if (!link) throw new Error(`no mail to ${email}`);
  return decodeURIComponent(link.split('/').at(-1) ?? '');
}

async function lockOut(email: string) {
  for (let attempt = 1; attempt < LOCKOUT_THRESHOLD; attempt += 1)
    expect((await passwordGrant(email, 'wrong')).statusCode).toBe(400);
  expect((await passwordGrant(email, 'wrong')).json()).toMatchObject({ error: 'locked_out' });
  expect((await passwordGrant(email, PASSWORD)).json()).toMatchObject({ error: 'locked_out' });
}

describe('the lockout counts wrong passwords only', () => {
  it('does not count requests refused for their shape, however many name the user', async () => {
    const email = 'malformed@hardening.test';
    await createAccount(email);
    const malformed: Record<string, unknown>[] = [
      { grant_type: 'password', username: email },
      { grant_type: 'password', username: email, password: '' },
      { grant_type: 'password', username: email, password: 42 },
      { grant_type: 'password', username: email, password: ['wrong'] },
      { grant_type: 'password', username: email, password: null },
      { grant_type: 'pasword', username: email, password: 'wrong' },
      { grant_type: 'password', username: email, password: 'x'.repeat(1001) },
    ];
    for (let round = 0; round < LOCKOUT_THRESHOLD; round += 1)
      for (const body of malformed) expect((await tokenCall(body)).statusCode).toBe(400);
    expect((await passwordGrant(email, PASSWORD)).statusCode).toBe(200);
    const failures = world.harness.app.eventLog.db
      .prepare<[], { n: number }>("SELECT count(*) AS n FROM events WHERE type = 'SignInFailed'")
      .get()?.n;
    expect(failures).toBe(0);
  });
});

describe('an unlock link', () => {
  it('does not lift the lock with a wrong password, and still works with the right one afterwards', async () => {
    const email = 'unlock-wrong@hardening.test';
    await createAccount(email);
    await lockOut(email);
    const unlockToken = await lastLink(email);
    const wrong = await passwordGrant(email, 'wrong', unlockToken);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'locked_out' });
    expect((await passwordGrant(email, PASSWORD)).json()).toMatchObject({ error: 'locked_out' });
    expect((await passwordGrant(email, PASSWORD, unlockToken)).statusCode).toBe(200);
  });
});

describe('a password reset ends every session opened before it', () => {
  it('refuses the old access token on REST, the token check and the cable, and the old refresh token', async () => {
    const email = 'sessions@hardening.test';
    await createAccount(email);
    const first = (await passwordGrant(email, PASSWORD)).json<TokenResult>();
    const second = (await passwordGrant(email, PASSWORD)).json<TokenResult>();
    const profile = (token: string) =>
      world.harness.app.inject({ url: '/api/profile', headers: bearer(token) });
    expect((await profile(first.access_token)).statusCode).toBe(200);
    const address = await world.harness.app.listen({ port: 0, host: '127.0.0.1' });
    const openCable = await connectCable(address, first.access_token);

    await world.harness.app.inject({ method: 'POST', url: '/api/forgot_password', payload: { email } });
    const reset = await world.harness.app.inject({
      method: 'PUT',
      url: '/api/reset_password',
      payload: { token: await lastLink(email), password: 'Second!2026b' },
    });
    expect(reset.statusCode).toBe(200);
    // The dashboard already connected is told its session is over.
    expect(await openCable.next((frame) => frame.type === 'disconnect')).toMatchObject({
      type: 'disconnect',
      reason: 'unauthorized',
    });
    openCable.close();

    for (const session of [first, second]) {
      expect((await profile(session.access_token)).statusCode).toBe(401);
      const verify = await world.harness.app.inject({
        method: 'POST',
        url: '/api/verify_token',
        payload: { access_token: session.access_token },
      });
      expect(verify.statusCode).toBe(401);
      expect(world.harness.app.resolveCableSession(session.access_token)).toBeNull();
      const refresh = await tokenCall({ grant_type: 'refresh_token', refresh_token: session.refresh_token });
      expect(refresh.statusCode).toBe(422);
    }
    const fresh = (await passwordGrant(email, 'Second!2026b')).json<TokenResult>();
    expect((await profile(fresh.access_token)).statusCode).toBe(200);
    expect(world.harness.app.resolveCableSession(fresh.access_token)).not.toBeNull();
  });
});

describe('token answers', () => {
  it('carry Cache-Control: no-store, refusals included', async () => {
    const email = 'cache@hardening.test';
    await createAccount(email);
    const signedIn = await passwordGrant(email, PASSWORD);
    const refreshed = await tokenCall({
      grant_type: 'refresh_token',
      refresh_token: signedIn.json<TokenResult>().refresh_token,
    });
    const refused = await passwordGrant(email, 'wrong');
    const malformed = await tokenCall({ grant_type: 'password', username: 1 });
    for (const response of [signedIn, refreshed, refused, malformed])
      expect(response.headers['cache-control']).toBe('no-store');
    expect([signedIn.statusCode, refreshed.statusCode]).toEqual([200, 200]);
  });
});

describe('the outbox', () => {
  it('answers callers on this machine only, as if it did not exist for the others', async () => {
    await createAccount('outbox@hardening.test');
    await world.harness.app.inject({
      method: 'POST',
      url: '/api/forgot_password',
      payload: { email: 'outbox@hardening.test' },
    });
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const local = await world.harness.app.inject({ url: '/api/sim/outbox', remoteAddress });
      expect(local.statusCode).toBe(200);
    }
    for (const remoteAddress of ['203.0.113.9', '10.0.0.4', '::ffff:192.168.1.2', '2001:db8::1']) {
      const remote = await world.harness.app.inject({ url: '/api/sim/outbox', remoteAddress });
      expect(remote.statusCode).toBe(404);
      expect(remote.body).not.toContain('/welcome/reset/');
    }
  });

  it('is open to everyone behind the developer flag, and the mails go to the mail log', async () => {
    const lines: string[] = [];
    const open = await startHarness({ outboxAccess: 'open', mailLog: (line) => lines.push(line) });
    try {
      await open.app.inject({
        method: 'POST',
        url: '/api/forgot_password',
        payload: { email: 'user@demo.test' },
      });
      const remote = await open.app.inject({ url: '/api/sim/outbox', remoteAddress: '203.0.113.9' });
      const [mail] = remote.json<{ mails: { link: string }[] }>().mails;
      expect(mail?.link).toContain('/welcome/reset/');
      expect(lines).toEqual([`e-mail to user@demo.test: Reset your password ${mail?.link}`]);
    } finally {
      await open.close();
    }
  });

  it('is announced when the simulator listens beyond loopback', () => {
    expect(outboxExposureWarning('loopback', '127.0.0.1')).toBeNull();
    expect(outboxExposureWarning('open', 'localhost')).toBeNull();
    expect(outboxExposureWarning('open', '::1')).toBeNull();
    expect(outboxExposureWarning('loopback', '0.0.0.0')).toContain('answers callers on this machine only');
    expect(outboxExposureWarning('open', '0.0.0.0')).toMatch(/^WARNING: .*take over any account/);
  });
});
