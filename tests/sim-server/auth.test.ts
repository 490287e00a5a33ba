// Sign-in, refresh, sign-out and token checks, through the real routes and a real SQLite file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_LENGTH, type TokenResult } from '#sim/auth/tokens';
import { connectCable } from './support/cableClient.ts';
import { bearer, organizationIds, signIn, startHarness, type Harness } from './support/simulatorHarness.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

const postToken = (payload: Record<string, string>) =>
  harness.app.inject({ method: 'POST', url: '/api/user_token', payload });

const profileStatus = async (token: string) =>
  (await harness.app.inject({ url: '/api/profile', headers: bearer(token) })).statusCode;

describe('POST /api/user_token with a password', () => {
  it('returns a token result for the right password, expiring in 7200 s from the clock', async () => {
    const response = await postToken({
      grant_type: 'password',
      application: 'dashboard',
      username: 'user@demo.test',
      password: 'Demo!2026',
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<TokenResult>();
    expect(result).toMatchObject({
      token_type: 'Bearer',
      expires_in: 7200,
      created_at: Math.floor(harness.clock.now() / 1000),
      scope: 'dashboard',
    });
    expect(result.access_token).toMatch(/^[\w-]{401,}$/);
    expect(result.refresh_token).toMatch(/^[\w-]{401,}$/);
    expect(result.refresh_token).not.toBe(result.access_token);
    const userId = harness.app.eventLog.db
      .prepare<[], { id: string }>("SELECT id FROM users WHERE email = 'user@demo.test'")
      .get()?.id;
    expect(result.uuid).toBe(userId);
    expect(await profileStatus(result.access_token)).toBe(200);
  });

  it('accepts a form-encoded body, as a browser form posts it', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/user_token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&application=dashboard&username=admin%40demo.test&password=Demo%212026',
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail with the same 400 invalid_grant', async () => {
    const wrongPassword = await postToken({
      grant_type: 'password',
      username: 'user@demo.test',
      password: 'nope',
    });
    const unknownEmail = await postToken({
      grant_type: 'password',
      username: 'nobody@demo.test',
      password: 'Demo!2026',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ error: 'invalid_grant' });
    expect(unknownEmail.statusCode).toBe(400);
    expect(unknownEmail.body).toBe(wrongPassword.body);
    // The client shows "User is suspended." only for this text; a wrong password must not trigger it.
    expect(wrongPassword.body).not.toContain('user_suspended');
  });

  it('answers a missing password with 400', async () => {
    const response = await postToken({ grant_type: 'password', username: 'user@demo.test' });
    expect(response.statusCode).toBe(400);
  });

  it('stores neither the password nor the tokens in the clear', async () => {
    const { access_token: accessToken, refresh_token: refreshToken } = await signIn(
      harness.app,
      'media@demo.test',
    );
    const db = harness.app.eventLog.db;
    const storedHash = db
      .prepare<[], { h: string }>("SELECT password_hash AS h FROM users WHERE email = 'media@demo.test'")
      .get()?.h;
    expect(storedHash).toMatch(/^scrypt\$/);
    expect(storedHash).not.toContain('Demo!2026');
    const dump = JSON.stringify(db.prepare('SELECT * FROM access_tokens').all());
    expect(dump).not.toContain(accessToken);
    expect(dump).not.toContain(refreshToken);
    const log = JSON.stringify(db.prepare('SELECT data FROM events').all());
    expect(log).not.toContain(accessToken);
    expect(log).not.toContain('Demo!2026');
  });
});

describe('bearer tokens on protected routes', () => {
  it('answers 401 without a token, with an unknown token and with a malformed header', async () => {
    for (const headers of [{}, bearer('not-a-real-token'), { authorization: 'Basic abc' }]) {
      const response = await harness.app.inject({ url: '/api/profile', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'unauthorized' });
    }
  });

  it('accepts a token until it expires after 7200 s, then answers 401', async () => {
    const { access_token: token } = await signIn(harness.app, 'user@demo.test');
    harness.clock.advance(7_199_000);
    expect(await profileStatus(token)).toBe(200);
    harness.clock.advance(1_000);
    expect(await profileStatus(token)).toBe(401);
  });
});

describe('refresh and sign-out', () => {
  it('swaps a refresh token for a new pair once; the old refresh token then fails with 422', async () => {
    const first = await signIn(harness.app, 'user@demo.test');
    harness.clock.advance(7_300_000);
    expect(await profileStatus(first.access_token)).toBe(401);

    const refreshed = await postToken({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json<TokenResult>();
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.created_at).toBe(Math.floor(harness.clock.now() / 1000));
    expect(await profileStatus(second.access_token)).toBe(200);

    const replayed = await postToken({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json()).toMatchObject({
      error_description: 'Access token is expired or does not exist.',
    });
  });

  it('accepts the refreshToken spelling some clients send', async () => {
    const { refresh_token: refreshToken } = await signIn(harness.app, 'user@demo.test');
    const response = await postToken({ grant_type: 'refresh_token', refreshToken });
    expect(response.statusCode).toBe(200);
  });

  it('revokes the session on sign-out: the access token answers 401 and the refresh token 422', async () => {
    const session = await signIn(harness.app, 'user@demo.test');
    const revoke = await harness.app.inject({
      method: 'POST',
      url: '/api/revoke_token',
      payload: { token: session.access_token },
    });
    expect(revoke.statusCode).toBe(200);
    expect(await profileStatus(session.access_token)).toBe(401);
    const refresh = await postToken({ grant_type: 'refresh_token', refresh_token: session.refresh_token });
    expect(refresh.statusCode).toBe(422);
  });

  it('counts sign-ins on the user', async () => {
    const before = await harness.app.inject({
      url: '/api/profile',
      headers: bearer((await signIn(harness.app, 'orgadmin@demo.test')).access_token),
    });
    const countBefore = before.json<{ user: { sign_in_count: number } }>().user.sign_in_count;
    const after = await harness.app.inject({
      url: '/api/profile',
      headers: bearer((await signIn(harness.app, 'orgadmin@demo.test')).access_token),
    });
    expect(after.json<{ user: { sign_in_count: number; last_sign_in_at: string } }>().user).toMatchObject({
      sign_in_count: countBefore + 1,
      last_sign_in_at: new Date(harness.clock.now()).toISOString(),
    });
  });
});

describe('long tokens', () => {
  it('issues tokens longer than 400 url-safe characters, as the token sign-in of the dashboard requires', async () => {
    const first = await signIn(harness.app, 'user@demo.test');
    const second = await signIn(harness.app, 'user@demo.test');
    for (const token of [first.access_token, first.refresh_token, second.access_token]) {
      expect(token).toHaveLength(TOKEN_LENGTH);
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    }
    expect(new Set([first.access_token, first.refresh_token, second.access_token]).size).toBe(3);
  });

  it('opens the cable with a long token offered as a subprotocol', async () => {
    const { access_token: token } = await signIn(harness.app, 'user@demo.test');
    const address = await harness.app.listen({ port: 0, host: '127.0.0.1' });
    // Resolves on the welcome frame, and the subscription on its confirmation: an unknown token gets neither.
    const cable = await connectCable(address, token);
    try {
      await cable.subscribe(organizationIds(harness.app).coordination);
    } finally {
      cable.close();
    }
  });
});
