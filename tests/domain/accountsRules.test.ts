// The Accounts rules the dashboard and the simulator share (issue 14; access §3, §5, §9): the organization address by
// country, the user's field texts and labels, API token masking, the config file pin rule and sample export, billing
// usage, and the stored view preferences.
import { describe, expect, it } from 'vitest';
import { isOverLimit, PLANS, usageText } from '#domain/billing/billing';
import { hasReachedApiKeyLimit, isApiToken, maskToken } from '#domain/integrations/apiToken';
import {
  configFileProblems,
  mapConfigFile,
  R2R_DEFAULTS,
  sampleAsCsv,
  sampleAsJson,
  sampleDeviceConfiguration,
  SAME_AS_WARNING_LIGHT_PIN,
  TOKEN_PLACEHOLDER,
  type ConfigFileRecord,
} from '#domain/integrations/configFile';
import {
  organizationAddressProblems,
  organizationSaveOf,
  postalLabel,
  stateLabel,
  stateOptions,
  withCountry,
  type OrganizationForm,
} from '#domain/organizations/organizationAddress';
import { DEFAULT_PREFERENCES, readPreferences, writePreferences } from '#domain/preferences/localPreferences';
import { mapOrganizationUser, sortUsers } from '#domain/users/user';

const form: OrganizationForm = {
  name: 'Lakeside',
  address1: '1 Main St',
  address2: '',
  city: 'Chicago',
  state: 'IL',
  postalCode: '60602',
  countryCode: 'US',
};

describe('the organization address', () => {
  it('labels the state and postal code by country', () => {
    expect([stateLabel('us'), stateLabel('CA'), stateLabel('DE')]).toEqual(['State', 'Province', 'Region']);
    expect(postalLabel('US')).toEqual({ label: 'Zip code', numeric: true });
    expect(postalLabel('GB')).toEqual({ label: 'Postal code', numeric: false });
    expect(stateOptions('US')).toContain('IL');
    expect(stateOptions('CA')).toContain('ON');
    expect(stateOptions('FR')).toBeNull();
  });

  it('clears the state when the country changes, and only then', () => {
    expect(withCountry(form, 'CA')).toMatchObject({ countryCode: 'CA', state: '' });
    expect(withCountry(form, 'US')).toBe(form);
  });

  it('checks required fields, the country code and the postal code by country', () => {
    expect(organizationAddressProblems(organizationSaveOf(form))).toEqual({});
    expect(organizationAddressProblems(organizationSaveOf({ ...form, postalCode: '6060' }))).toEqual({
      postal_code: 'Invalid zip code',
    });
    expect(
      organizationAddressProblems(organizationSaveOf({ ...form, countryCode: 'CA', postalCode: 'K1A0B1' })),
    ).toEqual({});
    expect(
      organizationAddressProblems(organizationSaveOf({ ...form, countryCode: 'GB', postalCode: '' })),
    ).toEqual({
      postal_code: 'Invalid postal code',
    });
    expect(
      organizationAddressProblems({ ...organizationSaveOf(form), city: ' ', state: '', country_code: 'USA' }),
    ).toEqual({
      city: 'Required',
      state: 'Required',
      country_code: 'At most 2 characters',
    });
  });
});

describe('users', () => {
  it('maps role labels and display names, and sorts by name then e-mail', () => {
    const record = {
      id: 'u',
      email: 'zed@demo.test',
      firstname: '',
      lastname: '',
      role_id: 4,
      organization_id: 'o',
      sign_in_count: 0,
      last_sign_in_at: null,
    };
    const named = mapOrganizationUser({
      ...record,
      id: 'a',
      email: 'amy@demo.test',
      firstname: 'Amy',
      role_id: 1,
    });
    const unnamed = mapOrganizationUser(record);
    expect(unnamed).toMatchObject({ displayName: 'zed@demo.test', roleLabel: 'Org Admin' });
    expect(named.roleLabel).toBe('Media');
    expect(sortUsers([unnamed, named], (a, b) => a.localeCompare(b)).map((user) => user.id)).toEqual([
      'a',
      'u',
    ]);
  });
});

describe('API tokens', () => {
  it('masks all but the last characters and recognises its own prefix', () => {
    expect(maskToken('wxyz')).toBe('sc_api_…wxyz');
    expect(isApiToken('sc_api_abc')).toBe(true);
    expect(isApiToken('abc')).toBe(false);
    expect([hasReachedApiKeyLimit(2), hasReachedApiKeyLimit(3)]).toEqual([false, true]);
  });
});

describe('config files', () => {
  const record: ConfigFileRecord = {
    id: 'f',
    organization: { id: 'org-1', name: 'Own' },
    thing_type: 'Arrow Board, large',
    model: 'HA7',
    platform: 'linux',
    file_name: 'a.cfg',
    password: '',
    heartbeat_interval: 2,
    warning_light_pin: 17,
    indicator_pin: null,
    user_email: 'x@demo.test',
    location_type: 'fixed',
    created_at: '2026-03-02T15:00:00.000Z',
    updated_at: '2026-03-02T15:00:00.000Z',
  };

  it('refuses the indicator pin on the warning light pin, not an absent one', () => {
    expect(configFileProblems({ warning_light_pin: 4, indicator_pin: 4 })).toEqual({
      indicator_pin: SAME_AS_WARNING_LIGHT_PIN,
    });
    expect(configFileProblems({ warning_light_pin: 4, indicator_pin: null })).toEqual({});
  });

  it('exports the sample with the token placeholder and the R2R defaults, in JSON and CSV', () => {
    const sample = sampleDeviceConfiguration(mapConfigFile(record));
    expect(JSON.parse(sampleAsJson(sample))).toEqual({
      token: TOKEN_PLACEHOLDER,
      org: 'org-1',
      thing_type: 'Arrow Board, large',
      location_type: 'fixed',
      warning_light_pin: 17,
      indicator_pin: null,
      heartbeat_interval: 2,
      ...R2R_DEFAULTS,
    });
    expect(R2R_DEFAULTS).toEqual({
      on_period: 1.1,
      on_pulse: 0.2,
      off_pulse: 0.25,
      off_period: 0.5,
      length_of_alert: 10,
    });
    expect(sampleAsCsv(sample)).toBe(
      'token,org,thing_type,location_type,warning_light_pin,indicator_pin,heartbeat_interval,on_period,on_pulse,off_pulse,off_period,length_of_alert\n' +
        '<YOUR_API_TOKEN>,org-1,"Arrow Board, large",fixed,17,,2,1.1,0.2,0.25,0.5,10\n',
    );
  });
});

describe('billing', () => {
  it('reads usage against the plan limits', () => {
    expect(usageText({ used: 12, limit: PLANS.essentials.asset_limit })).toBe('12 of 50');
    expect(usageText({ used: 12, limit: PLANS.enterprise.asset_limit })).toBe('12 (no limit)');
    expect(isOverLimit({ used: 51, limit: 50 })).toBe(true);
    expect(isOverLimit({ used: 51, limit: null })).toBe(false);
  });
});

describe('local preferences', () => {
  it('defaults group view on, and falls back per value on broken storage', () => {
    expect(readPreferences(null)).toEqual(DEFAULT_PREFERENCES);
    expect(readPreferences('not json')).toEqual(DEFAULT_PREFERENCES);
    expect(readPreferences('{"groupView":false,"densityView":"yes","extra":1}')).toEqual({
      ...DEFAULT_PREFERENCES,
      groupView: false,
    });
    const changed = { ...DEFAULT_PREFERENCES, showOffline: false };
    expect(readPreferences(writePreferences(changed))).toEqual(changed);
  });
});
