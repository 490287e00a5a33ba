// Deciding the Users screens' writes (access §7 `POST /users`, `PUT /users/{id}`, `DELETE /users/{id}`) and folding a
// user's events, without IO. An organization administrator adds, edits and removes the users of their own
// organization; anyone with user update or manage edits their own name and e-mail but not their own role. Nobody
// creates, edits or removes a user whose permissions would exceed their own (issue 24), and an e-mail held outside
// the caller's organization is refused without saying so. One's own new e-mail is not recorded here: it waits for the
// new address to confirm it (issue 34; auth/emailChange.ts), so the update keeps the current one. A new user has no
// password yet: the route mails them a set-password link, and the password rules apply when they choose one.
import { exceedsPermissions, permissionsForUser } from '#domain/session/rolePermissions';
import {
  CANNOT_DELETE_SELF,
  EMAIL_NOT_AVAILABLE,
  EMAIL_TAKEN,
  OWN_ROLE_UNCHANGEABLE,
  USER_NOT_FOUND,
  isEmailChange,
  type OrganizationUserRecord,
  type UserSave,
} from '#domain/users/user';
import {
  accept,
  badRequest,
  FORBIDDEN,
  unprocessable,
  type Decision,
  type DecisionContext,
} from '../kernel/decision.ts';
import type { SimEvent } from '../store/events.ts';

/** Who asks: their own user, organization and permissions, and whether they administer the organization's users. */
export type UserCaller = {
  userId: string;
  organizationId: string;
  administersUsers: boolean;
  permissions: ReadonlySet<string>;
};

export type UserCommand =
  | { type: 'CreateUser'; caller: UserCaller; save: UserSave }
  | { type: 'UpdateUser'; caller: UserCaller; userId: string; save: UserSave }
  | { type: 'RemoveUser'; caller: UserCaller; userId: string };

export type UserState = {
  /** The user the command names, as its events left it. */
  user: OrganizationUserRecord | null;
  /** The permissions the named user holds beyond their role's. */
  userExtraPermissions: readonly string[];
  /** Who holds the e-mail the body gives, if anyone, and their organization (read beside the stream). */
  emailHolderId: string | null;
  emailHolderOrganizationId: string | null;
};

export const NO_USER_STATE: UserState = {
  user: null,
  userExtraPermissions: [],
  emailHolderId: null,
  emailHolderOrganizationId: null,
};

export type UserEvent = Extract<SimEvent, { type: 'UserRegistered' | 'UserProfileUpdated' | 'UserRemoved' }>;

/** A password hash no password matches (auth/passwords.ts reads only `scrypt$…`): the user sets one from the mail. */
export const NO_PASSWORD_YET = '';

/** The user a write names, when the caller's organization holds it; else "User not found" (access §8). */
function target(caller: UserCaller, user: OrganizationUserRecord | null): OrganizationUserRecord | Decision {
  if (!user || user.organization_id !== caller.organizationId) return unprocessable(USER_NOT_FOUND);
  return user;
}

const isDecision = (value: object): value is Decision => 'accepted' in value || 'refused' in value;

/** The refusal for an e-mail someone else holds: plain within the organization, neutral beyond it (issue 24). */
function emailRefusal(state: UserState, caller: UserCaller, userId: string | null): Decision | null {
  if (state.emailHolderId === null || state.emailHolderId === userId) return null;
  const elsewhere =
    state.emailHolderOrganizationId !== null && state.emailHolderOrganizationId !== caller.organizationId;
  return unprocessable(elsewhere ? EMAIL_NOT_AVAILABLE : EMAIL_TAKEN);
}

/** A role (with extras) the caller may not hand out or edit: it holds a permission the caller lacks. */
const beyondCaller = (caller: UserCaller, roleId: number, extras: readonly string[] = []) =>
  exceedsPermissions(permissionsForUser(roleId, extras), caller.permissions);

export function decideUser(command: UserCommand, state: UserState, context: DecisionContext): Decision {
  switch (command.type) {
    case 'CreateUser': {
      const { caller, save } = command;
      if (!caller.administersUsers || beyondCaller(caller, save.role_id)) return FORBIDDEN;
      const taken = emailRefusal(state, caller, null);
      if (taken) return taken;
      const id = context.newId();
      return accept({
        event: {
          type: 'UserRegistered',
          data: {
            id,
            email: save.email,
            password_hash: NO_PASSWORD_YET,
            firstname: save.firstname,
            lastname: save.lastname,
            role_id: save.role_id,
            organization_id: caller.organizationId,
            extra_permissions: [],
            has_api_keys: false,
            is_ha_direct_enabled: false,
          },
        },
        streamId: id,
        organizationId: caller.organizationId,
      });
    }
    case 'UpdateUser': {
      const { caller, save } = command;
      if (save.id != null && save.id !== command.userId) return badRequest('id: does not match the path');
      const self = command.userId === caller.userId;
      if (!self && !caller.administersUsers) return FORBIDDEN;
      const user = target(caller, state.user);
      if (isDecision(user)) return user;
      if (self && save.role_id !== user.role_id) return unprocessable(OWN_ROLE_UNCHANGEABLE);
      // Neither the user as they are nor the role they would get may hold more than the caller does.
      if (
        !self &&
        (beyondCaller(caller, user.role_id, state.userExtraPermissions) || beyondCaller(caller, save.role_id))
      )
        return FORBIDDEN;
      const taken = emailRefusal(state, caller, user.id);
      if (taken) return taken;
      const waitsForConfirmation = self && isEmailChange(user.email, save.email);
      return accept({
        event: {
          type: 'UserProfileUpdated',
          data: {
            user_id: user.id,
            firstname: save.firstname,
            lastname: save.lastname,
            email: waitsForConfirmation ? user.email : save.email,
            role_id: save.role_id,
          },
        },
        streamId: user.id,
        organizationId: user.organization_id,
      });
    }
    case 'RemoveUser': {
      const { caller } = command;
      if (!caller.administersUsers) return FORBIDDEN;
      const user = target(caller, state.user);
      if (isDecision(user)) return user;
      if (user.id === caller.userId) return unprocessable(CANNOT_DELETE_SELF);
      if (beyondCaller(caller, user.role_id, state.userExtraPermissions)) return FORBIDDEN;
      return accept({
        event: { type: 'UserRemoved', data: { user_id: user.id } },
        streamId: user.id,
        organizationId: user.organization_id,
      });
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown user command ${JSON.stringify(unexpected)}`);
    }
  }
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { data } = event;
      return {
        ...state,
        userExtraPermissions: data.extra_permissions,
        user: {
          id: data.id,
          email: data.email,
          firstname: data.firstname,
          lastname: data.lastname,
          role_id: data.role_id,
          organization_id: data.organization_id,
          sign_in_count: 0,
          last_sign_in_at: null,
        },
      };
    }
    case 'UserProfileUpdated': {
      if (!state.user) return state;
      const { firstname, lastname, email, role_id } = event.data;
      return { ...state, user: { ...state.user, firstname, lastname, email, role_id } };
    }
    case 'UserRemoved':
      return { ...state, user: null, userExtraPermissions: [] };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown user event ${JSON.stringify(unexpected)}`);
    }
  }
}
