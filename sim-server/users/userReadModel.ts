// Users as the profile call returns them (access §3), and the session a valid token opens (its type,
// `Session`, is the request's caller in `http/caller.ts`).
import { reachableOrganizationIds } from '#domain/organizations/organizationAccess';
import type { ProfileRecord, UserWireRecord } from '#domain/organizations/profileRecord';
import { permissionsForUser } from '#domain/session/rolePermissions';
import type { OrganizationJson, OrganizationReadModel } from '../organizations/organizationReadModel.ts';
import type { SqliteDatabase } from '../store/database.ts';
import type { Session } from '../http/caller.ts';

export type UserJson = UserWireRecord;
export type ProfileJson = ProfileRecord;

type UserRow = {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  role_id: number;
  organization_id: string;
  extra_permissions: string;
  sign_in_count: number;
  last_sign_in_at: number | null;
  has_api_keys: number;
  is_ha_direct_enabled: number;
};

export type UserReadModel = {
  profile(userId: string): ProfileJson | null;
  session(userId: string): Session | null;
};

export function createUserReadModel(db: SqliteDatabase, organizations: OrganizationReadModel): UserReadModel {
  const selectUser = db.prepare<[string], UserRow>(`
    SELECT id, email, firstname, lastname, role_id, organization_id, extra_permissions, sign_in_count,
      last_sign_in_at, has_api_keys, is_ha_direct_enabled FROM users WHERE id = ?`);

  const permissionsOf = (row: UserRow) =>
    permissionsForUser(row.role_id, JSON.parse(row.extra_permissions) as string[]);

  const existing = (organization: OrganizationJson | null): organization is OrganizationJson =>
    organization !== null;

  return {
    profile(userId) {
      const row = selectUser.get(userId);
      const userOrganization = row ? organizations.byId(row.organization_id) : null;
      if (!row || !userOrganization) return null;
      const links = organizations.linksOf(row.organization_id);
      return {
        user: {
          id: row.id,
          email: row.email,
          firstname: row.firstname,
          lastname: row.lastname,
          role_id: row.role_id,
          organization_id: row.organization_id,
          permissions: permissionsOf(row),
          sign_in_count: row.sign_in_count,
          last_sign_in_at: row.last_sign_in_at === null ? null : new Date(row.last_sign_in_at).toISOString(),
          has_api_keys: row.has_api_keys === 1,
          is_ha_direct_enabled: row.is_ha_direct_enabled === 1,
        },
        user_org: userOrganization,
        managed_orgs: links.managedOrganizationIds.map((id) => organizations.byId(id)).filter(existing),
        accessed_orgs: links.accessedOrganizationIds.map((id) => organizations.byId(id)).filter(existing),
      };
    },
    session(userId) {
      const row = selectUser.get(userId);
      if (!row) return null;
      return {
        userId: row.id,
        organizationId: row.organization_id,
        permissions: new Set(permissionsOf(row)),
        reachableOrganizationIds: reachableOrganizationIds(organizations.linksOf(row.organization_id)),
      };
    },
  };
}
