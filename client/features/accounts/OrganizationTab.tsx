import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Organization } from '#domain/organizations/organization';
import {
  organizationAddressProblems,
  organizationFormOf,
  organizationSaveOf,
  OrganizationSaveSchema,
  postalLabel,
  stateLabel,
  stateOptions,
  withCountry,
  type OrganizationForm,
} from '#domain/organizations/organizationAddress';
import { EDIT_ORGANIZATION } from '#domain/session/routeGates';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { fetchOrganization, saveOrganization } from '../../api/accounts.ts';
import type { Result } from '../../ui/result.ts';
import { apiClient, permissions, sessionProfile } from '../../session/session.ts';
import { schemaProblems, useForm } from '../../ui/useForm.ts';
import { useLoaded, useRedirectAfterSave } from './accountsHooks.ts';
import { parentPath } from './accountsNavigation.ts';
import { AccountsFormElement, EditLink } from './FormParts.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { SelectField, TextField } from '../../ui/FormField.tsx';
import { savedWithProfile } from './profileSession.ts';

/** The user's organization as the simulator holds it now; the failure's text ("Organization not found") otherwise. */
function useOrganization(): Result<Organization> | null {
  const organizationId = sessionProfile.value?.organizationId ?? '';
  return useLoaded(() => fetchOrganization(apiClient(), organizationId), organizationId);
}

/** The organization profile (access §2 "My Profile", §3 "Organization"): name and address, Edit for those who may. */
export function OrganizationView() {
  useSignals();
  const outcome = useOrganization();
  if (!outcome) return <p>Loading…</p>;
  if (!outcome.ok) return <p role="alert">{outcome.message}</p>;
  const organization = outcome.value;
  return (
    <section aria-label="Organization">
      <h1>Organization</h1>
      <dl className="accounts__details">
        <dt>Name</dt>
        <dd data-testid="organization-profile-name">{organization.name}</dd>
        <dt>Address</dt>
        <dd>{[organization.address1, organization.address2].filter(Boolean).join(', ')}</dd>
        <dt>City</dt>
        <dd data-testid="organization-city">{organization.city}</dd>
        <dt>{stateLabel(organization.countryCode)}</dt>
        <dd>{organization.state}</dd>
        <dt>{postalLabel(organization.countryCode).label}</dt>
        <dd data-testid="organization-postal-code">{organization.postalCode}</dd>
        <dt>Country</dt>
        <dd>{organization.countryCode}</dd>
      </dl>
      <EditLink
        href="/dashboard/accounts/profile/organization/edit"
        allowed={hasAnyPermission(permissions.value, EDIT_ORGANIZATION)}
      />
    </section>
  );
}

export function OrganizationEdit() {
  const outcome = useOrganization();
  if (!outcome) return <p>Loading…</p>;
  if (!outcome.ok) return <p role="alert">{outcome.message}</p>;
  return <OrganizationEditForm organization={outcome.value} />;
}

type OrganizationValues = OrganizationForm;

/** The wire field a form field is checked as. */
const WIRE_FIELD: Record<keyof OrganizationValues, string> = {
  name: 'name',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  state: 'state',
  postalCode: 'postal_code',
  countryCode: 'country_code',
};

function problemsOf(values: OrganizationValues): Record<string, string> {
  const save = organizationSaveOf(values);
  const byWire = { ...schemaProblems(OrganizationSaveSchema, save), ...organizationAddressProblems(save) };
  const problems: Record<string, string> = {};
  for (const [field, wire] of Object.entries(WIRE_FIELD)) {
    const problem = byWire[wire];
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** Editing the organization (access §5 "Organization address"): the labels and the state field follow the country,
 * and changing the country clears the state. */
function OrganizationEditForm({ organization }: { organization: Organization }) {
  const [location, navigate] = useLocation();
  const [saved, setSaved] = useState(false);
  const form = useForm<OrganizationValues>('organization', organizationFormOf(organization), problemsOf);
  const back = parentPath(location);
  const { values } = form;

  useRedirectAfterSave(saved, back);

  const states = stateOptions(values.countryCode);
  const postal = postalLabel(values.countryCode);

  return (
    <AccountsFormElement
      label="Edit organization"
      onSubmit={() => {
        void form
          .submit((current) =>
            savedWithProfile(saveOrganization(apiClient(), organization.id, organizationSaveOf(current))),
          )
          .then(setSaved);
      }}
    >
      <h1>Edit Organization</h1>
      <TextField label="Name" {...form.bind('name')} />
      <TextField label="Address 1" {...form.bind('address1')} />
      <TextField label="Address 2 (optional)" {...form.bind('address2')} />
      <TextField label="City" {...form.bind('city')} />
      <TextField
        label="Country code"
        maxLength={2}
        {...form.bind('countryCode')}
        onChange={(value) => {
          form.replace(withCountry(values, value.toUpperCase()));
          form.touch('countryCode');
        }}
      />
      {states ? (
        <SelectField
          label={stateLabel(values.countryCode)}
          options={states.map((code) => ({ value: code, label: code }))}
          {...form.bind('state')}
        />
      ) : (
        <TextField label={stateLabel(values.countryCode)} {...form.bind('state')} />
      )}
      <TextField
        label={postal.label}
        {...(postal.numeric ? { inputMode: 'numeric' as const } : {})}
        {...form.bind('postalCode')}
      />
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
