// The signed-in user's profile: who they are, what they may do, and which organizations they may view
// (access §3 "User", §7 "GET /profile"). Read top to bottom: wire schema, client model, mapper, rules.
import * as v from 'valibot';
import { nullishBoolean, nullishNumber, nullishString, parseServerTime } from '#domain/wire/decode';
import { mapServerOrganization, ServerOrganizationSchema, type Organization } from './organization.ts';

// ---------------------------------------------------------------------------------------------
// Wire schema

export const ServerUserSchema = v.looseObject({
  id: v.string(),
  email: v.string(),
  firstname: nullishString,
  lastname: nullishString,
  role_id: nullishNumber,
  sign_in_count: nullishNumber,
  last_sign_in_at: nullishString,
  organization_id: v.string(),
  permissions: v.nullish(v.array(v.string())),
  has_api_keys: nullishBoolean,
  is_ha_direct_enabled: nullishBoolean,
});

export const ServerProfileSchema = v.looseObject({
  user: ServerUserSchema,
  user_org: ServerOrganizationSchema,
  managed_orgs: v.nullish(v.array(v.unknown())),
  accessed_orgs: v.nullish(v.array(v.unknown())),
});
export type ServerProfile = v.InferOutput<typeof ServerProfileSchema>;

// ---------------------------------------------------------------------------------------------
// Client model

export type Profile = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  displayName: string;
  roleId: number | null;
  signInCount: number;
  lastSignInAt: number | null;
  organizationId: string;
  permissions: ReadonlySet<string>;
  hasApiKeys: boolean;
  isHaDirectEnabled: boolean;
  userOrganization: Organization;
  managedOrganizations: Organization[];
  accessedOrganizations: Organization[];
  /** Managed or accessed organizations that failed their structural check (dropped, not fatal). */
  droppedOrganizations: number;
};

// ---------------------------------------------------------------------------------------------
// Mapper

function decodeOrganizationList(input: readonly unknown[] | null | undefined): {
  organizations: Organization[];
  dropped: number;
} {
  const organizations: Organization[] = [];
  let dropped = 0;
  for (const raw of input ?? []) {
    const parsed = v.safeParse(ServerOrganizationSchema, raw);
    if (parsed.success) organizations.push(mapServerOrganization(parsed.output));
    else dropped += 1;
  }
  return { organizations, dropped };
}

export function mapServerProfile(server: ServerProfile): Profile {
  const firstName = server.user.firstname ?? '';
  const lastName = server.user.lastname ?? '';
  const fullName = [firstName, lastName].filter(Boolean).join(' ');
  const managed = decodeOrganizationList(server.managed_orgs);
  const accessed = decodeOrganizationList(server.accessed_orgs);
  return {
    userId: server.user.id,
    firstName,
    lastName,
    email: server.user.email,
    displayName: fullName || server.user.email,
    roleId: server.user.role_id ?? null,
    signInCount: server.user.sign_in_count ?? 0,
    lastSignInAt: parseServerTime(server.user.last_sign_in_at),
    organizationId: server.user.organization_id,
    permissions: new Set(server.user.permissions ?? []),
    hasApiKeys: server.user.has_api_keys ?? false,
    isHaDirectEnabled: server.user.is_ha_direct_enabled ?? false,
    userOrganization: mapServerOrganization(server.user_org),
    managedOrganizations: managed.organizations,
    accessedOrganizations: accessed.organizations,
    droppedOrganizations: managed.dropped + accessed.dropped,
  };
}

/** A profile that fails its structural check is unusable: the caller signs the user out ("Error: Please log back in."). */
export function decodeProfile(input: unknown): Profile | null {
  const parsed = v.safeParse(ServerProfileSchema, input);
  return parsed.success ? mapServerProfile(parsed.output) : null;
}

// ---------------------------------------------------------------------------------------------
// Rules

/** The organizations the user may view, own first, each once. */
export function viewableOrganizations(profile: Profile): Organization[] {
  const seen = new Set<string>();
  const result: Organization[] = [];
  for (const organization of [
    profile.userOrganization,
    ...profile.managedOrganizations,
    ...profile.accessedOrganizations,
  ]) {
    if (seen.has(organization.id)) continue;
    seen.add(organization.id);
    result.push(organization);
  }
  return result;
}

/** Switching needs the multi-organization flag and at least one other organization (access §4). */
export function maySwitchOrganization(profile: Profile): boolean {
  return profile.userOrganization.isAcs && viewableOrganizations(profile).length > 1;
}
