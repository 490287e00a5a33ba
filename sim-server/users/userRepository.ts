// Reading the users the Users screens list and the facts a user write needs, from the users projection.
import type { OrganizationUserRecord } from '#domain/users/user';
import type { SqliteDatabase } from '../store/database.ts';

export type UserRepository = {
  /** The organization's users, by name. */
  ofOrganization(organizationId: string): OrganizationUserRecord[];
  byId(userId: string): OrganizationUserRecord | null;
  /** Who holds an e-mail (compared without case), if anyone, and in which organization. */
  holderOfEmail(email: string): { id: string; organizationId: string } | null;
  /** The permissions a user holds beyond their role's. */
  extraPermissionsOf(userId: string): string[];
};

type UserRow = Omit<OrganizationUserRecord, 'last_sign_in_at'> & { last_sign_in_at: number | null };

const COLUMNS = 'id, email, firstname, lastname, role_id, organization_id, sign_in_count, last_sign_in_at';

function recordOf(row: UserRow): OrganizationUserRecord {
  return {
    ...row,
    last_sign_in_at: row.last_sign_in_at === null ? null : new Date(row.last_sign_in_at).toISOString(),
  };
}

export function createUserRepository(db: SqliteDatabase): UserRepository {
  const selectOfOrganization = db.prepare<[string], UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE organization_id = ? ORDER BY lastname, firstname, email`,
  );
  const selectById = db.prepare<[string], UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = ?`);
  const selectByEmail = db.prepare<[string], { id: string; organization_id: string }>(
    'SELECT id, organization_id FROM users WHERE email = ? COLLATE NOCASE',
  );
  const selectExtras = db.prepare<[string], { extra_permissions: string }>(
    'SELECT extra_permissions FROM users WHERE id = ?',
  );
  return {
    ofOrganization: (organizationId) => selectOfOrganization.all(organizationId).map(recordOf),
    byId(userId) {
      const row = selectById.get(userId);
      return row ? recordOf(row) : null;
    },
    holderOfEmail(email) {
      const row = selectByEmail.get(email.trim());
      return row ? { id: row.id, organizationId: row.organization_id } : null;
    },
    extraPermissionsOf(userId) {
      const row = selectExtras.get(userId);
      return row ? (JSON.parse(row.extra_permissions) as string[]) : [];
    },
  };
}
