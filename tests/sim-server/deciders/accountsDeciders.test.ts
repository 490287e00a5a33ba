// Every decision of the Accounts writes (issue 14: users, the organization profile, API tokens, config files; access
// §5, §6, §8), without Fastify: given the stream's events and the facts read beside it, when a command, then the
// events or the refusal.
import { describe, expect, it } from 'vitest';
import {
  API_KEY_LIMIT,
  API_KEY_LIMIT_REACHED,
  API_KEY_PERMISSION_MISSING,
} from '#domain/integrations/apiToken';
import {
  CONFIG_FILE_NOT_FOUND,
  SAME_AS_WARNING_LIGHT_PIN,
  type ConfigFileSave,
} from '#domain/integrations/configFile';
import type { OrganizationSave } from '#domain/organizations/organizationAddress';
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
  decideApiToken,
  evolveApiTokens,
  NO_API_TOKENS,
  type ApiTokenCaller,
  type ApiTokenCommand,
  type ApiTokenEvent,
  type ApiTokenState,
} from '#sim/integrations/apiTokenDecider';
import {
  decideConfigFile,
  evolveConfigFile,
  NO_CONFIG_FILE_STATE,
  type ConfigFileCaller,
  type ConfigFileCommand,
  type ConfigFileEvent,
  type ConfigFileState,
} from '#sim/integrations/configFileDecider';
import {
  decideOrganization,
  evolveOrganization,
  NO_ORGANIZATION_STATE,
  type OrganizationCommand,
  type OrganizationEvent,
  type OrganizationState,
} from '#sim/organizations/organizationDecider';
import type { OrganizationRecord } from '#sim/store/events';
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

const OWN = 'org-own';
const MANAGED = 'org-managed';
const ACCESSED = 'org-accessed';

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

describe('organization profile saves', () => {
  const organizations: Decider<OrganizationCommand, OrganizationState, OrganizationEvent> = {
    initial: NO_ORGANIZATION_STATE,
    evolve: evolveOrganization,
    decide: decideOrganization,
  };
  const caller = { reachable: new Set([OWN, MANAGED, ACCESSED]), writable: new Set([OWN, MANAGED]) };
  const registered = (id: string): OrganizationEvent => ({
    type: 'OrganizationRegistered',
    data: {
      id,
      name: 'Old name',
      address1: '',
      address2: '',
      city: '',
      state: '',
      postal_code: '',
      country_code: 'US',
    } as OrganizationRecord,
  });
  const save: OrganizationSave = {
    name: 'Lakeside',
    address1: '1 Main St',
    address2: null,
    city: 'Toronto',
    state: 'ON',
    postal_code: 'm5v 2t6',
    country_code: 'ca',
  };
  const update = (organizationId: string, body = save): OrganizationCommand => ({
    type: 'UpdateOrganization',
    caller,
    organizationId,
    save: body,
  });

  it('saves its own or a managed organization with the country upper-cased', () => {
    for (const id of [OWN, MANAGED]) {
      given(organizations, [registered(id)])
        .when(update(id))
        .thenEvents([
          {
            event: {
              type: 'OrganizationProfileUpdated',
              data: {
                id,
                name: 'Lakeside',
                address1: '1 Main St',
                address2: '',
                city: 'Toronto',
                state: 'ON',
                postal_code: 'm5v 2t6',
                country_code: 'CA',
              },
            },
            streamId: id,
            organizationId: id,
          },
        ]);
    }
  });

  it('forbids an accessed one and does not know one out of reach', () => {
    given(organizations, [registered(ACCESSED)])
      .when(update(ACCESSED))
      .thenRefused({ kind: 'forbidden' });
    given(organizations, [registered('org-far')])
      .when(update('org-far'))
      .thenRefused({ kind: 'unprocessable', text: 'Organization not found' });
    given(organizations)
      .when(update(OWN))
      .thenRefused({ kind: 'unprocessable', text: 'Organization not found' });
  });

  it('names every address problem', () => {
    given(organizations, [registered(OWN)])
      .when(update(OWN, { ...save, address1: '', state: '', country_code: 'US', postal_code: '' }))
      .thenRefused({
        kind: 'bad_request',
        problems: ['address1: Required', 'state: Required', 'postal_code: Invalid zip code'],
      });
  });
});

describe('API tokens', () => {
  const tokens: Decider<ApiTokenCommand, ApiTokenState, ApiTokenEvent> = {
    initial: NO_API_TOKENS,
    evolve: evolveApiTokens,
    decide: decideApiToken,
  };
  const caller: ApiTokenCaller = { userId: 'u-1', organizationId: OWN, hasApiKeys: true };
  const create = (who = caller): ApiTokenCommand => ({
    type: 'CreateApiToken',
    caller: who,
    description: 'CAD',
    secret: { hash: 'hash', tail: 'wxyz' },
  });
  const created = (id: string, userId = 'u-1'): ApiTokenEvent => ({
    type: 'ApiTokenCreated',
    data: {
      id,
      user_id: userId,
      description: 'x',
      token_hash: `h-${id}`,
      token_tail: 'abcd',
      created_date: '2026-03-01T00:00:00.000Z',
    },
  });

  it('creates a token holding only the hash and tail, on the user’s stream', () => {
    given(tokens)
      .when(create(), { newId: () => 't-1' })
      .thenEvents([
        {
          event: {
            type: 'ApiTokenCreated',
            data: {
              id: 't-1',
              user_id: 'u-1',
              description: 'CAD',
              token_hash: 'hash',
              token_tail: 'wxyz',
              created_date: '2026-03-02T15:00:00.000Z',
            },
          },
          streamId: 'u-1',
          organizationId: OWN,
        },
      ]);
  });

  it('refuses without API keys and at the limit; a revoked token frees a place', () => {
    given(tokens)
      .when(create({ ...caller, hasApiKeys: false }))
      .thenRefused({ kind: 'forbidden', message: API_KEY_PERMISSION_MISSING });
    const full = Array.from({ length: API_KEY_LIMIT }, (_, index) => created(`t-${index}`));
    given(tokens, full).when(create()).thenRefused({ kind: 'unprocessable', text: API_KEY_LIMIT_REACHED });
    const freed = [
      ...full,
      { type: 'ApiTokenRevoked', data: { id: 't-0', user_id: 'u-1' } } as ApiTokenEvent,
    ];
    expect(given(tokens, freed).when(create()).accepted()).toHaveLength(1);
  });

  it('revokes only the caller’s own token', () => {
    given(tokens, [created('t-1')])
      .when({ type: 'RevokeApiToken', caller, tokenId: 't-1' })
      .thenEvents([
        {
          event: { type: 'ApiTokenRevoked', data: { id: 't-1', user_id: 'u-1' } },
          streamId: 'u-1',
          organizationId: OWN,
        },
      ]);
    given(tokens, [created('t-2', 'u-2')])
      .when({ type: 'RevokeApiToken', caller, tokenId: 't-2' })
      .thenRefused({ kind: 'not_found', text: 'API Token not found' });
  });
});

describe('config files', () => {
  const files: Decider<ConfigFileCommand, ConfigFileState, ConfigFileEvent> = {
    initial: NO_CONFIG_FILE_STATE,
    evolve: evolveConfigFile,
    decide: decideConfigFile,
  };
  const caller: ConfigFileCaller = {
    reachable: new Set([OWN, ACCESSED]),
    writable: new Set([OWN]),
    email: 'orgadmin@demo.test',
  };
  const save: ConfigFileSave = {
    file_name: 'a.cfg',
    platform: 'linux',
    thing_type: 'Police',
    model: 'HA5',
    password: '',
    heartbeat_interval: 2,
    warning_light_pin: 4,
    indicator_pin: 5,
    location_type: 'mobile',
  };
  const facts: ConfigFileState = { ...NO_CONFIG_FILE_STATE, organizationName: 'Own' };
  const create = (organizationId = OWN, body = save): ConfigFileCommand => ({
    type: 'CreateConfigFile',
    caller,
    organizationId,
    save: body,
  });

  it('saves a file stamped with the organization, the caller’s e-mail and the time', () => {
    const [decided] = given(files, [], facts)
      .when(create(), { newId: () => 'f-1' })
      .accepted();
    expect(decided).toMatchObject({
      streamId: 'f-1',
      event: {
        type: 'ConfigFileSaved',
        data: {
          id: 'f-1',
          organization: { id: OWN, name: 'Own' },
          user_email: 'orgadmin@demo.test',
          created_at: '2026-03-02T15:00:00.000Z',
        },
      },
    });
  });

  it('refuses the indicator pin on the warning light pin, a read-only or unknown organization', () => {
    given(files, [], facts)
      .when(create(OWN, { ...save, indicator_pin: 4 }))
      .thenRefused({ kind: 'bad_request', problems: [`indicator_pin: ${SAME_AS_WARNING_LIGHT_PIN}`] });
    given(files, [], facts).when(create(ACCESSED)).thenRefused({ kind: 'forbidden' });
    given(files, [], facts).when(create('org-far')).thenRefused({ kind: 'organization_not_found' });
  });

  it('deletes a file once; then it is not found', () => {
    const saved = given(files, [], facts)
      .when(create(), { newId: () => 'f-1' })
      .accepted()[0]?.event as ConfigFileEvent;
    const remove: ConfigFileCommand = { type: 'DeleteConfigFile', caller, configFileId: 'f-1' };
    expect(given(files, [saved]).when(remove).accepted()).toHaveLength(1);
    given(files, [saved, { type: 'ConfigFileDeleted', data: { id: 'f-1' } }])
      .when(remove)
      .thenRefused({ kind: 'not_found', text: CONFIG_FILE_NOT_FOUND });
  });
});
