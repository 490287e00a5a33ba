// The Accounts calls for the organization through the real routes and a real SQLite file (access §7 "Profile and
// administration", issue 14): its profile and its billing, each refusal writing nothing.
import { describe, expect, it } from 'vitest';
import { call, row, type LiveWorld } from './support/liveOperations.ts';
import { accountsWorldPerFile } from './support/accountsWorld.ts';

let world: LiveWorld;

const { expectRefused } = accountsWorldPerFile((started) => {
  world = started;
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
