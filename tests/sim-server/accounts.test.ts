// The Accounts calls through the real routes and a real SQLite file (access §7 "Profile and administration", issue
// 14): users and roles, the organization profile, API tokens that authenticate and are revoked, device config files.
// Each call's success, each refusal and each malformed body (nothing written), and a rebuild that equals the live state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_LIMIT,
  API_KEY_LIMIT_REACHED,
  API_KEY_PERMISSION_MISSING,
} from '#domain/integrations/apiToken';
import { SAME_AS_WARNING_LIGHT_PIN } from '#domain/integrations/configFile';
import { EMAIL_TAKEN, OWN_ROLE_UNCHANGEABLE, CANNOT_DELETE_SELF, USER_NOT_FOUND } from '#domain/users/user';
import { rebuildProjections } from '#sim/store/eventLog';
import { signIn } from './support/simulatorHarness.ts';
import { call, eventCount, row, rows, startLiveWorld, type LiveWorld } from './support/liveOperations.ts';

let world: LiveWorld;

beforeAll(async () => {
  world = await startLiveWorld();
});
afterAll(async () => {
  await world.harness.close();
});

const NEW_PASSWORD = 'Chosen!2026b';

function userBody(overrides: Record<string, unknown> = {}) {
  return { firstname: 'Nora', lastname: 'Newman', email: 'nora@demo.test', role_id: 3, ...overrides };
}

const idOfEmail = (email: string) =>
  row<{ id: string }>(world, 'SELECT id FROM users WHERE email = ?', email).id;

/** Expects a refusal that changed nothing in the log. */
async function expectRefused(
  request: () => Promise<{ statusCode: number; json(): unknown }>,
  status: number,
  body?: Record<string, unknown>,
) {
  const before = eventCount(world);
  const response = await request();
  expect(response.statusCode).toBe(status);
  if (body) expect(response.json()).toMatchObject(body);
  expect(eventCount(world)).toBe(before);
}

describe('roles and users', () => {
  it('lists the four roles to anyone signed in', async () => {
    const response = await call(world, 'GET', '/api/roles', world.tokens.media);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ id: number }[]>().map((role) => role.id)).toEqual([1, 2, 3, 4]);
  });

  it('lists the organization users only to an Org Admin', async () => {
    const response = await call(world, 'GET', '/api/organization/users', world.tokens.orgAdmin);
    expect(response.statusCode).toBe(200);
    const answer = response.json<{
      organization_users: { email: string }[];
      organization_accessors: unknown[];
    }>();
    expect(answer.organization_users.map((user) => user.email)).toContain('user@demo.test');
    expect(Array.isArray(answer.organization_accessors)).toBe(true);
    for (const token of [world.tokens.admin, world.tokens.user, world.tokens.media])
      expect((await call(world, 'GET', '/api/organization/users', token)).statusCode).toBe(403);
  });

  it('adds a user, mails a set-password link that works under the password rules', async () => {
    const response = await call(
      world,
      'POST',
      '/api/users',
      world.tokens.orgAdmin,
      userBody({ email: ' nora@demo.test ' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email: 'nora@demo.test', firstname: 'Nora', role_id: 3 });
    const outbox = await world.app.inject({ url: '/api/sim/outbox?email=nora@demo.test' });
    const mail = outbox.json<{ mails: { subject: string; link: string }[] }>().mails.at(-1);
    expect(mail?.subject).toBe('Set your password');
    const token = mail?.link.split('/').at(-1) ?? '';
    const weak = await world.app.inject({
      method: 'PUT',
      url: '/api/reset_password',
      payload: { token, password: 'short' },
    });
    expect(weak.statusCode).toBe(422);
    const chosen = await world.app.inject({
      method: 'PUT',
      url: '/api/reset_password',
      payload: { token, password: NEW_PASSWORD },
    });
    expect(chosen.statusCode).toBe(200);
    const session = await signIn(world.app, 'nora@demo.test', NEW_PASSWORD);
    const profile = await call(world, 'GET', '/api/profile', session.access_token);
    expect(profile.json()).toMatchObject({ user: { email: 'nora@demo.test', role_id: 3 } });
  });

  it('refuses malformed bodies naming the field, and writes nothing', async () => {
    const post = (body: unknown) => () => call(world, 'POST', '/api/users', world.tokens.orgAdmin, body);
    await expectRefused(post(userBody({ firstname: '  ' })), 400, { message: 'firstname: Required' });
    await expectRefused(post(userBody({ lastname: undefined })), 400, { error: 'bad_request' });
    await expectRefused(post(userBody({ email: 'not-an-email' })), 400, {
      message: 'email: Must be a valid email',
    });
    await expectRefused(post(userBody({ role_id: '3' })), 400, { message: 'role_id: Required' });
    await expectRefused(post(userBody({ role_id: 9 })), 400, {
      message: 'role_id: Must be one of the roles',
    });
    await expectRefused(post(userBody({ email: 'USER@demo.test' })), 422, { error: EMAIL_TAKEN });
  });

  it('lets only an Org Admin add or remove users', async () => {
    await expectRefused(
      () => call(world, 'POST', '/api/users', world.tokens.admin, userBody({ email: 'x@demo.test' })),
      403,
    );
    await expectRefused(
      () => call(world, 'DELETE', `/api/users/${idOfEmail('user@demo.test')}`, world.tokens.admin),
      403,
    );
  });

  it('edits another user as an Org Admin, and only one of its own organization', async () => {
    const id = idOfEmail('nora@demo.test');
    const response = await call(
      world,
      'PUT',
      `/api/users/${id}`,
      world.tokens.orgAdmin,
      userBody({ id, role_id: 2 }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role_id: 2 });
    const foreign = '00000000-0000-4000-8000-00000000f1ee';
    await expectRefused(
      () => call(world, 'PUT', `/api/users/${foreign}`, world.tokens.orgAdmin, userBody()),
      422,
      {
        error: USER_NOT_FOUND,
      },
    );
    await expectRefused(
      () => call(world, 'PUT', '/api/users/unknown', world.tokens.orgAdmin, userBody()),
      422,
      {
        error: USER_NOT_FOUND,
      },
    );
    await expectRefused(
      () => call(world, 'PUT', `/api/users/${id}`, world.tokens.orgAdmin, userBody({ id: 'other' })),
      400,
    );
  });

  it('lets a user edit their own name but not their role, nor anyone else', async () => {
    const self = idOfEmail('user@demo.test');
    const mine = { firstname: 'Uma', lastname: 'Underhill', email: 'user@demo.test', role_id: 2 };
    const response = await call(world, 'PUT', `/api/users/${self}`, world.tokens.user, mine);
    expect(response.statusCode).toBe(200);
    const profile = await call(world, 'GET', '/api/profile', world.tokens.user);
    expect(profile.json()).toMatchObject({ user: { lastname: 'Underhill' } });
    await expectRefused(
      () => call(world, 'PUT', `/api/users/${self}`, world.tokens.user, { ...mine, role_id: 4 }),
      422,
      {
        error: OWN_ROLE_UNCHANGEABLE,
      },
    );
    await expectRefused(
      () => call(world, 'PUT', `/api/users/${idOfEmail('admin@demo.test')}`, world.tokens.user, userBody()),
      403,
    );
    // Media has neither user update nor manage.
    await expectRefused(
      () => call(world, 'PUT', `/api/users/${idOfEmail('media@demo.test')}`, world.tokens.media, userBody()),
      403,
    );
  });

  it('removes a user: the answer is its uuid and its sessions end', async () => {
    const id = idOfEmail('nora@demo.test');
    const session = await signIn(world.app, 'nora@demo.test', NEW_PASSWORD);
    const response = await call(world, 'DELETE', `/api/users/${id}`, world.tokens.orgAdmin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ uuid: id });
    expect((await call(world, 'GET', '/api/profile', session.access_token)).statusCode).toBe(401);
    await expectRefused(() => call(world, 'DELETE', `/api/users/${id}`, world.tokens.orgAdmin), 422, {
      error: USER_NOT_FOUND,
    });
    await expectRefused(
      () => call(world, 'DELETE', `/api/users/${idOfEmail('orgadmin@demo.test')}`, world.tokens.orgAdmin),
      422,
      { error: CANNOT_DELETE_SELF },
    );
  });
});

describe('the organization profile', () => {
  const address = {
    name: 'Cook County Coordination Centre',
    address1: '69 W Washington St',
    address2: '',
    city: 'Chicago',
    state: 'IL',
    postal_code: '60602',
    country_code: 'us',
  };

  it('is read with organization read, and not by a User', async () => {
    const response = await call(
      world,
      'GET',
      `/api/organization/${world.ids.coordination}`,
      world.tokens.admin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Cook County Coordination Center' });
    expect(
      (await call(world, 'GET', `/api/organization/${world.ids.coordination}`, world.tokens.user)).statusCode,
    ).toBe(403);
    const unknown = await call(world, 'GET', '/api/organization/unknown', world.tokens.admin);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ error: 'Organization not found' });
  });

  it('is saved by an Org Admin, and a rename reaches the things it owns', async () => {
    const response = await call(
      world,
      'PUT',
      `/api/organization/${world.ids.coordination}`,
      world.tokens.orgAdmin,
      address,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: address.name, country_code: 'US', postal_code: '60602' });
    const thing = row<{ wire_prefix: string }>(
      world,
      'SELECT wire_prefix FROM things WHERE organization_id = ? LIMIT 1',
      world.ids.coordination,
    );
    expect(thing.wire_prefix).toContain(address.name);
  });

  it('refuses the address rules naming the field, and writes nothing', async () => {
    const put = (body: unknown) => () =>
      call(world, 'PUT', `/api/organization/${world.ids.coordination}`, world.tokens.orgAdmin, body);
    await expectRefused(put({ ...address, postal_code: '6060' }), 400, {
      message: 'postal_code: Invalid zip code',
    });
    await expectRefused(put({ ...address, country_code: 'CA', postal_code: '12345' }), 400, {
      message: 'postal_code: Invalid postal code',
    });
    await expectRefused(put({ ...address, city: '' }), 400, { message: 'city: Required' });
    await expectRefused(put({ ...address, country_code: 'USA' }), 400, {
      message: 'country_code: At most 2 characters',
    });
    await expectRefused(put({ ...address, name: 5 }), 400, { error: 'bad_request' });
  });

  it('answers Organization not found for one out of reach, and forbids one only accessed', async () => {
    await expectRefused(
      () => call(world, 'PUT', '/api/organization/unknown-organization', world.tokens.orgAdmin, address),
      422,
      { error: 'Organization not found' },
    );
    await expectRefused(
      () => call(world, 'PUT', `/api/organization/${world.ids.fleet}`, world.tokens.orgAdmin, address),
      403,
    );
    await expectRefused(
      () => call(world, 'PUT', `/api/organization/${world.ids.coordination}`, world.tokens.admin, address),
      403,
    );
  });
});

describe('API tokens', () => {
  it('creates a token shown once, which then calls the API like a session', async () => {
    const created = await call(world, 'POST', '/api/api_tokens', world.tokens.admin, {
      description: 'Dispatch CAD',
    });
    expect(created.statusCode).toBe(201);
    const { id, token } = created.json<{ id: string; token: string }>();
    expect(token).toMatch(/^sc_api_/);
    const listed = await call(world, 'GET', '/api/api_tokens', world.tokens.admin);
    expect(listed.json()).toMatchObject({
      api_tokens: [{ id, description: 'Dispatch CAD', token: `sc_api_…${token.slice(-4)}` }],
      limit: API_KEY_LIMIT,
    });
    expect(listed.body).not.toContain(token);
    const profile = await call(world, 'GET', '/api/profile', token);
    expect(profile.json()).toMatchObject({ user: { email: 'admin@demo.test' } });
    const things = await call(world, 'GET', '/api/organization/things', token);
    expect(things.statusCode).toBe(200);

    const revoked = await call(world, 'DELETE', `/api/api_tokens/${id}`, world.tokens.admin);
    expect(revoked.json()).toEqual({ id });
    expect((await call(world, 'GET', '/api/profile', token)).statusCode).toBe(401);
    await expectRefused(() => call(world, 'DELETE', `/api/api_tokens/${id}`, world.tokens.admin), 404);
  });

  it('stops at the limit with the product notice', async () => {
    for (let index = 0; index < API_KEY_LIMIT; index += 1) {
      const created = await call(world, 'POST', '/api/api_tokens', world.tokens.orgAdmin, {
        description: `Key ${index}`,
      });
      expect(created.statusCode).toBe(201);
    }
    await expectRefused(
      () => call(world, 'POST', '/api/api_tokens', world.tokens.orgAdmin, { description: 'One too many' }),
      422,
      { error: API_KEY_LIMIT_REACHED },
    );
  });

  it('refuses a user without API keys, another user’s token and a malformed body', async () => {
    await expectRefused(
      () => call(world, 'POST', '/api/api_tokens', world.fleetAdminToken, { description: 'x' }),
      403,
      {
        message: API_KEY_PERMISSION_MISSING,
      },
    );
    await expectRefused(
      () => call(world, 'POST', '/api/api_tokens', world.tokens.user, { description: 'x' }),
      403,
    );
    const own = rows<{ id: string }>(
      world,
      'SELECT id FROM api_tokens WHERE user_id = ?',
      idOfEmail('orgadmin@demo.test'),
    );
    await expectRefused(
      () => call(world, 'DELETE', `/api/api_tokens/${own[0]?.id}`, world.tokens.admin),
      404,
    );
    await expectRefused(
      () => call(world, 'POST', '/api/api_tokens', world.tokens.admin, { description: ' ' }),
      400,
      {
        message: 'description: Required',
      },
    );
  });
});

describe('device config files', () => {
  const file = {
    file_name: 'arrow-board-7.cfg',
    platform: 'raspberry_pi',
    thing_type: 'Arrow Board',
    model: 'HA7',
    warning_light_pin: 17,
    indicator_pin: 27,
  };

  it('creates, lists and deletes a file for an Org Admin', async () => {
    const created = await call(world, 'POST', '/api/organization/config_files', world.tokens.orgAdmin, file);
    expect(created.statusCode).toBe(201);
    const record = created.json<{ id: string }>();
    expect(record).toMatchObject({
      ...file,
      heartbeat_interval: 2,
      location_type: 'mobile',
      user_email: 'orgadmin@demo.test',
      organization: { id: world.ids.coordination },
    });
    const listed = await call(world, 'GET', '/api/organization/config_files', world.tokens.admin);
    expect(listed.json()).toEqual([record]);
    const removed = await call(
      world,
      'DELETE',
      `/api/organization/config_files/${record.id}`,
      world.tokens.orgAdmin,
    );
    expect(removed.json()).toEqual({ id: record.id });
  });

  it('refuses the rules, an Admin who may only read, and writes nothing', async () => {
    const post =
      (body: unknown, token = world.tokens.orgAdmin) =>
      () =>
        call(world, 'POST', '/api/organization/config_files', token, body);
    await expectRefused(post({ ...file, indicator_pin: 17 }), 400, {
      message: `indicator_pin: ${SAME_AS_WARNING_LIGHT_PIN}`,
    });
    await expectRefused(post({ ...file, model: '' }), 400, { message: 'model: Required' });
    await expectRefused(post({ ...file, warning_light_pin: '17' }), 400, {
      message: 'warning_light_pin: Required',
    });
    await expectRefused(post(file, world.tokens.admin), 403);
    await expectRefused(
      () => call(world, 'DELETE', '/api/organization/config_files/unknown', world.tokens.orgAdmin),
      404,
    );
  });
});

describe('billing', () => {
  it('shows an Org Admin the plan, period, renewal and usage of their own and managed organizations', async () => {
    const own = await call(
      world,
      'GET',
      `/api/organization/${world.ids.coordination}/billing`,
      world.tokens.orgAdmin,
    );
    expect(own.statusCode).toBe(200);
    const record = own.json<{
      plan: { id: string };
      billing_id: string;
      renews_on: string;
      usage: { users: number };
    }>();
    expect(record).toMatchObject({
      billing_id: 'MXC-100231',
      plan: { id: 'enterprise' },
      billing_period: 'annual',
    });
    expect(record.renews_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(record.usage.users).toBe(
      row<{ n: number }>(
        world,
        'SELECT count(*) AS n FROM users WHERE organization_id = ?',
        world.ids.coordination,
      ).n,
    );
    const managed = await call(
      world,
      'GET',
      `/api/organization/${world.ids.responders}/billing`,
      world.tokens.orgAdmin,
    );
    expect(managed.json()).toMatchObject({ plan: { id: 'professional' } });
    const profile = await call(world, 'GET', '/api/profile', world.tokens.orgAdmin);
    expect(profile.json()).toMatchObject({ user_org: { maxio_cust_id: 'MXC-100231' } });
  });

  it('refuses an accessed organization, one out of reach, and a caller without billing:read', async () => {
    await expectRefused(
      () => call(world, 'GET', `/api/organization/${world.ids.fleet}/billing`, world.tokens.orgAdmin),
      403,
    );
    await expectRefused(
      () => call(world, 'GET', '/api/organization/elsewhere/billing', world.tokens.orgAdmin),
      422,
      {
        error: 'Organization not found',
      },
    );
    await expectRefused(
      () => call(world, 'GET', `/api/organization/${world.ids.coordination}/billing`, world.tokens.admin),
      403,
    );
  });
});

describe('the log', () => {
  it('rebuilds users, organizations, tokens and config files exactly as they stand', async () => {
    await call(world, 'POST', '/api/organization/config_files', world.tokens.orgAdmin, {
      file_name: 'kept.cfg',
      platform: 'linux',
      thing_type: 'Police',
      model: 'HA5',
      warning_light_pin: 5,
    });
    const tables = ['users', 'organizations', 'api_tokens', 'config_files', 'billing_accounts'];
    const dump = () =>
      Object.fromEntries(tables.map((table) => [table, rows(world, `SELECT * FROM ${table} ORDER BY 1`)]));
    const live = dump();
    rebuildProjections(world.app.eventLog);
    expect(dump()).toEqual(live);
  });
});
