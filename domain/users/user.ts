// The users of an organization and their roles, as the Accounts screens list and edit them (access §3 "User",
// "Role", §5 "User", §7 "Profile and administration"). Read top to bottom: the wire records and the save body the
// simulator writes and parses (with the field rules and their texts as pipes), the client model, the mapper, then
// the rules the Users screens and the simulator share.
import * as v from 'valibot';
import { OrganizationRefRecordSchema } from '#domain/organizations/profileRecord';
import { isRoleId, ROLE_IDS, ROLE_LABELS, type RoleId } from '#domain/session/rolePermissions';
import { RequestIdSchema } from '#domain/wire/requestParts';

// ---------------------------------------------------------------------------------------------
// Wire schema

export const REQUIRED = 'Required';
export const INVALID_EMAIL = 'Must be a valid email';
export const NAME_MAX_LENGTH = 100;
/** The longest address a mail path carries (RFC 5321: 256 with its angle brackets); longer saved and never arrived. */
export const EMAIL_MAX_LENGTH = 254;

const requiredName = v.pipe(
  v.string(REQUIRED),
  v.trim(),
  v.minLength(1, REQUIRED),
  v.maxLength(NAME_MAX_LENGTH, `Must be ${NAME_MAX_LENGTH} or fewer characters`),
);

/** An e-mail address as a form or a body gives it; kept as typed but for the surrounding spaces. */
export const EmailFieldSchema = v.pipe(
  v.string(REQUIRED),
  v.trim(),
  v.minLength(1, REQUIRED),
  v.maxLength(EMAIL_MAX_LENGTH, INVALID_EMAIL),
  v.email(INVALID_EMAIL),
);

const roleField = v.pipe(
  v.number(REQUIRED),
  v.integer(REQUIRED),
  v.check((value) => isRoleId(value), 'Must be one of the roles'),
);

/** Longer than any password the rules allow, short enough that nobody makes the server hash a megabyte. */
export const CURRENT_PASSWORD_MAX_LENGTH = 1000;

/**
 * `POST /api/users` and `PUT /api/users/{id}` (access §7): the same body; `id` repeats the path on an update.
 * `current_password` is ours (issue 34): changing one's own e-mail needs it.
 */
export const UserSaveSchema = v.object({
  id: v.optional(v.nullable(RequestIdSchema)),
  firstname: requiredName,
  lastname: requiredName,
  email: EmailFieldSchema,
  role_id: roleField,
  current_password: v.optional(v.pipe(v.string(), v.maxLength(CURRENT_PASSWORD_MAX_LENGTH))),
});
export type UserSave = v.InferOutput<typeof UserSaveSchema>;

/** A user as the Users list and a save answer show it. */
export const OrganizationUserRecordSchema = v.object({
  id: v.string(),
  email: v.string(),
  firstname: v.string(),
  lastname: v.string(),
  role_id: v.pipe(v.number(), v.integer()),
  organization_id: v.string(),
  sign_in_count: v.pipe(v.number(), v.integer()),
  last_sign_in_at: v.nullable(v.string()),
  /** On the answer to one's own e-mail change: the address that was sent a confirm link; `email` is still the old. */
  pending_email: v.optional(v.string()),
});
export type OrganizationUserRecord = v.InferOutput<typeof OrganizationUserRecordSchema>;

/** `GET /api/organization/users`: the organization's users, and the organizations that manage or access it. */
export const OrganizationUsersAnswerSchema = v.object({
  organization_users: v.array(OrganizationUserRecordSchema),
  organization_managers: v.array(OrganizationRefRecordSchema),
  organization_accessors: v.array(OrganizationRefRecordSchema),
});
export type OrganizationUsersAnswer = v.InferOutput<typeof OrganizationUsersAnswerSchema>;

export const RoleRecordSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  name: v.string(),
  description: v.string(),
});
export type RoleRecord = v.InferOutput<typeof RoleRecordSchema>;

/** `DELETE /api/users/{id}` answers the removed user's id as `uuid` (access §7). */
export const UserRemovedAnswerSchema = v.object({ uuid: v.string() });

/** `GET /api/roles`. */
export const RolesAnswerSchema = v.array(RoleRecordSchema);

// ---------------------------------------------------------------------------------------------
// Client model

export type OrganizationUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The full name, else the e-mail (access §3). */
  displayName: string;
  roleId: number;
  roleLabel: string;
  signInCount: number;
  lastSignInAt: string | null;
  /** The address a confirm link was sent to, after one's own e-mail change; null otherwise. */
  pendingEmail: string | null;
};

// ---------------------------------------------------------------------------------------------
// Mapper

export function displayNameOf(firstName: string, lastName: string, email: string): string {
  return [firstName, lastName].filter(Boolean).join(' ') || email;
}

export function roleLabelOf(roleId: number): string {
  return isRoleId(roleId) ? ROLE_LABELS[roleId] : 'Unknown role';
}

export function mapOrganizationUser(record: OrganizationUserRecord): OrganizationUser {
  return {
    id: record.id,
    email: record.email,
    firstName: record.firstname,
    lastName: record.lastname,
    displayName: displayNameOf(record.firstname, record.lastname, record.email),
    roleId: record.role_id,
    roleLabel: roleLabelOf(record.role_id),
    signInCount: record.sign_in_count,
    lastSignInAt: record.last_sign_in_at,
    pendingEmail: record.pending_email ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Rules

export const USER_NOT_FOUND = 'User not found';
export const EMAIL_TAKEN = 'Email has already been taken';
/** For an e-mail held outside the caller's organization: says nothing of whose it is or that an account has it. */
export const EMAIL_NOT_AVAILABLE = 'Email cannot be used for this organization';
export const OWN_ROLE_UNCHANGEABLE = 'You cannot change your own role';
export const CANNOT_DELETE_SELF = 'You cannot delete your own user';

// One's own e-mail change (issue 34; docs/accounts.md): a signed-in session and the current password, then a
// confirmation from the new address. The words follow the product's ("Email", "You'll receive an email ...").
export const CURRENT_PASSWORD_LABEL = 'Current password';
export const CURRENT_PASSWORD_NEEDED = 'Enter your current password to change your email';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const EMAIL_CHANGE_NEEDS_SIGN_IN =
  'Sign in to the dashboard to change your email; an API token cannot.';

/** What the profile form says once the change waits for the new address. */
export function confirmationSentText(email: string): string {
  return `A confirmation was sent to ${email}. Your email changes once you open the link in it.`;
}

/** Whether a save moves the account to another address (surrounding spaces and letter case do not count). */
export function isEmailChange(current: string, saved: string): boolean {
  return current.trim().toLowerCase() !== saved.trim().toLowerCase();
}

/** The roles the simulator offers (the names are ours; the labels are the document's), lowest first. */
export const ROLE_RECORDS: readonly RoleRecord[] = [
  { id: ROLE_IDS.media, name: 'media', description: 'Sees the live picture, read only' },
  { id: ROLE_IDS.user, name: 'user', description: 'Works the live picture: events, areas, closures' },
  { id: ROLE_IDS.admin, name: 'admin', description: 'Also manages assets, closures, reports and exports' },
  {
    id: ROLE_IDS.orgAdmin,
    name: 'org_admin',
    description: 'Also manages the organization, its users and billing',
  },
];

export type { RoleId };

/** Users listed by name, then e-mail, in the caller's text order. */
export function sortUsers(
  users: readonly OrganizationUser[],
  compareText: (a: string, b: string) => number,
): OrganizationUser[] {
  return [...users].sort(
    (a, b) => compareText(a.displayName, b.displayName) || compareText(a.email, b.email),
  );
}
