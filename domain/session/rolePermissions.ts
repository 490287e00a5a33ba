// Which permissions each role carries. The product documents name the roles (access §3, §6) and the permission
// strings, but not the mapping between them, so this is our choice, documented in docs/simulator.md.
// Each role includes everything the role below it has: Media reads, User works the live picture, Admin manages
// assets, closures and users, Org Admin manages the organization itself. Provider staff add a staff-level permission.

export const ROLE_IDS = { media: 1, user: 2, admin: 3, orgAdmin: 4 } as const;
export type RoleId = (typeof ROLE_IDS)[keyof typeof ROLE_IDS];

export const ROLE_LABELS: Readonly<Record<RoleId, string>> = {
  1: 'Media',
  2: 'User',
  3: 'Admin',
  4: 'Org Admin',
};

const MEDIA_PERMISSIONS = ['thing:read', 'incident:read', 'exclusion:read', 'closure:read', 'zone:read'];

const USER_PERMISSIONS = [
  ...MEDIA_PERMISSIONS,
  'thing:update',
  'incident:update',
  'exclusion:create',
  'exclusion:update',
  'closure:create',
  'closure:update',
  'mobile:closure:create',
  'mobile:closure:update',
  'trip:read',
  'hazard:read',
  'report:read',
  'export:read',
  'export:create',
  'user:read',
  'user:update',
];

const ADMIN_PERMISSIONS = [
  ...USER_PERMISSIONS,
  'thing:manage',
  'thing:invoke_r2r',
  'thing:ha5_light_intensity_change',
  'exclusion:manage',
  'exclusion:delete',
  'closure:manage',
  'closure:delete',
  'mobile:closure:manage',
  'zone:manage',
  'report:manage',
  'report:create',
  'export:manage',
  'export:delete',
  'user:manage',
  'user:create',
  'user:delete',
  'integration_configuration:read',
  'organization:read',
];

const ORG_ADMIN_PERMISSIONS = [
  ...ADMIN_PERMISSIONS,
  'thing:admin:manage',
  'organization:update',
  'organization:manage',
  'user:admin:manage',
  'user:admin:create',
  'integration_configuration:manage',
  'integration_configuration:create',
  'integration_configuration:delete',
  'billing:read',
];

/** Permissions that only the provider's own staff carry, on top of their role. */
export const STAFF_PERMISSIONS: readonly string[] = ['haas:manage', 'engineer:test'];

const PERMISSIONS_BY_ROLE: Readonly<Record<RoleId, readonly string[]>> = {
  1: MEDIA_PERMISSIONS,
  2: USER_PERMISSIONS,
  3: ADMIN_PERMISSIONS,
  4: ORG_ADMIN_PERMISSIONS,
};

export function isRoleId(value: number): value is RoleId {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

/** The role's permissions plus any granted to the user individually, without repeats, in a stable order. */
export function permissionsForUser(roleId: number, extraPermissions: readonly string[] = []): string[] {
  const fromRole = isRoleId(roleId) ? PERMISSIONS_BY_ROLE[roleId] : [];
  return [...new Set([...fromRole, ...extraPermissions])];
}

// ---------------------------------------------------------------------------------------------
// Rules: any-of requirements (live §6, access §6). An empty requirement allows everyone.

/**
 * Whether `permissions` hold anything `granted` lacks: nobody may edit, remove or create a user whose permissions
 * exceed their own (issue 24), or an Org Admin could take over provider staff by changing their e-mail.
 */
export function exceedsPermissions(permissions: Iterable<string>, granted: ReadonlySet<string>): boolean {
  for (const permission of permissions) if (!granted.has(permission)) return true;
  return false;
}

export function hasAnyPermission(granted: Iterable<string>, required: readonly string[]): boolean {
  if (required.length === 0) return true;
  const grantedSet = granted instanceof Set ? (granted as Set<string>) : new Set(granted);
  return required.some((permission) => grantedSet.has(permission));
}

export const VIEW_THINGS: readonly string[] = ['thing:read', 'thing:manage', 'haas:manage'];

export function canViewThings(granted: Iterable<string>): boolean {
  return hasAnyPermission(granted, VIEW_THINGS);
}
