// Every decision of the user writes (issue 14; access §5), without Fastify: given the stream's events and the facts
// read beside it, when a command, then the events or the refusal.
import { describe, expect, it } from 'vitest';
import { permissionsForUser } from '#domain/session/rolePermissions';
import {
  CANNOT_DELETE_SELF,
  EMAIL_NOT_AVAILABLE,
  EMAIL_TAKEN,
  OWN_ROLE_UNCHANGEABLE,
  USER_NOT_FOUND,
  type UserSave,
} from '#domain/users/user';
import {
  decideUser,
  evolveUser,
  NO_PASSWORD_YET,
  NO_USER_STATE,
  type UserCaller,
  type UserCommand,
  type UserEvent,
  type UserState,
} from '#sim/users/userDecider';
import { given, type Decider } from '../support/givenWhenThen.ts';
import { OWN } from '../support/callerOrganizations.ts';

describe('user writes', () => {
  const users: Decider<UserCommand, UserState, UserEvent> = {
    initial: NO_USER_STATE,
    evolve: evolveUser,
    decide: decideUser,
  };
  const orgAdmin: UserCaller = {
    userId: 'u-admin',
    organizationId: OWN,
    administersUsers: true,
    permissions: new Set(permissionsForUser(4)),
  };
  const plainUser: UserCaller = {
    userId: 'u-1',
    organizationId: OWN,
    administersUsers: false,
    permissions: new Set(permissionsForUser(2)),
  };
  const save: UserSave = { firstname: 'Nora', lastname: 'Newman', email: 'nora@demo.test', role_id: 2 };
  const registered = (id = 'u-1', organizationId = OWN): UserEvent => ({
    type: 'UserRegistered',
    data: {
      id,
      email: `${id}@demo.test`,
      password_hash: 'scrypt$…',
      firstname: 'Uma',
      lastname: 'Underwood',
      role_id: 2,
      organization_id: organizationId,
      extra_permissions: [],
      has_api_keys: false,
      is_ha_direct_enabled: false,
    },
  });

  it('registers a new user in the caller’s organization without a password', () => {
    const [decided] = given(users)
      .when({ type: 'CreateUser', caller: orgAdmin, save }, { newId: () => 'u-new' })
      .accepted();
    expect(decided).toMatchObject({
      streamId: 'u-new',
      organizationId: OWN,
      event: {
        type: 'UserRegistered',
        data: {
          id: 'u-new',
          email: 'nora@demo.test',
          role_id: 2,
          organization_id: OWN,
          password_hash: NO_PASSWORD_YET,
        },
      },
    });
  });

  it('refuses a taken e-mail and a caller who does not administer users', () => {
    given(users, [], { ...NO_USER_STATE, emailHolderId: 'u-9' })
      .when({ type: 'CreateUser', caller: orgAdmin, save })
      .thenRefused({ kind: 'unprocessable', text: EMAIL_TAKEN });
    given(users).when({ type: 'CreateUser', caller: plainUser, save }).thenRefused({ kind: 'forbidden' });
  });

  // Issue 24: an Org Admin could change provider staff's e-mail and take the account over with a reset.
  it('refuses to edit, remove or create a user whose permissions exceed the caller’s', () => {
    const base = registered('u-staff');
    if (base.type !== 'UserRegistered') throw new Error('registered() makes a UserRegistered');
    const staff: UserEvent = {
      type: 'UserRegistered',
      data: { ...base.data, role_id: 4, extra_permissions: ['haas:manage'] },
    };
    given(users, [staff])
      .when({ type: 'UpdateUser', caller: orgAdmin, userId: 'u-staff', save: { ...save, role_id: 4 } })
      .thenRefused({ kind: 'forbidden' });
    given(users, [staff])
      .when({ type: 'RemoveUser', caller: orgAdmin, userId: 'u-staff' })
      .thenRefused({ kind: 'forbidden' });
    const admin: UserCaller = { ...orgAdmin, permissions: new Set(permissionsForUser(3)) };
    given(users, [registered()])
      .when({ type: 'UpdateUser', caller: admin, userId: 'u-1', save: { ...save, role_id: 4 } })
      .thenRefused({ kind: 'forbidden' });
    given(users)
      .when({ type: 'CreateUser', caller: admin, save: { ...save, role_id: 4 } })
      .thenRefused({
        kind: 'forbidden',
      });
  });

  // Issue 24: "Email has already been taken" told an Org Admin that another organization had that account.
  it('refuses an e-mail held in another organization without saying it is taken', () => {
    given(users, [], { ...NO_USER_STATE, emailHolderId: 'u-9', emailHolderOrganizationId: 'org-other' })
      .when({ type: 'CreateUser', caller: orgAdmin, save })
      .thenRefused({ kind: 'unprocessable', text: EMAIL_NOT_AVAILABLE });
  });

  it('updates a user of the organization, keeping their own e-mail allowed', () => {
    given(users, [registered()], { ...NO_USER_STATE, emailHolderId: 'u-1' })
      .when({ type: 'UpdateUser', caller: orgAdmin, userId: 'u-1', save: { ...save, role_id: 3 } })
      .thenEvents([
        {
          event: {
            type: 'UserProfileUpdated',
            data: {
              user_id: 'u-1',
              firstname: 'Nora',
              lastname: 'Newman',
              email: 'nora@demo.test',
              role_id: 3,
            },
          },
          streamId: 'u-1',
          organizationId: OWN,
        },
      ]);
  });

  it('says User not found for an unknown user or one of another organization', () => {
    for (const events of [[], [registered('u-1', 'org-other')]]) {
      given(users, events)
        .when({ type: 'UpdateUser', caller: orgAdmin, userId: 'u-1', save })
        .thenRefused({ kind: 'unprocessable', text: USER_NOT_FOUND });
    }
  });

  it('lets a user edit themselves but not their role, and not others', () => {
    const self = given(users, [registered()]);
    expect(self.when({ type: 'UpdateUser', caller: plainUser, userId: 'u-1', save }).accepted()).toHaveLength(
      1,
    );
    self
      .when({ type: 'UpdateUser', caller: plainUser, userId: 'u-1', save: { ...save, role_id: 4 } })
      .thenRefused({ kind: 'unprocessable', text: OWN_ROLE_UNCHANGEABLE });
    given(users, [registered('u-2')])
      .when({ type: 'UpdateUser', caller: plainUser, userId: 'u-2', save })
      .thenRefused({ kind: 'forbidden' });
    given(users, [registered()])
      .when({ type: 'UpdateUser', caller: orgAdmin, userId: 'u-1', save: { ...save, id: 'u-2' } })
      .thenRefused({ kind: 'bad_request', problems: ['id: does not match the path'] });
  });

  it('removes a user, never the caller, and a removed user is not found', () => {
    given(users, [registered()])
      .when({ type: 'RemoveUser', caller: orgAdmin, userId: 'u-1' })
      .thenEvents([
        { event: { type: 'UserRemoved', data: { user_id: 'u-1' } }, streamId: 'u-1', organizationId: OWN },
      ]);
    given(users, [registered('u-admin')])
      .when({ type: 'RemoveUser', caller: orgAdmin, userId: 'u-admin' })
      .thenRefused({ kind: 'unprocessable', text: CANNOT_DELETE_SELF });
    given(users, [registered(), { type: 'UserRemoved', data: { user_id: 'u-1' } }])
      .when({ type: 'RemoveUser', caller: orgAdmin, userId: 'u-1' })
      .thenRefused({ kind: 'unprocessable', text: USER_NOT_FOUND });
  });
});
