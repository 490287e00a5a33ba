// The organization's users and the roles (access §7 "Profile and administration"): list, add (the new user gets a
// set-password link in the outbox), edit, remove, and the role catalogue. Each write is parse (domain/users/user.ts)
// → load (userRepository) → decide (userDecider) → append. Changing one's own e-mail (issue 34) needs a signed-in
// session and the current password, and only mails a confirm link to the new address and an undo link to the old
// (auth/emailChange.ts; who may ask: ownEmailChange.ts); an administrator's change of another user's e-mail applies
// at once and tells the old one. One function per route group: the reads, then each write.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { EDIT_PROFILE, MANAGE_USERS } from '#domain/session/routeGates';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import {
  isEmailChange,
  OrganizationUserRecordSchema,
  OrganizationUsersAnswerSchema,
  ROLE_RECORDS,
  RolesAnswerSchema,
  USER_NOT_FOUND,
  UserRemovedAnswerSchema,
  UserSaveSchema,
  type OrganizationUsersAnswer,
  type UserSave,
} from '#domain/users/user';
import { IdParamsSchema, type IdParams } from '#domain/wire/requestParts';
import { callerOf } from '../http/caller.ts';
import { contractRoute } from '../kernel/contract.ts';
import { emailChangeRefusalAnswer, refuseEmailChangeRequest } from './ownEmailChange.ts';
import { decideUser, type UserCaller, type UserCommand } from './userDecider.ts';
import { createUserRepository, type UserRepository } from './userRepository.ts';
import { errorSchema } from '../http/errorSchema.ts';
import {
  appendDecision,
  appendDecisionAnd,
  readErrorResponses,
  sendUnprocessable,
  writeErrorResponses,
} from '../http/routeSupport.ts';

/** What each route of the plugin reads and decides with. */
type UserRouteParts = {
  users: UserRepository;
  decide(command: UserCommand, userId: string | null, save: UserSave | null): ReturnType<typeof decideUser>;
};

function userCaller(request: FastifyRequest): UserCaller {
  const caller = callerOf(request);
  return {
    userId: caller.userId,
    organizationId: caller.organizationId,
    administersUsers: hasAnyPermission(caller.permissions, MANAGE_USERS),
    permissions: caller.permissions,
  };
}

function userRouteParts(app: FastifyInstance): UserRouteParts {
  const users = createUserRepository(app.eventLog.db);
  const decide = (command: UserCommand, userId: string | null, save: UserSave | null) => {
    const holder = save === null ? null : users.holderOfEmail(save.email);
    return decideUser(
      command,
      {
        user: userId === null ? null : users.byId(userId),
        userExtraPermissions: userId === null ? [] : users.extraPermissionsOf(userId),
        emailHolderId: holder?.id ?? null,
        emailHolderOrganizationId: holder?.organizationId ?? null,
      },
      { now: app.clock.now(), newId: randomUUID },
    );
  };
  return { users, decide };
}

/** `GET /api/roles`, `GET /api/organization/users` and `GET /api/users/:id`. */
function userReadRoutes(app: FastifyInstance, { users }: UserRouteParts): void {
  app.get(
    '/api/roles',
    {
      onRequest: app.authenticate,
      ...contractRoute({ response: { 200: RolesAnswerSchema, 401: errorSchema } }),
    },
    async () => ROLE_RECORDS,
  );

  app.get(
    '/api/organization/users',
    {
      onRequest: [app.authenticate, app.requirePermission(MANAGE_USERS)],
      ...contractRoute({ response: { 200: OrganizationUsersAnswerSchema, ...readErrorResponses } }),
    },
    async (request): Promise<OrganizationUsersAnswer> => {
      const organizationId = callerOf(request).organizationId;
      const organization = app.organizations.byId(organizationId);
      return {
        organization_users: users.ofOrganization(organizationId),
        organization_managers: organization?.organization_managers ?? [],
        organization_accessors: organization?.organization_accessors ?? [],
      };
    },
  );

  app.get<{ Params: IdParams }>(
    '/api/users/:id',
    {
      onRequest: [app.authenticate, app.requirePermission([...MANAGE_USERS, ...EDIT_PROFILE])],
      ...contractRoute({
        params: IdParamsSchema,
        response: { 200: OrganizationUserRecordSchema, ...readErrorResponses, 422: errorSchema },
      }),
    },
    async (request, reply) => {
      const caller = userCaller(request);
      const user = users.byId(request.params.id);
      const visible =
        user !== null &&
        user.organization_id === caller.organizationId &&
        (caller.administersUsers || user.id === caller.userId);
      return visible ? user : sendUnprocessable(reply, USER_NOT_FOUND);
    },
  );
}

/** `POST /api/users`: the user and their set-password mail, in one write. */
function createUserRoute(app: FastifyInstance, { users, decide }: UserRouteParts): void {
  app.post<{ Body: UserSave }>(
    '/api/users',
    {
      onRequest: [app.authenticate, app.requirePermission(MANAGE_USERS)],
      ...contractRoute({
        body: UserSaveSchema,
        response: { 201: OrganizationUserRecordSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      // The user and their set-password mail are one write: nobody is created without a way in.
      const created = await appendDecisionAnd(
        app,
        reply,
        () =>
          decide({ type: 'CreateUser', caller: userCaller(request), save: request.body }, null, request.body),
        (accepted) => {
          const userId = accepted[0]?.streamId;
          if (!userId) return null;
          app.accountSecurity.sendSetPasswordMail(request.body.email, app.links.origin());
          return users.byId(userId);
        },
      );
      return created ? reply.code(201).send(created) : reply;
    },
  );
}

/** `PUT /api/users/:id`: an edit; one's own new e-mail waits for its confirm link. */
function updateUserRoute(app: FastifyInstance, { users, decide }: UserRouteParts): void {
  app.put<{ Params: IdParams; Body: UserSave }>(
    '/api/users/:id',
    {
      onRequest: [app.authenticate, app.requirePermission([...MANAGE_USERS, ...EDIT_PROFILE])],
      ...contractRoute({
        params: IdParamsSchema,
        body: UserSaveSchema,
        response: { 200: OrganizationUserRecordSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const before = users.byId(id);
      const save = request.body;
      const ownEmailChange =
        before !== null && id === callerOf(request).userId && isEmailChange(before.email, save.email);
      if (ownEmailChange) {
        const password = save.current_password ?? '';
        const matches =
          request.credential === 'session' &&
          password !== '' &&
          (await app.accountSecurity.emailChanges.checkCurrentPassword(id, password, app.links.origin()));
        const refused = refuseEmailChangeRequest(request.credential, matches);
        if (refused !== null) {
          const answer = emailChangeRefusalAnswer(refused, password !== '');
          return reply.code(answer.status).send(answer.body);
        }
      }
      // The change and its mails are one write. An administrator's change is told to the old address, where
      // an attacker cannot read it (issue 24); one's own waits for the new address and can be undone from the old.
      // The decider and the mails go by the user as the write finds it; `before` only chose the checks above.
      let current = before;
      const updated = await appendDecisionAnd(
        app,
        reply,
        () => {
          current = users.byId(id);
          return decide({ type: 'UpdateUser', caller: userCaller(request), userId: id, save }, id, save);
        },
        () => {
          if (ownEmailChange) app.accountSecurity.emailChanges.request(id, save.email, app.links.origin());
          else if (current && isEmailChange(current.email, save.email))
            app.accountSecurity.sendEmailChangedMail(current.email, save.email);
          return true;
        },
      );
      if (!updated) return reply;
      const user = users.byId(id);
      return user && ownEmailChange ? { ...user, pending_email: save.email } : user;
    },
  );
}

/** `DELETE /api/users/:id`. */
function removeUserRoute(app: FastifyInstance, { decide }: UserRouteParts): void {
  app.delete<{ Params: IdParams }>(
    '/api/users/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(MANAGE_USERS)],
      ...contractRoute({
        params: IdParamsSchema,
        response: { 200: UserRemovedAnswerSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const removed = await appendDecision(app, reply, () =>
        decide({ type: 'RemoveUser', caller: userCaller(request), userId: id }, id, null),
      );
      return removed ? { uuid: id } : reply;
    },
  );
}

export const userRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const parts = userRouteParts(app);
  userReadRoutes(app, parts);
  createUserRoute(app, parts);
  updateUserRoute(app, parts);
  removeUserRoute(app, parts);
};
