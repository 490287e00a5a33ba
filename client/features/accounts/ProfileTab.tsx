import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { EDIT_PROFILE } from '#domain/session/routeGates';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { roleLabelOf, UserSaveSchema } from '#domain/users/user';
import { saveUser } from '../../api/accounts.ts';
import { apiClient, permissions, sessionProfile } from '../../app/session.ts';
import { schemaProblems, useForm } from '../../ui/useForm.ts';
import { useRedirectAfterSave } from './accountsHooks.ts';
import { parentPath } from './accountsNavigation.ts';
import { AccountsFormElement, EditLink } from './FormParts.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { TextField } from '../../ui/FormField.tsx';
import { savedWithProfile } from './profileSession.ts';

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
      <EditLink
        href="/dashboard/accounts/profile/edit"
        allowed={hasAnyPermission(permissions.value, EDIT_PROFILE)}
      />
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
  const form = useForm<ProfileValues>('profile', initial, (values) =>
    schemaProblems(UserSaveSchema, { ...values, role_id: roleId }),
  );
  const back = parentPath(location);

  useRedirectAfterSave(saved, back);

  return (
    <AccountsFormElement
      label="Edit profile"
      onSubmit={() => {
        void form
          .submit((values) =>
            savedWithProfile(saveUser(apiClient(), { id: userId, ...values, role_id: roleId })),
          )
          .then(setSaved);
      }}
    >
      <h1>Edit Profile</h1>
      <TextField label="First name" {...form.bind('firstname')} />
      <TextField label="Last name" {...form.bind('lastname')} />
      <TextField label="Email" type="email" {...form.bind('email')} />
      {saved ? <p role="status">Saved</p> : null}
      <FormFooter
        changed={form.changed && !saved}
        submitting={form.submitting}
        apiError={form.apiError}
        onCancel={() => navigate(back)}
      />
    </AccountsFormElement>
  );
}
