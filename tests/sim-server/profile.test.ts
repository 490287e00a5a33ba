// GET /api/profile: who the user is, what they may do, and which organizations they may switch to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeProfile } from '#domain/organizations/profile';
import type { ProfileJson } from '#sim/users/userReadModel';
import { bearer, organizationIds, signIn, startHarness, type Harness } from './support/simulatorHarness.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

async function profileOf(email: string): Promise<ProfileJson> {
  const { access_token: token } = await signIn(harness.app, email);
  const response = await harness.app.inject({ url: '/api/profile', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json<ProfileJson>();
}

describe('GET /api/profile', () => {
  it('returns the user in the multi-organization (acs) coordination center, with role and permissions', async () => {
    const profile = await profileOf('user@demo.test');
    const ids = organizationIds(harness.app);
    expect(profile.user).toMatchObject({
      email: 'user@demo.test',
      role_id: 2,
      organization_id: ids.coordination,
      has_api_keys: false,
      is_ha_direct_enabled: false,
    });
    expect(profile.user_org).toMatchObject({
      id: ids.coordination,
      name: 'Cook County Coordination Center',
      organization_type: { acs: true },
    });
    expect(profile.user.permissions).toContain('thing:read');
    expect(profile.user.permissions).not.toContain('thing:manage');
    expect(profile.user.permissions).not.toContain('haas:manage');
  });

  it('lists the managed organizations and the accessed one, each naming the coordination center', async () => {
    const profile = await profileOf('user@demo.test');
    const ids = organizationIds(harness.app);
    expect(profile.managed_orgs.map((organization) => organization.id).sort()).toEqual(
      [ids.responders, ids.roadWorks].sort(),
    );
    expect(profile.accessed_orgs.map((organization) => organization.id)).toEqual([ids.fleet]);
    const responders = profile.managed_orgs.find((organization) => organization.id === ids.responders);
    expect(responders?.organization_managers).toEqual([
      { id: ids.coordination, name: 'Cook County Coordination Center' },
    ]);
    expect(responders?.is_responder).toBe(true);
    const roadWorks = profile.managed_orgs.find((organization) => organization.id === ids.roadWorks);
    expect(roadWorks?.is_wzdx_org).toBe(true);
    expect(profile.accessed_orgs[0]?.is_large_org).toBe(true);
    expect(profile.accessed_orgs[0]?.organization_accessors).toEqual([
      { id: ids.coordination, name: 'Cook County Coordination Center' },
    ]);
  });

  it('gives each role its documented permissions, growing from Media to Org Admin, and staff the staff permission', async () => {
    const media = await profileOf('media@demo.test');
    const user = await profileOf('user@demo.test');
    const admin = await profileOf('admin@demo.test');
    const orgAdmin = await profileOf('orgadmin@demo.test');
    const staff = await profileOf('staff@demo.test');
    expect([media, user, admin, orgAdmin].map((profile) => profile.user.role_id)).toEqual([1, 2, 3, 4]);

    expect(media.user.permissions).toContain('thing:read');
    expect(media.user.permissions).not.toContain('thing:update');
    expect(user.user.permissions).toEqual(expect.arrayContaining(media.user.permissions));
    expect(user.user.permissions).toEqual(
      expect.arrayContaining(['thing:update', 'closure:create', 'trip:read']),
    );
    expect(admin.user.permissions).toEqual(expect.arrayContaining(user.user.permissions));
    expect(admin.user.permissions).toEqual(
      expect.arrayContaining(['thing:manage', 'closure:delete', 'user:manage']),
    );
    expect(admin.user.permissions).not.toContain('user:admin:manage');
    expect(orgAdmin.user.permissions).toEqual(expect.arrayContaining(admin.user.permissions));
    expect(orgAdmin.user.permissions).toEqual(
      expect.arrayContaining(['organization:manage', 'user:admin:manage', 'billing:read']),
    );
    expect(orgAdmin.user.permissions).not.toContain('haas:manage');
    expect(staff.user.permissions).toEqual(expect.arrayContaining(['haas:manage', 'engineer:test']));
  });

  it('decodes with the client domain schema, so the dashboard can switch among all four organizations', async () => {
    const profile = decodeProfile(await profileOf('orgadmin@demo.test'));
    expect(profile).not.toBeNull();
    const names = [
      profile?.userOrganization.name,
      ...(profile?.managedOrganizations ?? []).map((organization) => organization.name),
      ...(profile?.accessedOrganizations ?? []).map((organization) => organization.name),
    ];
    expect(names.sort()).toEqual([
      'Chicago Metro Responders',
      'Cook County Coordination Center',
      'Great Lakes Fleet Services',
      'Lakeshore Road Works',
    ]);
  });
});
