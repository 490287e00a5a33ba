// Account recovery and sign-in standing (access §7, §8) through the real routes, a real SQLite file and a clock the
// test moves: lockout and unlock links, forgot and reset with expiring tokens and the last 10 passwords, verify,
// accounts in each standing, and the outbox where the "e-mails" land. An unknown e-mail's lockout answers like an
// account's (issue 34 item 4).
import { describe, expect, it } from 'vitest';
import { LOCKOUT_THRESHOLD } from '#sim/auth/accountDecider';
import { rebuildProjections } from '#sim/store/eventLog';
import { ACCOUNT_PASSWORD, useAccountSecurityWorld } from './support/accountSecurityWorld.ts';
import { bearer, signIn } from './support/simulatorHarness.ts';

// This file resets one account's password a dozen times at one instant of its clock, far more recovery mails than
// the throttle lets anyone ask for, and fails more sign-ins from one address than it allows (auth/throttleRules.ts);
// the throttle itself is tested in security.test.ts.
const UNTHROTTLED = { freeAttempts: 1_000, baseDelayMs: 1_000, maxDelayMs: 1_000, forgetAfterMs: 1_000 };
const world = useAccountSecurityWorld({
  throttle: {
    recovery: { address: UNTHROTTLED, account: UNTHROTTLED },
    'sign-in': { address: UNTHROTTLED, account: UNTHROTTLED },
  },
});
const { createAccount } = world;
const PASSWORD = ACCOUNT_PASSWORD;

const passwordGrant = (username: string, password: string, unlockToken?: string) =>
  world.harness.app.inject({
    method: 'POST',
    url: '/api/user_token',
    payload: {
      grant_type: 'password',
      application: 'dashboard',
      username,
      password,
      ...(unlockToken ? { unlock_token: unlockToken } : {}),
    },
  });

type Mail = { to: string; subject: string; link: string };
async function lastMail(email: string): Promise<Mail> {
  const response = await world.harness.app.inject({
    url: `/api/sim/outbox?email=${encodeURIComponent(email)}`,
  });
  const mails = response.json<{ mails: Mail[] }>().mails;
  const last = mails.at(-1);
  if (!last) throw new Error(`no mail to ${email}`);
  return last;
}

const tokenOfLink = (link: string) => decodeURIComponent(link.split('/').at(-1) ?? '');

const resetPassword = (token: string, password: string) =>
  world.harness.app.inject({ method: 'PUT', url: '/api/reset_password', payload: { token, password } });

describe('standing', () => {
  it.each([
    ['suspended', 'user_suspended'],
    ['expired', 'expired'],
    ['not_authorized_method', 'not_authorized_method'],
    ['not_safetycloud_enabled', 'not_safetycloud_enabled'],
  ])('answers a %s account with 401 %s even with the right password', async (standing, error) => {
    const email = `${standing}@standing.test`;
    await createAccount(email, standing);
    const response = await passwordGrant(email, PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error });
  });

  it('keeps demo accounts for staff only', async () => {
    const userToken = (await signIn(world.harness.app, 'user@demo.test')).access_token;
    const response = await world.harness.app.inject({
      method: 'POST',
      url: '/api/sim/accounts',
      headers: bearer(userToken),
      payload: { email: 'x@standing.test', password: PASSWORD, firstname: 'X', lastname: 'Y', role_id: 1 },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('lockout', () => {
  it('locks after repeated failures, mails an unlock link, and the link unlocks with the password', async () => {
    const email = 'lock@recovery.test';
    await createAccount(email);
    for (let attempt = 1; attempt < LOCKOUT_THRESHOLD; attempt += 1) {
      expect((await passwordGrant(email, 'wrong')).statusCode).toBe(400);
    }
    // The attempt that locks answers as a locked account already, with the provider's description.
    const locking = await passwordGrant(email, 'wrong');
    expect(locking.statusCode).toBe(401);
    expect(locking.json()).toMatchObject({ error: 'locked_out' });
    const locked = await passwordGrant(email, PASSWORD);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toMatchObject({ error: 'locked_out' });

    const mail = await lastMail(email);
    expect(mail.link).toContain(`/welcome/unlock/${encodeURIComponent(email)}/`);
    expect((await passwordGrant(email, PASSWORD, 'not-the-token')).statusCode).toBe(401);
    expect((await passwordGrant(email, PASSWORD, tokenOfLink(mail.link))).statusCode).toBe(200);
    // Used once: the lock is gone, and the token cannot be replayed against a new lock.
    expect((await passwordGrant(email, PASSWORD)).statusCode).toBe(200);
  });

  it('resets the failure count after a successful sign-in', async () => {
    const email = 'count@recovery.test';
    await createAccount(email);
    for (let attempt = 1; attempt < LOCKOUT_THRESHOLD; attempt += 1) await passwordGrant(email, 'wrong');
    expect((await passwordGrant(email, PASSWORD)).statusCode).toBe(200);
    for (let attempt = 1; attempt < LOCKOUT_THRESHOLD; attempt += 1) await passwordGrant(email, 'wrong');
    expect((await passwordGrant(email, PASSWORD)).statusCode).toBe(200);
  });

  // Issue 34 item 4: six wrong passwords answered `invalid_grant` ×4 then `locked_out` ×2 for an account, and
  // `invalid_grant` ×6 for an e-mail nobody has, which told anyone which e-mails exist.
  it('answers wrong passwords for an unknown e-mail exactly as for an account, the lockout included', async () => {
    const known = 'enumerated@recovery.test';
    await createAccount(known);
    const answers = async (email: string) => {
      const seen: [number, string][] = [];
      for (let attempt = 0; attempt <= LOCKOUT_THRESHOLD; attempt += 1) {
        const response = await passwordGrant(email, 'wrong');
        seen.push([response.statusCode, response.body]);
      }
      return seen;
    };
    const forAccount = await answers(known);
    expect(forAccount.map(([status]) => status)).toEqual([400, 400, 400, 400, 401, 401]);
    // Counted by the e-mail as typed, whatever its case: a capital letter does not start a new count.
    const unknown = 'Nobody-Here@recovery.test';
    const forUnknown = await answers(unknown);
    expect(forUnknown).toEqual(forAccount);
    expect(await passwordGrant(unknown.toLowerCase(), PASSWORD)).toMatchObject({
      statusCode: 401,
      body: forAccount[5]?.[1],
    });
    expect(world.harness.app.accountSecurity.outbox(unknown.toLowerCase())).toEqual([]);
  });

  // Issue 24: an unknown e-mail gets the same answer as a known one (no enumeration), and no mail.
  it('sends an unlock mail on request, and answers an unknown e-mail alike without a mail', async () => {
    const email = 'unlock@recovery.test';
    await createAccount(email);
    const response = await world.harness.app.inject({
      method: 'POST',
      url: '/api/unlock_account',
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    expect((await lastMail(email)).subject).toBe('Unlock your account');
    const unknown = await world.harness.app.inject({
      method: 'POST',
      url: '/api/unlock_account',
      payload: { email: 'nobody@recovery.test' },
    });
    expect([unknown.statusCode, unknown.body]).toEqual([response.statusCode, response.body]);
    expect(world.harness.app.accountSecurity.outbox('nobody@recovery.test')).toEqual([]);
  });
});

describe('forgot and reset password', () => {
  async function requestReset(email: string): Promise<string> {
    const response = await world.harness.app.inject({
      method: 'POST',
      url: '/api/forgot_password',
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    const mail = await lastMail(email);
    expect(mail.link).toContain(`/welcome/reset/${encodeURIComponent(email)}/`);
    return tokenOfLink(mail.link);
  }

  it('sets a new password once per token, and the old one stops working', async () => {
    const email = 'reset@recovery.test';
    await createAccount(email);
    const token = await requestReset(email);
    expect((await resetPassword(token, 'weak')).statusCode).toBe(422);
    expect((await resetPassword(token, 'Second!2026b')).statusCode).toBe(200);
    expect((await passwordGrant(email, 'Second!2026b')).statusCode).toBe(200);
    expect((await passwordGrant(email, PASSWORD)).statusCode).toBe(400);
    expect((await resetPassword(token, 'Third!2026c')).statusCode).toBe(404);
  });

  it('refuses the current password and the last 10, accepts the 11th back', async () => {
    const email = 'history@recovery.test';
    await createAccount(email);
    const passwords = Array.from({ length: 11 }, (_, index) => `Cycle!${index}Aa`);
    for (const password of passwords)
      expect((await resetPassword(await requestReset(email), password)).statusCode).toBe(200);
    // Current is Cycle!10Aa; the last 10 are Cycle!1Aa..Cycle!10Aa; Cycle!0Aa and the first password are older.
    const reused = await resetPassword(await requestReset(email), 'Cycle!10Aa');
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ error: 'password_reused' });
    expect((await resetPassword(await requestReset(email), 'Cycle!1Aa')).statusCode).toBe(422);
    expect((await resetPassword(await requestReset(email), 'Cycle!0Aa')).statusCode).toBe(200);
  }, 60_000);

  it('answers an expired reset token with "Token has expired"', async () => {
    const email = 'late@recovery.test';
    await createAccount(email);
    const token = await requestReset(email);
    world.harness.clock.advance(61 * 60 * 1000);
    const response = await resetPassword(token, 'Later!2026d');
    expect(response.statusCode).toBe(422);
    expect(response.json<{ error_description: string }>().error_description).toContain('Token has expired');
  });

  it('refuses a suspended user and reactivates one expired for inactivity', async () => {
    await createAccount('suspended-reset@recovery.test', 'suspended');
    const suspended = await resetPassword(await requestReset('suspended-reset@recovery.test'), 'Fresh!2026e');
    expect(suspended.statusCode).toBe(401);
    expect(suspended.json()).toMatchObject({ error: 'user_suspended' });

    await createAccount('expired-reset@recovery.test', 'expired');
    expect((await passwordGrant('expired-reset@recovery.test', PASSWORD)).statusCode).toBe(401);
    expect(
      (await resetPassword(await requestReset('expired-reset@recovery.test'), 'Fresh!2026e')).statusCode,
    ).toBe(200);
    expect((await passwordGrant('expired-reset@recovery.test', 'Fresh!2026e')).statusCode).toBe(200);
  });

  // Issue 24: the same answer as for a known e-mail (no enumeration), and no mail.
  it('answers an unknown e-mail as a known one, without a mail', async () => {
    const response = await world.harness.app.inject({
      method: 'POST',
      url: '/api/forgot_password',
      payload: { email: 'nobody@recovery.test' },
    });
    expect([response.statusCode, response.json()]).toEqual([200, {}]);
    expect(world.harness.app.accountSecurity.outbox('nobody@recovery.test')).toEqual([]);
  });
});

describe('POST /api/verify_token', () => {
  it('gives the lifetime of a live token and 401 for a revoked one', async () => {
    const token = await signIn(world.harness.app, 'admin@demo.test');
    const verify = () =>
      world.harness.app.inject({
        method: 'POST',
        url: '/api/verify_token',
        payload: { access_token: token.access_token },
      });
    const live = await verify();
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({
      created_at: token.created_at,
      expires_in: token.expires_in,
      uuid: token.uuid,
    });
    await world.harness.app.inject({
      method: 'POST',
      url: '/api/revoke_token',
      payload: { token: token.access_token },
    });
    expect((await verify()).statusCode).toBe(401);
  });
});

describe('account changes in the event log', () => {
  const accountTables = () =>
    Object.fromEntries(
      ['users', 'account_security', 'password_history'].map((table) => [
        table,
        world.harness.app.eventLog.db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2, 3`).all(),
      ]),
    );

  it('rebuilds the reset password, the lockout and the standing from the log alone', async () => {
    await createAccount('rebuilt@recovery.test');
    await createAccount('rebuilt-suspended@recovery.test', 'suspended');
    await createAccount('rebuilt-locked@recovery.test');
    for (let attempt = 0; attempt < LOCKOUT_THRESHOLD; attempt += 1)
      await passwordGrant('rebuilt-locked@recovery.test', 'Wrong!2026x');
    await world.harness.app.inject({
      method: 'POST',
      url: '/api/forgot_password',
      payload: { email: 'rebuilt@recovery.test' },
    });
    const token = tokenOfLink((await lastMail('rebuilt@recovery.test')).link);
    expect((await resetPassword(token, 'Rebuilt!2026r')).statusCode).toBe(200);

    const types = world.harness.app.eventLog.db
      .prepare<[], { type: string }>('SELECT DISTINCT type FROM events')
      .all()
      .map((row) => row.type);
    expect(types).toEqual(
      expect.arrayContaining(['PasswordChanged', 'SignInFailed', 'AccountLocked', 'AccountStandingChanged']),
    );
    const live = accountTables();
    rebuildProjections(world.harness.app.eventLog);
    expect(accountTables()).toEqual(live);

    expect((await passwordGrant('rebuilt@recovery.test', 'Rebuilt!2026r')).statusCode).toBe(200);
    expect((await passwordGrant('rebuilt@recovery.test', PASSWORD)).statusCode).toBe(400);
    expect((await passwordGrant('rebuilt-locked@recovery.test', PASSWORD)).json()).toMatchObject({
      error: 'locked_out',
    });
    expect((await passwordGrant('rebuilt-suspended@recovery.test', PASSWORD)).json()).toMatchObject({
      error: 'user_suspended',
    });
  });
});
