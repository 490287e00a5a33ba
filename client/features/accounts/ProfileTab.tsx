import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { EDIT_PROFILE } from '#domain/session/routeGates';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { roleLabelOf, UserSaveSchema } from '#domain/users/user';
import { saveUser } from '../../api/accounts.ts';
import { apiClient, permissions, sessionProfile } from '../../app/session.ts';
import { schemaProblems, useAccountsForm } from './accountsForm.ts';
import { parentPath } from './accountsNavigation.ts';
import { FormFooter, TextField } from './FormParts.tsx';
import { PROFILE_SAVE_REDIRECT_MS, reloadProfile } from './profileSession.ts';

/** My Profile (access §2): the signed-in user's name, e-mail, role and organization, with Edit for those who may. */
export function ProfileView() {
  useSignals();
  const profile = sessionProfile.value;
  if (!profile) return null;
  return (
    <section aria-label="My Profile">
      <h1>My Profile</h1>
      <dl className="accounts__details">
        <dt>First name</dt>
        <dd data-testid="profile-first-name">{profile.firstName}</dd>
        <dt>Last name</dt>
        <dd data-testid="profile-last-name">{profile.lastName}</dd>
        <dt>Email</dt>
        <dd>{profile.email}</dd>
        <dt>Role</dt>
        <dd>{profile.roleId === null ? '' : roleLabelOf(profile.roleId)}</dd>
        <dt>Organization</dt>
        <dd>{profile.userOrganization.name}</dd>
      </dl>
      {hasAnyPermission(permissions.value, EDIT_PROFILE) ? (
        <div className="accounts__actions">
          <Link href="/dashboard/accounts/profile/edit" className="button button--primary">
            Edit
          </Link>
        </div>
      ) : null}
    </section>
  );
}

type ProfileValues = { firstname: string; lastname: string; email: string };

/** Editing My Profile (access §2, §5 "User"): first and last name and e-mail; back to the view 150 ms after saving. */
export function ProfileEdit() {
  useSignals();
  const profile = sessionProfile.value;
  if (!profile) return null;
  return (
    <ProfileForm
      userId={profile.userId}
      roleId={profile.roleId ?? 0}
      initial={{ firstname: profile.firstName, lastname: profile.lastName, email: profile.email }}
    />
  );
}

function ProfileForm({
  userId,
  roleId,
  initial,
}: {
  userId: string;
  roleId: number;
  initial: ProfileValues;
}) {
  const [location, navigate] = useLocation();
  const [saved, setSaved] = useState(false);
  const form = useAccountsForm<ProfileValues>(initial, (values) =>
    schemaProblems(UserSaveSchema, { ...values, role_id: roleId }),
  );
  const back = parentPath(location);

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => navigate(back), PROFILE_SAVE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [saved, back, navigate]);

  const field = (name: keyof ProfileValues, label: string, type: 'text' | 'email' = 'text') => (
    <TextField
      id={`profile-${name}`}
      label={label}
      type={type}
      value={form.values[name]}
      error={form.errorOf(name)}
      onChange={(value) => form.set(name, value)}
      onBlur={() => form.touch(name)}
    />
  );

  return (
    <form
      className="accounts__form"
      aria-label="Edit profile"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form
          .submit(async (values) => {
            const outcome = await saveUser(apiClient(), { id: userId, ...values, role_id: roleId });
            if (outcome.ok) await reloadProfile();
            return outcome.ok ? { ok: true } : outcome;
          })
          .then(setSaved);
      }}
    >
      <h1>Edit Profile</h1>
      {field('firstname', 'First name')}
      {field('lastname', 'Last name')}
      {field('email', 'Email', 'email')}
      {saved ? <p role="status">Saved</p> : null}
      <FormFooter
        changed={form.changed && !saved}
        submitting={form.submitting}
        apiError={form.apiError}
        onCancel={() => navigate(back)}
      />
    </form>
  );
}
