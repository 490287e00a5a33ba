// Sessions, one-use links and the outbox are projections of events (issue 35), so a node that holds only the log
// holds them too. Given sign-ins, a refresh, a sign-out, a reset link and its mail, when the projections are rebuilt
// from the log alone, then every session answers as before, the link still opens once, and the outbox is the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResult } from '#sim/auth/tokens';
import { rebuildProjections } from '#sim/store/eventLog';
import { bearer, projectionDump, signIn, startHarness, type Harness } from './support/simulatorHarness.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

const profileStatus = async (token: string) =>
  (await harness.app.inject({ url: '/api/profile', headers: bearer(token) })).statusCode;
const refresh = (refreshToken: string) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/user_token',
    payload: { grant_type: 'refresh_token', refresh_token: refreshToken },
  });
const SESSION_TABLES = ['access_tokens', 'account_tokens', 'email_change_links', 'outbox'];
const sessionTables = () =>
  Object.fromEntries(
    Object.entries(projectionDump(harness.app)).filter(([name]) => SESSION_TABLES.includes(name)),
  );

describe('sessions, links and mail rebuilt from the log alone', () => {
  let kept: TokenResult;
  let refreshedFrom: TokenResult;
  let refreshed: TokenResult;
  let signedOut: TokenResult;
  let resetToken: string;

  beforeAll(async () => {
    kept = await signIn(harness.app, 'user@demo.test');
    refreshedFrom = await signIn(harness.app, 'admin@demo.test');
    refreshed = (await refresh(refreshedFrom.refresh_token)).json<TokenResult>();
    signedOut = await signIn(harness.app, 'user@demo.test');
    await harness.app.inject({
      method: 'POST',
      url: '/api/revoke_token',
      payload: { token: signedOut.access_token },
    });
    await harness.app.inject({
      method: 'POST',
      url: '/api/forgot_password',
      payload: { email: 'user@demo.test' },
    });
    const mails = harness.app.accountSecurity.outbox('user@demo.test');
    resetToken = mails.at(-1)?.link.split('/').at(-1) ?? '';
  });

  it('writes each of them as an event, with tokens only as hashes', () => {
    const events = harness.app.eventLog.db
      .prepare<[], { type: string; data: string }>('SELECT type, data FROM events')
      .all();
    const types = events.map((event) => event.type);
    for (const type of [
      'SessionOpened',
      'SessionRefreshed',
      'SessionsRevoked',
      'AccountLinkIssued',
      'MailSent',
    ])
      expect(types).toContain(type);
    const sessionData = events
      .filter((event) => event.type.startsWith('Session'))
      .map((event) => event.data)
      .join('\n');
    for (const token of [
      kept.access_token,
      kept.refresh_token,
      refreshed.access_token,
      signedOut.refresh_token,
    ])
      expect(sessionData).not.toContain(token);
  });

  it('answers every session as before, keeps the same rows, and the reset link opens once', async () => {
    const before = sessionTables();
    expect(before['outbox']?.length).toBeGreaterThan(0);
    rebuildProjections(harness.app.eventLog);
    expect(sessionTables()).toEqual(before);

    expect(await profileStatus(kept.access_token)).toBe(200);
    expect(await profileStatus(refreshed.access_token)).toBe(200);
    expect(await profileStatus(refreshedFrom.access_token)).toBe(401);
    expect(await profileStatus(signedOut.access_token)).toBe(401);
    // The used refresh token coming back still revokes its family, rebuilt or not.
    expect((await refresh(refreshedFrom.refresh_token)).statusCode).toBe(422);
    expect(await profileStatus(refreshed.access_token)).toBe(401);

    const reset = (password: string) =>
      harness.app.inject({
        method: 'PUT',
        url: '/api/reset_password',
        payload: { token: resetToken, password },
      });
    expect((await reset('Rebuilt!2026s')).statusCode).toBe(200);
    expect((await reset('Rebuilt!2026t')).statusCode).not.toBe(200);
  });
});
