// The Accounts calls for users and roles through the real routes and a real SQLite file (access §7 "Profile and
// administration", issue 14): each call's success, each refusal and each malformed body (nothing written).
import { describe, expect, it } from 'vitest';
import { EMAIL_TAKEN, OWN_ROLE_UNCHANGEABLE, CANNOT_DELETE_SELF, USER_NOT_FOUND } from '#domain/users/user';
import { signIn } from './support/simulatorHarness.ts';
import { call, type LiveWorld } from './support/liveOperations.ts';
import { accountsWorldPerFile } from './support/accountsWorld.ts';

let world: LiveWorld;

const { expectRefused, idOfEmail } = accountsWorldPerFile((started) => {
  world = started;
});

const NEW_PASSWORD = 'Chosen!2026b';

function userBody(overrides: Record<string, unknown> = {}) {
  return { firstname: 'Nora', lastname: 'Newman', email: 'nora@demo.test', role_id: 3, ...overrides };
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
    // Issue 37 item 10: an address longer than a mail path carries (254 characters) is no valid e-mail.
    const long = `${'n'.repeat(64)}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'m'.repeat(62)}.test`;
    expect(long).toHaveLength(260);
    await expectRefused(post(userBody({ email: long })), 400, { message: 'email: Must be a valid email' });
    await expectRefused(post(userBody({ firstname: 'N'.repeat(101) })), 400, {
      message: 'firstname: Must be 100 or fewer characters',
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
