import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
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
import { fetchOrganization, saveOrganization, type Outcome } from '../../api/accounts.ts';
import { apiClient, permissions, sessionProfile } from '../../app/session.ts';
import { schemaProblems, useAccountsForm } from './accountsForm.ts';
import { parentPath } from './accountsNavigation.ts';
import { FormFooter, SelectField, TextField } from './FormParts.tsx';
import { PROFILE_SAVE_REDIRECT_MS, reloadProfile } from './profileSession.ts';

/** The user's organization as the simulator holds it now; the failure's text ("Organization not found") otherwise. */
function useOrganization(): Outcome<Organization> | null {
  const organizationId = sessionProfile.value?.organizationId ?? null;
  const [outcome, setOutcome] = useState<Outcome<Organization> | null>(null);
  useEffect(() => {
    if (organizationId === null) return;
    let current = true;
    void fetchOrganization(apiClient(), organizationId).then((result) => {
      if (current) setOutcome(result);
    });
    return () => {
      current = false;
    };
  }, [organizationId]);
  return outcome;
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
      {hasAnyPermission(permissions.value, EDIT_ORGANIZATION) ? (
        <div className="accounts__actions">
          <Link href="/dashboard/accounts/profile/organization/edit" className="button button--primary">
            Edit
          </Link>
        </div>
      ) : null}
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
  const form = useAccountsForm<OrganizationValues>(organizationFormOf(organization), problemsOf);
  const back = parentPath(location);
  const { values } = form;

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => navigate(back), PROFILE_SAVE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [saved, back, navigate]);

  const text = (
    name: keyof OrganizationValues,
    label: string,
    extra: { numeric?: boolean; maxLength?: number } = {},
  ) => (
    <TextField
      id={`organization-${name}`}
      label={label}
      value={values[name]}
      error={form.errorOf(name)}
      onChange={(value) => form.set(name, value)}
      onBlur={() => form.touch(name)}
      {...(extra.numeric ? { inputMode: 'numeric' as const } : {})}
      {...(extra.maxLength ? { maxLength: extra.maxLength } : {})}
    />
  );
  const states = stateOptions(values.countryCode);
  const postal = postalLabel(values.countryCode);

  return (
    <form
      className="accounts__form"
      aria-label="Edit organization"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form
          .submit(async (current) => {
            const outcome = await saveOrganization(apiClient(), organization.id, organizationSaveOf(current));
            if (outcome.ok) await reloadProfile();
            return outcome.ok ? { ok: true } : outcome;
          })
          .then(setSaved);
      }}
    >
      <h1>Edit Organization</h1>
      {text('name', 'Name')}
      {text('address1', 'Address 1')}
      {text('address2', 'Address 2 (optional)')}
      {text('city', 'City')}
      <TextField
        id="organization-countryCode"
        label="Country code"
        value={values.countryCode}
        maxLength={2}
        error={form.errorOf('countryCode')}
        onChange={(value) => {
          form.replace(withCountry(values, value.toUpperCase()));
          form.touch('countryCode');
        }}
        onBlur={() => form.touch('countryCode')}
      />
      {states ? (
        <SelectField
          id="organization-state"
          label={stateLabel(values.countryCode)}
          value={values.state}
          options={states.map((code) => ({ value: code, label: code }))}
          error={form.errorOf('state')}
          onChange={(value) => form.set('state', value)}
          onBlur={() => form.touch('state')}
        />
      ) : (
        text('state', stateLabel(values.countryCode))
      )}
      {text('postalCode', postal.label, { numeric: postal.numeric })}
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
