import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ROLE_LABELS } from '#domain/session/rolePermissions';
import {
  CANNOT_DELETE_SELF,
  NAME_MAX_LENGTH,
  OWN_ROLE_UNCHANGEABLE,
  roleLabelOf,
  sortUsers,
  UserSaveSchema,
  type OrganizationUser,
  type RoleRecord,
} from '#domain/users/user';
import { deleteUser, fetchOrganizationUsers, fetchRoles, fetchUser, saveUser } from '../../api/accounts.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { apiClient, sessionProfile } from '../../session/session.ts';
import { schemaProblems, useForm } from '../../ui/useForm.ts';
import { parentPath } from './accountsNavigation.ts';
import { useLoaded } from './accountsHooks.ts';
import { RemovalDialog, useRemoval } from '../../ui/ConfirmDialog.tsx';
import { AccountsFormElement, AccountsTable, DeleteButton } from './FormParts.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { SelectField, TextField } from '../../ui/FormField.tsx';

const USERS_PATH = '/dashboard/accounts/users';
const collator = new Intl.Collator(undefined, { sensitivity: 'base' });

/** The item a Cancel or a save passed back to the list (access §2 "Cancel ... passes the selected item id back"). */
function selectedFromHistory(): string | null {
  const state = window.history.state as { selectedId?: unknown } | null;
  return typeof state?.selectedId === 'string' ? state.selectedId : null;
}

/** Users (access §2, user:admin:manage): the organization's users with their role labels, New, Edit and Delete. */
export function UsersList() {
  useSignals();
  const ownId = sessionProfile.value?.userId ?? null;
  const [version, setVersion] = useState(0);
  const outcome = useLoaded(() => fetchOrganizationUsers(apiClient()), String(version));
  const removal = useRemoval(
    (user: OrganizationUser) => deleteUser(apiClient(), user.id),
    () => setVersion((value) => value + 1),
  );
  const selectedId = selectedFromHistory();

  return (
    <section aria-label="Users">
      <h1>Users</h1>
      <div className="accounts__actions">
        <Link href={`${USERS_PATH}/new`} className="button button--primary">
          New User
        </Link>
      </div>
      {!outcome ? <p>Loading…</p> : null}
      {outcome && !outcome.ok ? <p role="alert">{outcome.message}</p> : null}
      {outcome?.ok ? (
        <AccountsTable label="Organization users" columns={['Name', 'Email', 'Role']}>
          {sortUsers(outcome.value, collator.compare).map((user) => (
            <tr key={user.id} data-testid="user-row" data-selected={user.id === selectedId}>
              <td>{user.displayName}</td>
              <td>{user.email}</td>
              <td>{user.roleLabel}</td>
              <td>
                <Link href={`${USERS_PATH}/${encodeURIComponent(user.id)}/edit`} className="link">
                  Edit
                </Link>{' '}
                {user.id === ownId ? (
                  // The simulator refuses it; say so instead of offering a Delete that fails.
                  <span className="accounts__hint" data-testid="own-user-note">
                    {CANNOT_DELETE_SELF}
                  </span>
                ) : (
                  <DeleteButton itemName={user.displayName} onClick={() => removal.ask(user)} />
                )}
              </td>
            </tr>
          ))}
        </AccountsTable>
      ) : null}
      <RemovalDialog removal={removal} title="Delete User">
        {(user) => (
          <p>
            Delete {user.displayName} ({user.email})? They will no longer be able to sign in.
          </p>
        )}
      </RemovalDialog>
    </section>
  );
}

type UserValues = { firstname: string; lastname: string; email: string; role_id: string };

const EMPTY_USER: UserValues = { firstname: '', lastname: '', email: '', role_id: '' };

function problemsOf(values: UserValues): Record<string, string> {
  return schemaProblems(UserSaveSchema, {
    ...values,
    role_id: values.role_id === '' ? undefined : Number(values.role_id),
  });
}

/** New user, or the user `userId` (access §5 "User"); "User not found" when the organization has no such user. */
export function UserEdit({ userId }: { userId: string | null }) {
  const user = useLoaded(
    () =>
      userId === null ? Promise.resolve({ ok: true as const, value: null }) : fetchUser(apiClient(), userId),
    userId ?? 'new',
  );
  const roles = useLoaded(() => fetchRoles(apiClient()), 'roles');
  if (!user || !roles) return <p>Loading…</p>;
  if (!user.ok) return <p role="alert">{user.message}</p>;
  const initial = user.value
    ? {
        firstname: user.value.firstName,
        lastname: user.value.lastName,
        email: user.value.email,
        role_id: String(user.value.roleId),
      }
    : EMPTY_USER;
  return (
    <UserForm key={userId ?? 'new'} userId={userId} initial={initial} roles={roles.ok ? roles.value : []} />
  );
}

function UserForm({
  userId,
  initial,
  roles,
}: {
  userId: string | null;
  initial: UserValues;
  roles: RoleRecord[];
}) {
  useSignals();
  const ownId = sessionProfile.value?.userId ?? null;
  const [location, navigate] = useLocation();
  const form = useForm<UserValues>('user', initial, problemsOf);
  const back = parentPath(location);
  const roleOptions = roles.map((role) => ({
    value: String(role.id),
    label: role.id in ROLE_LABELS ? roleLabelOf(role.id) : role.name,
  }));

  return (
    <AccountsFormElement
      label={userId ? 'Edit user' : 'New user'}
      onSubmit={() => {
        let savedId: string | null = null;
        void form
          .submit(async (values) => {
            const outcome = await saveUser(apiClient(), {
              ...(userId ? { id: userId } : {}),
              firstname: values.firstname,
              lastname: values.lastname,
              email: values.email,
              role_id: Number(values.role_id),
            });
            if (!outcome.ok) return outcome;
            savedId = outcome.value.id;
            return { ok: true };
          })
          .then((ok) => {
            if (ok) navigate(back, { state: { selectedId: savedId } });
          });
      }}
    >
      <h1>{userId ? 'Edit User' : 'New User'}</h1>
      <TextField
        label="First name"
        maxLength={NAME_MAX_LENGTH}
        counterMax={NAME_MAX_LENGTH}
        {...form.bind('firstname')}
      />
      <TextField
        label="Last name"
        maxLength={NAME_MAX_LENGTH}
        counterMax={NAME_MAX_LENGTH}
        {...form.bind('lastname')}
      />
      <TextField label="Email" type="email" {...form.bind('email')} />
      <SelectField
        label="Role"
        options={roleOptions}
        {...form.bind('role_id')}
        disabledReason={userId !== null && userId === ownId ? OWN_ROLE_UNCHANGEABLE : null}
      />
      {!userId ? (
        <p className="accounts__hint">The new user receives an e-mail with a link to set their password.</p>
      ) : null}
      <FormFooter
        changed={form.changed}
        submitting={form.submitting}
        apiError={form.apiError}
        onCancel={() => navigate(back, { state: { selectedId: userId } })}
      />
    </AccountsFormElement>
  );
}
