import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ROLE_LABELS } from '#domain/session/rolePermissions';
import {
  roleLabelOf,
  sortUsers,
  UserSaveSchema,
  type OrganizationUser,
  type RoleRecord,
} from '#domain/users/user';
import {
  deleteUser,
  fetchOrganizationUsers,
  fetchRoles,
  fetchUser,
  saveUser,
  type Outcome,
} from '../../api/accounts.ts';
import { apiClient } from '../../app/session.ts';
import { schemaProblems, useAccountsForm } from './accountsForm.ts';
import { parentPath } from './accountsNavigation.ts';
import { ConfirmDialog, FormFooter, SelectField, TextField } from './FormParts.tsx';

const USERS_PATH = '/dashboard/accounts/users';
const collator = new Intl.Collator(undefined, { sensitivity: 'base' });

/** Loads once per `key`; the answer or the failure's text. */
function useLoaded<T>(load: () => Promise<Outcome<T>>, key: string): Outcome<T> | null {
  const [outcome, setOutcome] = useState<Outcome<T> | null>(null);
  useEffect(() => {
    let current = true;
    setOutcome(null);
    void load().then((result) => {
      if (current) setOutcome(result);
    });
    return () => {
      current = false;
    };
    // `load` is rebuilt every render; `key` says when it asks for something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return outcome;
}

/** The item a Cancel or a save passed back to the list (access §2 "Cancel ... passes the selected item id back"). */
function selectedFromHistory(): string | null {
  const state = window.history.state as { selectedId?: unknown } | null;
  return typeof state?.selectedId === 'string' ? state.selectedId : null;
}

/** Users (access §2, user:admin:manage): the organization's users with their role labels, New, Edit and Delete. */
export function UsersList() {
  const [version, setVersion] = useState(0);
  const outcome = useLoaded(() => fetchOrganizationUsers(apiClient()), String(version));
  const [removing, setRemoving] = useState<OrganizationUser | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const selectedId = selectedFromHistory();

  const confirmRemove = async () => {
    if (!removing) return;
    setPending(true);
    const result = await deleteUser(apiClient(), removing.id);
    setPending(false);
    if (!result.ok) {
      setRemoveError(result.message);
      return;
    }
    setRemoving(null);
    setVersion((value) => value + 1);
  };

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
        <table className="accounts__table" aria-label="Organization users">
          <thead>
            <tr>
              <th>Name</th>
              <th>Email</th>
              <th>Role</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sortUsers(outcome.value, collator.compare).map((user) => (
              <tr key={user.id} data-testid="user-row" data-selected={user.id === selectedId}>
                <td>{user.displayName}</td>
                <td>{user.email}</td>
                <td>{user.roleLabel}</td>
                <td>
                  <Link href={`${USERS_PATH}/${encodeURIComponent(user.id)}/edit`} className="link">
                    Edit
                  </Link>{' '}
                  <button
                    type="button"
                    className="link accounts__close"
                    aria-label={`Delete ${user.displayName}`}
                    onClick={() => {
                      setRemoveError(null);
                      setRemoving(user);
                    }}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {removing ? (
        <ConfirmDialog
          title="Delete User"
          confirmLabel="Delete"
          error={removeError}
          pending={pending}
          onConfirm={() => void confirmRemove()}
          onCancel={() => setRemoving(null)}
        >
          <p>
            Delete {removing.displayName} ({removing.email})? They will no longer be able to sign in.
          </p>
        </ConfirmDialog>
      ) : null}
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
  const [location, navigate] = useLocation();
  const form = useAccountsForm<UserValues>(initial, problemsOf);
  const back = parentPath(location);
  const field = (name: Exclude<keyof UserValues, 'role_id'>, label: string) => (
    <TextField
      id={`user-${name}`}
      label={label}
      type={name === 'email' ? 'email' : 'text'}
      value={form.values[name]}
      error={form.errorOf(name)}
      onChange={(value) => form.set(name, value)}
      onBlur={() => form.touch(name)}
    />
  );
  const roleOptions = roles.map((role) => ({
    value: String(role.id),
    label: role.id in ROLE_LABELS ? roleLabelOf(role.id) : role.name,
  }));

  return (
    <form
      className="accounts__form"
      aria-label={userId ? 'Edit user' : 'New user'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
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
      {field('firstname', 'First name')}
      {field('lastname', 'Last name')}
      {field('email', 'Email')}
      <SelectField
        id="user-role_id"
        label="Role"
        value={form.values.role_id}
        options={roleOptions}
        error={form.errorOf('role_id')}
        onChange={(value) => form.set('role_id', value)}
        onBlur={() => form.touch('role_id')}
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
    </form>
  );
}
