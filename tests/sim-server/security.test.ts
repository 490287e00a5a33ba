// Issue 24, as the attacker of the report tried it: mailed links that follow forged headers, an Org Admin taking over
// provider staff, API tokens that outlive a reset or breed, guessing without throttling, e-mail enumeration, missing
// headers, stalled bodies, replayed refresh tokens, foreign Host names and demo accounts served beyond loopback.
// Each test here failed on the code before the issue.
import net from 'node:net';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '#sim/app';
import { startSimulator } from '#sim/server';
import type { TokenResult } from '#sim/auth/tokens';
import { DEFAULT_THROTTLE_POLICY } from '#sim/auth/throttleRules';
import { LOCKOUT_THRESHOLD } from '#sim/auth/accountDecider';
import {
  bearer,
  organizationIds,
  registerUser,
  signIn,
  startHarness,
  temporaryDirectory,
  type Harness,
} from './support/simulatorHarness.ts';

const PUBLIC_ORIGIN = 'https://sim.example.org';
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ publicOrigin: PUBLIC_ORIGIN, allowedHosts: ['proxy.example.org'] });
});
afterAll(async () => {
  await harness.close();
});

type Call = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** The caller's address (each throttling test uses its own). */
  from?: string;
};
const call = ({ method = 'GET', url, payload, headers = {}, from = '127.0.0.1' }: Call) =>
  harness.app.inject({
    method,
    url,
    headers,
    remoteAddress: from,
    ...(payload ? { payload } : {}),
  });

async function mailsTo(email: string): Promise<{ subject: string; link: string; body: string }[]> {
  const response = await call({ url: `/api/sim/outbox?email=${encodeURIComponent(email)}` });
  return response.json<{ mails: { subject: string; link: string; body: string }[] }>().mails;
}

const passwordGrant = (username: string, password: string, from = '127.0.0.1') =>
  call({
    method: 'POST',
    url: '/api/user_token',
    payload: { grant_type: 'password', application: 'dashboard', username, password },
    from,
  });

async function resetPassword(email: string, password: string): Promise<void> {
  await call({ method: 'POST', url: '/api/forgot_password', payload: { email } });
  const token = (await mailsTo(email)).at(-1)?.link.split('/').at(-1) ?? '';
  const reset = await call({ method: 'PUT', url: '/api/reset_password', payload: { token, password } });
  expect(reset.statusCode).toBe(200);
}

describe('1. links in mail', () => {
  it('come from the configured public origin, whatever Host or X-Forwarded-* say', async () => {
    const response = await call({
      method: 'POST',
      url: '/api/forgot_password',
      payload: { email: 'media@demo.test' },
      headers: {
        host: 'proxy.example.org',
        'x-forwarded-host': 'evil.attacker.test',
        'x-forwarded-proto': 'http',
      },
    });
    expect(response.statusCode).toBe(200);
    const link = (await mailsTo('media@demo.test')).at(-1)?.link ?? '';
    expect(link.startsWith(`${PUBLIC_ORIGIN}/welcome/reset/`)).toBe(true);
  });
});

describe('2. user edits', () => {
  it('an Org Admin cannot change provider staff; an e-mail change is mailed to the old address', async () => {
    const orgAdmin = (await signIn(harness.app, 'orgadmin@demo.test')).access_token;
    const listed = await call({ url: '/api/organization/users', headers: bearer(orgAdmin) });
    type Listed = { id: string; email: string; firstname: string; lastname: string; role_id: number };
    const users = listed.json<{ organization_users: Listed[] }>().organization_users;
    const byEmail = (email: string) => users.find((user) => user.email === email) as Listed;
    const staff = byEmail('staff@demo.test');
    const takeover = await call({
      method: 'PUT',
      url: `/api/users/${staff.id}`,
      headers: bearer(orgAdmin),
      payload: { ...staff, email: 'attacker@evil.test' },
    });
    expect(takeover.statusCode).toBe(403);

    const media = byEmail('media@demo.test');
    const moved = await call({
      method: 'PUT',
      url: `/api/users/${media.id}`,
      headers: bearer(orgAdmin),
      payload: { ...media, email: 'media-moved@demo.test' },
    });
    expect(moved.statusCode).toBe(200);
    const notice = (await mailsTo('media@demo.test')).at(-1);
    expect(notice?.subject).toBe('Your e-mail address was changed');
    expect(notice?.body).toContain('media-moved@demo.test');
  });
});

describe('3. API tokens', () => {
  it('cannot mint tokens, answer no-store, and end with a password reset', async () => {
    const session = (await signIn(harness.app, 'admin@demo.test')).access_token;
    const created = await call({
      method: 'POST',
      url: '/api/api_tokens',
      headers: bearer(session),
      payload: { description: 'integration' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const apiToken = created.json<{ token: string }>().token;
    expect((await call({ url: '/api/profile', headers: bearer(apiToken) })).statusCode).toBe(200);

    const bred = await call({
      method: 'POST',
      url: '/api/api_tokens',
      headers: bearer(apiToken),
      payload: { description: 'offspring' },
    });
    expect(bred.statusCode).toBe(403);

    await resetPassword('admin@demo.test', 'Fresh!2026api');
    expect((await call({ url: '/api/profile', headers: bearer(apiToken) })).statusCode).toBe(401);
    expect((await call({ url: '/api/profile', headers: bearer(session) })).statusCode).toBe(401);
  });
});

describe('4. throttling', () => {
  const tooMany = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBe(429);
    return Number(response.headers['retry-after']);
  };

  it('never slows a person who mistypes a few times', async () => {
    const from = '10.4.0.1';
    for (let attempt = 0; attempt < 4; attempt += 1)
      expect((await passwordGrant('user@demo.test', 'Wrong!2026', from)).statusCode).toBe(400);
    expect((await passwordGrant('user@demo.test', 'Demo!2026', from)).statusCode).toBe(200);
  });

  it('backs off an address that keeps guessing, with Retry-After, without counting towards any lockout', async () => {
    const from = '10.4.0.2';
    const free = DEFAULT_THROTTLE_POLICY['sign-in'].address.freeAttempts;
    for (let attempt = 0; attempt < free; attempt += 1)
      expect((await passwordGrant(`guess${attempt}@nobody.test`, 'Wrong!2026', from)).statusCode).toBe(400);
    const wait = tooMany(await passwordGrant('user@demo.test', 'Wrong!2026', from));
    expect(wait).toBeGreaterThanOrEqual(1);
    // The throttled guess was never checked: the account has no failure from it.
    const failures = harness.app.accountSecurity.standingOf(
      harness.app.accountSecurity.findUser('user@demo.test')?.id ?? '',
    ).failed_attempts;
    expect(failures).toBe(0);
    harness.clock.advance(wait * 1000);
    expect((await passwordGrant('user@demo.test', 'Demo!2026', from)).statusCode).toBe(200);
  });

  it('backs off guesses at one account from many addresses', async () => {
    const free = DEFAULT_THROTTLE_POLICY['sign-in'].account?.freeAttempts ?? 0;
    // No account has the e-mail, so it locks like one (issue 34 item 4): wrong passwords, then locked_out.
    for (let attempt = 0; attempt < free; attempt += 1)
      expect((await passwordGrant('target@nobody.test', 'Wrong!2026', `10.5.0.${attempt}`)).statusCode).toBe(
        attempt + 1 < LOCKOUT_THRESHOLD ? 400 : 401,
      );
    const wait = tooMany(await passwordGrant('target@nobody.test', 'Wrong!2026', '10.5.1.1'));
    expect(wait).toBeLessThanOrEqual(60);
  });

  it('throttles recovery mails per named address, and refresh guesses per caller', async () => {
    const from = '10.6.0.1';
    const free = DEFAULT_THROTTLE_POLICY.recovery.account?.freeAttempts ?? 0;
    for (let attempt = 0; attempt < free; attempt += 1) {
      const response = await call({
        method: 'POST',
        url: '/api/unlock_account',
        payload: { email: 'bombed@nobody.test' },
        from: `10.6.1.${attempt}`,
      });
      expect(response.statusCode).toBe(200);
    }
    tooMany(
      await call({
        method: 'POST',
        url: '/api/forgot_password',
        payload: { email: 'bombed@nobody.test' },
        from,
      }),
    );

    const refreshFree = DEFAULT_THROTTLE_POLICY.refresh.address.freeAttempts;
    const refresh = () =>
      call({
        method: 'POST',
        url: '/api/user_token',
        payload: { grant_type: 'refresh_token', refresh_token: 'guess' },
        from: '10.6.2.1',
      });
    for (let attempt = 0; attempt < refreshFree; attempt += 1) expect((await refresh()).statusCode).toBe(422);
    tooMany(await refresh());
  });
});

describe('5. e-mail enumeration', () => {
  it('recovery answers the same for known and unknown addresses', async () => {
    for (const url of ['/api/forgot_password', '/api/unlock_account']) {
      const known = await call({
        method: 'POST',
        url,
        payload: { email: 'user@demo.test' },
        from: '10.7.0.1',
      });
      const unknown = await call({
        method: 'POST',
        url,
        payload: { email: 'nobody@demo.test' },
        from: '10.7.0.1',
      });
      expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    }
  });

  it('creating a user with another organization’s e-mail does not say the account exists', async () => {
    const { fleet } = organizationIds(harness.app);
    await registerUser(harness, {
      id: 'u-elsewhere',
      email: 'elsewhere@fleet.test',
      password: 'Start!2026a',
      roleId: 2,
      organizationId: fleet,
    });
    const orgAdmin = (await signIn(harness.app, 'orgadmin@demo.test')).access_token;
    const response = await call({
      method: 'POST',
      url: '/api/users',
      headers: bearer(orgAdmin),
      payload: { firstname: 'Ella', lastname: 'Where', email: 'elsewhere@fleet.test', role_id: 2 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.body).not.toMatch(/taken|exists/i);
  });
});

describe('7. headers', () => {
  it('carry a CSP with frame-ancestors, nosniff and no referrer, on the API and the dashboard', async () => {
    for (const url of ['/api/version', '/dashboard/things']) {
      const response = await call({ url });
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });
});

describe('9. request timeouts', () => {
  it('closes a connection whose body never comes', async () => {
    const stalled = await startHarness({ timeouts: { requestMs: 1_000, checkIntervalMs: 200 } });
    try {
      expect(harness.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
      const address = await stalled.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const socket = net.connect(Number(port), '127.0.0.1');
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      let answer = '';
      // Reading keeps the socket flowing, so the server's end of the connection is seen.
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString();
      });
      socket.on('error', () => {});
      socket.write(
        'POST /api/user_token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          'Content-Length: 100000\r\n\r\n{"grant_type":',
      );
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await stalled.close();
    }
  });
});

describe('10. refresh-token reuse', () => {
  it('revokes the whole family when a used refresh token comes back', async () => {
    const first = await signIn(harness.app, 'user@demo.test');
    const refresh = (token: string) =>
      call({
        method: 'POST',
        url: '/api/user_token',
        payload: { grant_type: 'refresh_token', refresh_token: token },
        from: '10.10.0.1',
      });
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const next = second.json<TokenResult>();
    expect((await refresh(first.refresh_token)).statusCode).toBe(422);
    expect((await refresh(next.refresh_token)).statusCode).toBe(422);
    expect((await call({ url: '/api/profile', headers: bearer(next.access_token) })).statusCode).toBe(401);
  });
});

describe('12. beyond loopback', () => {
  it('answers no Host name it does not serve (DNS rebinding)', async () => {
    for (const url of ['/api/version', '/api/sim/outbox']) {
      expect((await call({ url, headers: { host: 'evil.attacker.test' } })).statusCode).toBe(421);
      expect((await call({ url, headers: { host: 'evil.attacker.test:8080' } })).statusCode).toBe(421);
    }
    expect((await call({ url: '/api/version', headers: { host: 'localhost:8080' } })).statusCode).toBe(200);
    expect((await call({ url: '/api/version', headers: { host: 'sim.example.org' } })).statusCode).toBe(200);
    expect((await call({ url: '/api/version', headers: { host: 'proxy.example.org' } })).statusCode).toBe(
      200,
    );
  });

  it('refuses to seed the demo accounts on every interface unless asked', async () => {
    const temporary = temporaryDirectory();
    try {
      await expect(
        startSimulator({
          port: 0,
          host: '0.0.0.0',
          databasePath: path.join(temporary.dir, 'sim.sqlite'),
          replay: false,
          clientDir: temporary.dir,
        }),
      ).rejects.toThrow(/Refusing to serve the demo accounts on 0\.0\.0\.0.*SIM_DEMO_ACCOUNTS=1/);
    } finally {
      temporary.remove();
    }
  });
});
