// The Accounts calls for integrations through the real routes and a real SQLite file (access §7 "Profile and
// administration", issue 14): API tokens that authenticate and are revoked, device config files, each refusal
// writing nothing, and a rebuild that equals the live state.
import { describe, expect, it } from 'vitest';
import {
  API_KEY_LIMIT,
  API_KEY_LIMIT_REACHED,
  API_KEY_PERMISSION_MISSING,
} from '#domain/integrations/apiToken';
import { SAME_AS_WARNING_LIGHT_PIN } from '#domain/integrations/configFile';
import { rebuildProjections } from '#sim/store/eventLog';
import { call, rows, type LiveWorld } from './support/liveOperations.ts';
import { accountsWorldPerFile } from './support/accountsWorld.ts';

let world: LiveWorld;

const { expectRefused, idOfEmail } = accountsWorldPerFile((started) => {
  world = started;
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
