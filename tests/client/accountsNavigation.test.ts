// The Accounts navigation (access §2): tabs by gate per role, the tab of a path, and Cancel's one level up.
import { describe, expect, it } from 'vitest';
import { permissionsForUser, ROLE_IDS } from '#domain/session/rolePermissions';
import { accountsTabs, parentPath, tabOfPath } from '../../client/features/accounts/accountsNavigation.ts';

const viewerOf = (roleId: number) => ({ permissions: permissionsForUser(roleId), isMobile: false });
const labels = (roleId: number) => accountsTabs(viewerOf(roleId)).map((tab) => tab.label);

describe('accounts tabs', () => {
  it('gives each role the tabs its permissions open', () => {
    expect(labels(ROLE_IDS.media)).toEqual(['My Profile', 'Preferences']);
    expect(labels(ROLE_IDS.user)).toEqual(['My Profile', 'Preferences']);
    expect(labels(ROLE_IDS.admin)).toEqual(['My Profile', 'Integrations', 'Preferences']);
    expect(labels(ROLE_IDS.orgAdmin)).toEqual([
      'My Profile',
      'Users',
      'Integrations',
      'Billing',
      'Preferences',
    ]);
  });

  it('lists the pages under a tab the viewer may open', () => {
    const integrations = (roleId: number) =>
      accountsTabs(viewerOf(roleId))
        .find((tab) => tab.id === 'integrations')
        ?.pages.map((page) => page.label);
    expect(integrations(ROLE_IDS.admin)).toEqual(['API Tokens', 'Config Files']);
    expect(integrations(ROLE_IDS.orgAdmin)).toEqual(['API Tokens', 'Config Files', 'New Config File']);
    const profile = (roleId: number) =>
      accountsTabs(viewerOf(roleId))
        .find((tab) => tab.id === 'profile')
        ?.pages.map((page) => page.label);
    expect(profile(ROLE_IDS.user)).toEqual(['Profile']);
    expect(profile(ROLE_IDS.admin)).toEqual(['Profile', 'Organization']);
  });
});

describe('paths', () => {
  it('finds the tab of a path, My Profile for the section itself', () => {
    expect(tabOfPath('/dashboard/accounts')).toBe('profile');
    expect(tabOfPath('/dashboard/accounts/users/u-1/edit')).toBe('users');
    expect(tabOfPath('/dashboard/accounts/integrations/configs?x=1')).toBe('integrations');
  });

  it('goes up one level, taking an id with its verb', () => {
    expect(parentPath('/dashboard/accounts/users/u-1/edit')).toBe('/dashboard/accounts/users');
    expect(parentPath('/dashboard/accounts/users/new')).toBe('/dashboard/accounts/users');
    expect(parentPath('/dashboard/accounts/profile/edit')).toBe('/dashboard/accounts/profile');
    expect(parentPath('/dashboard/accounts/profile/organization/edit')).toBe(
      '/dashboard/accounts/profile/organization',
    );
  });
});
