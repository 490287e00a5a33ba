import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { EDIT_PROFILE } from '#domain/session/routeGates';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import {
  confirmationSentText,
  CURRENT_PASSWORD_LABEL,
  CURRENT_PASSWORD_MAX_LENGTH,
  CURRENT_PASSWORD_NEEDED,
  isEmailChange,
  roleLabelOf,
  UserSaveSchema,
} from '#domain/users/user';
import { saveUser } from '../../api/accounts.ts';
import { apiClient, permissions, sessionProfile } from '../../session/session.ts';
import type { Result } from '../../ui/result.ts';
import { schemaProblems, useForm } from '../../ui/useForm.ts';
import { useRedirectAfterSave } from './accountsHooks.ts';
import { parentPath } from './accountsNavigation.ts';
import { AccountsFormElement, EditLink } from './FormParts.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { describedBy, Field, TextField } from '../../ui/FormField.tsx';
import { reloadProfile } from './profileSession.ts';

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

type ProfileValues = { firstname: string; lastname: string; email: string; current_password: string };

/**
 * Editing My Profile (access §2, §5 "User"): first and last name and e-mail; back to the view 150 ms after saving.
 * A new e-mail (issue 34) asks for the current password and changes only once the new address confirms it: the form
 * stays, saying where the confirmation went, and the view keeps the current address until then.
 */
export function ProfileEdit() {
  useSignals();
  const profile = sessionProfile.value;
  if (!profile) return null;
  return (
    <ProfileForm
      userId={profile.userId}
      roleId={profile.roleId ?? 0}
      initial={{
        firstname: profile.firstName,
        lastname: profile.lastName,
        email: profile.email,
        current_password: '',
      }}
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
  /** The address a confirmation was sent to, once a new e-mail was saved. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ProfileValues>('profile', initial, (values) => ({
    ...schemaProblems(UserSaveSchema, { ...values, role_id: roleId }),
    ...(isEmailChange(initial.email, values.email) && values.current_password === ''
      ? { current_password: CURRENT_PASSWORD_NEEDED }
      : {}),
  }));
  // Said only while the field still holds that address, as Forgot password does: typing another one can be saved.
  const confirmationSentTo = sentTo !== null && sentTo === form.values.email.trim() ? sentTo : null;
  const back = parentPath(location);
  const changesEmail = isEmailChange(initial.email, form.values.email);
  const currentPassword = form.bind('current_password');

  useRedirectAfterSave(saved, back);

  /** Saves; answers the address a confirmation was sent to when the e-mail waits for one, else null. */
  const save = async (values: ProfileValues): Promise<Result<string | null>> => {
    const { current_password: password, ...fields } = values;
    const outcome = await saveUser(apiClient(), {
      id: userId,
      ...fields,
      role_id: roleId,
      ...(changesEmail ? { current_password: password } : {}),
    });
    if (!outcome.ok) return outcome;
    await reloadProfile();
    return { ok: true, value: outcome.value.pendingEmail };
  };

  return (
    <AccountsFormElement
      label="Edit profile"
      onSubmit={() => {
        let pendingEmail: string | null = null;
        setSentTo(null);
        void form
          .submit(async (values) => {
            const outcome = await save(values);
            if (!outcome.ok) return outcome;
            pendingEmail = outcome.value;
            return { ok: true };
          })
          .then((ok) => {
            // A new e-mail is not saved yet: the form stays and says where the confirmation went.
            if (ok && pendingEmail !== null) setSentTo(pendingEmail);
            else setSaved(ok);
          });
      }}
    >
      <h1>Edit Profile</h1>
      <TextField label="First name" {...form.bind('firstname')} />
      <TextField label="Last name" {...form.bind('lastname')} />
      <TextField label="Email" type="email" {...form.bind('email')} />
      {changesEmail ? (
        <Field id={currentPassword.id} label={CURRENT_PASSWORD_LABEL} error={currentPassword.error}>
          <input
            id={currentPassword.id}
            className="input"
            type="password"
            autoComplete="current-password"
            maxLength={CURRENT_PASSWORD_MAX_LENGTH}
            value={currentPassword.value}
            aria-invalid={currentPassword.error ? true : undefined}
            aria-describedby={describedBy(currentPassword.id, currentPassword.error)}
            onChange={(event) => currentPassword.onChange(event.target.value)}
            onBlur={currentPassword.onBlur}
          />
        </Field>
      ) : null}
      {saved ? <p role="status">Saved</p> : null}
      {confirmationSentTo ? <p role="status">{confirmationSentText(confirmationSentTo)}</p> : null}
      <FormFooter
        changed={form.changed && !saved && confirmationSentTo === null}
        submitting={form.submitting}
        apiError={form.apiError}
        onCancel={() => navigate(back)}
      />
    </AccountsFormElement>
  );
}
