// The organization profile's name and address (access §3 "Address form", §5 "Postal code by country",
// "Organization address", §7 `PUT /organization/{id}`). Read top to bottom: the save body the simulator parses, the
// client form and its mapper from an organization, then the rules the form and the simulator share: what is
// required, the postal code by country (an area's address follows it too, domain/areas/areaRules.ts), and how the
// labels and the state field follow the country.
import * as v from 'valibot';
import type { Organization } from './organization.ts';

// ---------------------------------------------------------------------------------------------
// Wire schema

export const REQUIRED = 'Required';
export const COUNTRY_CODE_TOO_LONG = 'At most 2 characters';
export const INVALID_ZIP_CODE = 'Invalid zip code';
export const INVALID_POSTAL_CODE = 'Invalid postal code';
export const ORGANIZATION_NAME_MAX_LENGTH = 1000;
const ADDRESS_MAX_LENGTH = 200;

const text = (maxLength: number) => v.pipe(v.string(), v.trim(), v.maxLength(maxLength));

/** `PUT /api/organization/{id}`; the rules across fields (required, postal code) are `organizationAddressProblems`. */
export const OrganizationSaveSchema = v.object({
  name: v.pipe(text(ORGANIZATION_NAME_MAX_LENGTH), v.minLength(1, REQUIRED)),
  address1: text(ADDRESS_MAX_LENGTH),
  address2: v.optional(v.nullable(text(ADDRESS_MAX_LENGTH)), null),
  city: text(ADDRESS_MAX_LENGTH),
  state: text(ADDRESS_MAX_LENGTH),
  postal_code: text(20),
  country_code: v.pipe(v.string(), v.trim(), v.maxLength(2, COUNTRY_CODE_TOO_LONG)),
});
export type OrganizationSave = v.InferOutput<typeof OrganizationSaveSchema>;

// ---------------------------------------------------------------------------------------------
// Client form

export type OrganizationForm = {
  name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  countryCode: string;
};

export function organizationFormOf(organization: Organization): OrganizationForm {
  return {
    name: organization.name,
    address1: organization.address1,
    address2: organization.address2,
    city: organization.city,
    state: organization.state,
    postalCode: organization.postalCode,
    countryCode: organization.countryCode,
  };
}

export function organizationSaveOf(form: OrganizationForm): OrganizationSave {
  return {
    name: form.name.trim(),
    address1: form.address1.trim(),
    address2: form.address2.trim() === '' ? null : form.address2.trim(),
    city: form.city.trim(),
    state: form.state.trim(),
    postal_code: form.postalCode.trim(),
    country_code: form.countryCode.trim().toUpperCase(),
  };
}

// ---------------------------------------------------------------------------------------------
// Rules

/** The postal code rule by country: US zip, Canadian postal code, or letters and digits elsewhere. */
export function postalCodeProblem(postalCode: string, countryCode: string): string | null {
  const code = postalCode.trim();
  const country = countryCode.trim().toUpperCase();
  if (country === 'US') return /^\d{5}(-\d{4})?$/.test(code) ? null : INVALID_ZIP_CODE;
  if (country === 'CA') return /^[a-z]\d[a-z] ?\d[a-z]\d$/i.test(code) ? null : INVALID_POSTAL_CODE;
  return /^[a-z0-9]+([ -][a-z0-9]+)*$/i.test(code) ? null : INVALID_POSTAL_CODE;
}

/** Field → problem, empty when the body may be saved. Field names are the wire's. */
export function organizationAddressProblems(save: OrganizationSave): Record<string, string> {
  const problems: Record<string, string> = {};
  if (save.name.trim() === '') problems.name = REQUIRED;
  for (const field of ['address1', 'city', 'state', 'country_code'] as const) {
    if (save[field].trim() === '') problems[field] = REQUIRED;
  }
  if (save.country_code.trim().length > 2) problems.country_code = COUNTRY_CODE_TOO_LONG;
  // "An empty value fails" (access §5): the postal code is checked even when the country is missing.
  const postal = postalCodeProblem(save.postal_code, save.country_code);
  if (postal) problems.postal_code = postal;
  return problems;
}

/** The state field's label: State (US), Province (CA), otherwise Region. */
export function stateLabel(countryCode: string): 'State' | 'Province' | 'Region' {
  const country = countryCode.trim().toUpperCase();
  if (country === 'US') return 'State';
  if (country === 'CA') return 'Province';
  return 'Region';
}

/** The postal field's label: Zip code with numeric input for the US, otherwise Postal code. */
export function postalLabel(countryCode: string): { label: 'Zip code' | 'Postal code'; numeric: boolean } {
  return countryCode.trim().toUpperCase() === 'US'
    ? { label: 'Zip code', numeric: true }
    : { label: 'Postal code', numeric: false };
}

const US_STATES =
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA PR RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  );
const CA_PROVINCES = 'AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' ');

/** The state dropdown's options for the US and Canada; null where the state is free text (a Region). */
export function stateOptions(countryCode: string): readonly string[] | null {
  const country = countryCode.trim().toUpperCase();
  if (country === 'US') return US_STATES;
  if (country === 'CA') return CA_PROVINCES;
  return null;
}

/** Changing the country clears the state (access §5). */
export function withCountry(form: OrganizationForm, countryCode: string): OrganizationForm {
  return countryCode === form.countryCode ? form : { ...form, countryCode, state: '' };
}
