// Contracts the shell's screens rely on: error catalogues of access §8 for refresh and password recovery, the
// token sign-in threshold, the reset password rules, and the organization switcher's search and headings.
import { describe, expect, it } from 'vitest';
import { linkTokensFrom, refreshErrorMessage } from '#client/api/auth.ts';
import { recoveryErrorMessage, resetErrorMessage } from '#client/api/passwordRecovery.ts';
import {
  filterOrganizations,
  organizationsHeading,
  showsSearch,
  truncateName,
} from '#client/features/chrome/organizationChoices.ts';
import type { Organization } from '#domain/organizations/organization';
import { markPasswordRules, meetsPasswordRules } from '#domain/session/passwordRules';

const SUPPORT = 'help@example.test';

describe('error catalogues (access §8)', () => {
  it('maps refresh failures', () => {
    expect(refreshErrorMessage({ status: 0 })).toBe('Connection failed.');
    expect(refreshErrorMessage({ status: 422 })).toBe('Access token is expired or does not exist.');
    expect(refreshErrorMessage({ status: 500 })).toBe('Unknown failure.');
  });

  it('maps forgot-password and unlock failures', () => {
    expect(recoveryErrorMessage({ status: 0 })).toBe('Connection failed.');
    expect(recoveryErrorMessage({ status: 404 })).toBe("There's no user with such email.");
    expect(recoveryErrorMessage({ status: 400 })).toBe('Unknown failure.');
  });

  it('maps reset-password failures', () => {
    const reset = (status: number, message = '') => resetErrorMessage({ status, message }, SUPPORT);
    expect(reset(0)).toBe('Connection failed.');
    expect(reset(401, 'user_suspended')).toBe(`User is suspended. Please contact support at ${SUPPORT}`);
    expect(reset(401, 'other')).toBe('Unknown failure.');
    expect(reset(404)).toBe('Reset token is expired or does not exist.');
    expect(reset(422, 'password_reused: Password was used previously.')).toBe(
      'Cannot be same as last 10 passwords.',
    );
    expect(reset(422, 'invalid_token: Token has expired')).toBe('Reset token is expired or does not exist.');
    expect(reset(422, 'weak_password')).toBe('Password does not fulfill password requirements.');
  });
});

describe('token sign-in link', () => {
  it('takes both tokens only when each is longer than 400 characters', () => {
    const long = 'a'.repeat(401);
    const short = 'b'.repeat(400);
    expect(linkTokensFrom(`?access_token=${long}&refresh_token=${long}x`)).toEqual({
      accessToken: long,
      refreshToken: `${long}x`,
    });
    expect(linkTokensFrom(`?access_token=${long}&refresh_token=${short}`)).toBeNull();
    expect(linkTokensFrom('?access_token=abc')).toBeNull();
  });
});

describe('password rules', () => {
  it('marks each rule live as the password grows', () => {
    const met = (password: string) =>
      markPasswordRules(password)
        .filter((mark) => mark.met)
        .map((mark) => mark.id);
    expect(met('')).toEqual([]);
    expect(met('abc')).toEqual(['lowercase']);
    expect(met('abcDEF12')).toEqual(['length', 'number', 'uppercase', 'lowercase']);
    expect(met('abcDEF12{')).toEqual(['length', 'number', 'uppercase', 'lowercase', 'special']);
    expect(meetsPasswordRules('abcDEF12{')).toBe(true);
    expect(meetsPasswordRules('abcDEF12$')).toBe(false);
  });
});

describe('organization switcher', () => {
  const organization = (name: string) => ({ id: name, name }) as Organization;
  const five = ['North', 'South', 'East', 'West', 'Central'].map(organization);
  const six = [...five, organization('Lakeshore Road Works')];

  it('shows search above 5 options only', () => {
    expect(showsSearch(five)).toBe(false);
    expect(showsSearch(six)).toBe(true);
  });

  it('filters by name and says how many are shown', () => {
    const shown = filterOrganizations(six, '  road ');
    expect(shown.map((entry) => entry.name)).toEqual(['Lakeshore Road Works']);
    expect(organizationsHeading(shown.length, six.length, 'road')).toBe('displaying 1/6');
    expect(organizationsHeading(six.length, six.length, '')).toBe('Organizations (6)');
  });

  it('truncates long names at 70 characters on mobile', () => {
    expect(truncateName('x'.repeat(70))).toBe('x'.repeat(70));
    expect(truncateName('x'.repeat(71))).toBe(`${'x'.repeat(70)}…`);
  });
});
