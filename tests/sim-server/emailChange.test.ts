// Changing one's own e-mail (issue 34 item 1; docs/accounts.md) through the real routes on a real SQLite file. The
// review found that any bearer credential, an API token included, could move its account to another address and
// then take it over with forgot and reset password. Now: a signed-in session and the current password (a wrong one
// counts towards the lockout), then the new address confirms through a link mailed to it, from the public origin;
// the old address can cancel or undo it, which signs every session out; the links are stored hashed, used once and
// expire. An administrator's change of another user's address still applies at once (security.test.ts).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CURRENT_PASSWORD_NEEDED,
  CURRENT_PASSWORD_WRONG,
  EMAIL_CHANGE_NEEDS_SIGN_IN,
} from '#domain/users/user';
import { LOCKOUT_THRESHOLD } from '#sim/auth/accountDecider';
import { CONFIRM_EMAIL_LIFETIME_MS } from '#sim/auth/emailChange';
import { bearer, signIn, startHarness, type Harness } from './support/simulatorHarness.ts';

const PUBLIC_ORIGIN = 'https://sim.example.org';
const DEMO_PASSWORD = 'Demo!2026';
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ publicOrigin: PUBLIC_ORIGIN });
});
afterAll(async () => {
  await harness.close();
});

type Profile = { user: { id: string; email: string; firstname: string; lastname: string; role_id: number } };
type Mail = { to: string; subject: string; body: string; link: string };

async function profileOf(token: string): Promise<Profile['user']> {
  const response = await harness.app.inject({ url: '/api/profile', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Profile>().user;
}

function saveOwn(
  token: string,
  user: Profile['user'],
  changes: { email?: string; lastname?: string; current_password?: string },
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const { id, firstname, lastname, email, role_id } = user;
  return harness.app.inject({
    method: 'PUT',
    url: `/api/users/${id}`,
    headers: { ...bearer(token), ...headers },
    payload: { id, firstname, lastname, email, role_id, ...changes },
  });
}

function mailsTo(email: string): Mail[] {
  return harness.app.accountSecurity.outbox(email) as Mail[];
}

const tokenOf = (link: string) => decodeURIComponent(link.split('/').at(-1) ?? '');
const useLink = (path: 'confirm_email' | 'undo_email_change', token: string) =>
  harness.app.inject({ method: 'POST', url: `/api/${path}`, payload: { token } });
const passwordGrant = (username: string, password: string) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/user_token',
    payload: { grant_type: 'password', application: 'dashboard', username, password },
  });

describe('a leaked API token', () => {
  it('cannot move its account to another address, so recovery cannot take it over', async () => {
    const session = (await signIn(harness.app, 'admin@demo.test')).access_token;
    const created = await harness.app.inject({
      method: 'POST',
      url: '/api/api_tokens',
      headers: bearer(session),
      payload: { description: 'script' },
    });
    expect(created.statusCode).toBe(201);
    const apiToken = created.json<{ token: string }>().token;
    const me = await profileOf(apiToken);

    const moved = await saveOwn(apiToken, me, {
      email: 'thief@evil.test',
      current_password: DEMO_PASSWORD,
    });
    expect(moved.statusCode).toBe(403);
    expect(moved.json()).toEqual({ error: 'forbidden', message: EMAIL_CHANGE_NEEDS_SIGN_IN });
    expect((await profileOf(session)).email).toBe('admin@demo.test');
    expect(mailsTo('thief@evil.test')).toEqual([]);
    await harness.app.inject({
      method: 'POST',
      url: '/api/forgot_password',
      payload: { email: 'thief@evil.test' },
    });
    expect(mailsTo('thief@evil.test')).toEqual([]);

    // What an API token is for still works: a name changes at once.
    const renamed = await saveOwn(apiToken, me, { lastname: 'Scripted' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await profileOf(session)).lastname).toBe('Scripted');
  });
});

describe('a signed-in session', () => {
  it('needs the current password, and a wrong one counts towards the lockout', async () => {
    const session = (await signIn(harness.app, 'orgadmin@demo.test')).access_token;
    const me = await profileOf(session);
    const missing = await saveOwn(session, me, { email: 'elsewhere@demo.test' });
    expect([missing.statusCode, missing.json<{ message: string }>().message]).toEqual([
      422,
      CURRENT_PASSWORD_NEEDED,
    ]);
    for (let attempt = 1; attempt <= LOCKOUT_THRESHOLD; attempt += 1) {
      const wrong = await saveOwn(session, me, { email: 'elsewhere@demo.test', current_password: 'guess' });
      expect([wrong.statusCode, wrong.json<{ message: string }>().message]).toEqual([
        422,
        CURRENT_PASSWORD_WRONG,
      ]);
    }
    // Locked now: the right password does not open it either, and the owner was mailed an unlock link.
    const locked = await saveOwn(session, me, {
      email: 'elsewhere@demo.test',
      current_password: DEMO_PASSWORD,
    });
    expect(locked.statusCode).toBe(422);
    expect((await passwordGrant('orgadmin@demo.test', DEMO_PASSWORD)).json()).toMatchObject({
      error: 'locked_out',
    });
    expect(mailsTo('orgadmin@demo.test').at(-1)?.subject).toBe('Unlock your account');
    expect(mailsTo('elsewhere@demo.test')).toEqual([]);
    expect((await profileOf(session)).email).toBe('orgadmin@demo.test');
  });

  it('changes the address only once the new one confirms, with links from the public origin, used once', async () => {
    const session = (await signIn(harness.app, 'user@demo.test')).access_token;
    const me = await profileOf(session);
    const asked = await saveOwn(
      session,
      me,
      { email: 'user-new@demo.test', lastname: 'Moved', current_password: DEMO_PASSWORD },
      { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      email: 'user@demo.test',
      lastname: 'Moved',
      pending_email: 'user-new@demo.test',
    });
    // Not yet: the account keeps its address, and recovery for the new one sends nothing.
    expect((await profileOf(session)).email).toBe('user@demo.test');
    await harness.app.inject({
      method: 'POST',
      url: '/api/forgot_password',
      payload: { email: 'user-new@demo.test' },
    });
    const toNew = mailsTo('user-new@demo.test');
    expect(toNew.map((mail) => mail.subject)).toEqual(['Confirm your new email address']);
    const confirmLink = toNew[0]?.link ?? '';
    expect(confirmLink.startsWith(`${PUBLIC_ORIGIN}/welcome/email/confirm/`)).toBe(true);
    const notice = mailsTo('user@demo.test').at(-1);
    expect(notice?.subject).toBe('Your email address is about to change');
    expect(notice?.body).toContain('user-new@demo.test');
    expect(notice?.link.startsWith(`${PUBLIC_ORIGIN}/welcome/email/undo/`)).toBe(true);

    // Stored hashed: neither token is in the database as it was mailed.
    const stored = harness.app.eventLog.db
      .prepare<[], { token_hash: string }>('SELECT token_hash FROM email_change_links')
      .all()
      .map((row) => row.token_hash);
    expect(stored).not.toContain(tokenOf(confirmLink));
    expect(stored).not.toContain(tokenOf(notice?.link ?? ''));

    const confirmed = await useLink('confirm_email', tokenOf(confirmLink));
    expect([confirmed.statusCode, confirmed.json()]).toEqual([200, { email: 'user-new@demo.test' }]);
    expect((await profileOf(session)).email).toBe('user-new@demo.test');
    expect((await useLink('confirm_email', tokenOf(confirmLink))).statusCode).toBe(404);
    expect((await passwordGrant('user-new@demo.test', DEMO_PASSWORD)).statusCode).toBe(200);

    // The old address undoes it: the account moves back and every session of it ends.
    const undone = await useLink('undo_email_change', tokenOf(notice?.link ?? ''));
    expect([undone.statusCode, undone.json()]).toEqual([200, { email: 'user@demo.test' }]);
    expect((await harness.app.inject({ url: '/api/profile', headers: bearer(session) })).statusCode).toBe(
      401,
    );
    expect((await passwordGrant('user-new@demo.test', DEMO_PASSWORD)).statusCode).toBe(400);
    expect((await passwordGrant('user@demo.test', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await useLink('undo_email_change', tokenOf(notice?.link ?? ''))).statusCode).toBe(404);
  });

  it('lets a confirm link expire, and an undo cancel a change not yet confirmed', async () => {
    const ask = async (email: string) => {
      // Signed in afresh each time: the clock moves past an access token's two hours.
      const session = (await signIn(harness.app, 'admin@demo.test')).access_token;
      const me = await profileOf(session);
      const response = await saveOwn(session, me, { email, current_password: DEMO_PASSWORD });
      expect(response.statusCode, response.body).toBe(200);
      return tokenOf(mailsTo(email).at(-1)?.link ?? '');
    };
    const late = await ask('admin-late@demo.test');
    harness.clock.advance(CONFIRM_EMAIL_LIFETIME_MS);
    expect((await useLink('confirm_email', late)).json()).toMatchObject({ error: 'invalid_token' });

    const cancelled = await ask('admin-cancelled@demo.test');
    const undo = tokenOf(mailsTo('admin@demo.test').at(-1)?.link ?? '');
    expect((await useLink('undo_email_change', undo)).statusCode).toBe(200);
    expect((await useLink('confirm_email', cancelled)).statusCode).toBe(404);
    const fresh = (await signIn(harness.app, 'admin@demo.test')).access_token;
    expect((await profileOf(fresh)).email).toBe('admin@demo.test');
  });
});
