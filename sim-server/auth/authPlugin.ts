// `app.tokens`, `app.users` and the guards every protected route runs first, on request, before any body is
// read: `app.authenticate` (a valid bearer token, else 401) and `app.requirePermission(anyOf)` (else 403); the
// guards and the request's caller are declared in `http/caller.ts`, below the resources that use them. A bearer
// token becomes a session in one place, `sessionOfToken`, for REST and the cable alike; it asks
// `tokens.verifyAccessToken`, which refuses expired and revoked tokens and those opened before a password change.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isApiToken } from '#domain/integrations/apiToken';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import type { CableSession } from '../cable/broadcaster.ts';
import {
  createOrganizationReadModel,
  type OrganizationReadModel,
} from '../organizations/organizationReadModel.ts';
import { sharedPlugin } from '../plugins/sharedPlugin.ts';
import {
  callerOf,
  FORBIDDEN,
  SIGNED_IN_SESSION_REQUIRED,
  UNAUTHORIZED,
  type Session,
} from '../http/caller.ts';
import { createUserReadModel, type UserReadModel } from '../users/userReadModel.ts';
import { createApiTokenRepository } from '../integrations/apiTokenRepository.ts';
import { hashToken } from '../kernel/tokenHash.ts';
import { createTokenService, type TokenService } from './tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    users: UserReadModel;
    organizations: OrganizationReadModel;
    /** The cable's view of a token: the user and the organizations they may subscribe to. */
    resolveCableSession(token: string): CableSession | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export const authPlugin = sharedPlugin('auth', async (app) => {
  const tokens = createTokenService(app.eventLog, app.clock);
  const organizations = createOrganizationReadModel(app.eventLog.db);
  const users = createUserReadModel(app.eventLog.db, organizations);
  app.decorate('tokens', tokens);
  app.decorate('users', users);
  app.decorate('organizations', organizations);
  app.decorateRequest('caller', null);
  app.decorateRequest('credential', null);

  const apiTokens = createApiTokenRepository(app.eventLog.db);
  const sessionOfToken = (token: string): Session | null => {
    // A user's API token (issue 14, accounts/integrations) opens the same session as their sign-in, until revoked;
    // any other token is a session token, checked against its expiry and the password it was opened with.
    if (isApiToken(token)) {
      const userId = apiTokens.userOfTokenHash(hashToken(token));
      return userId === null ? null : users.session(userId);
    }
    const verified = tokens.verifyAccessToken(token);
    return verified === null ? null : users.session(verified.userId);
  };

  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    const session = token === null ? null : sessionOfToken(token);
    if (!session || token === null) return reply.code(401).send(UNAUTHORIZED);
    request.caller = session;
    request.credential = isApiToken(token) ? 'api-token' : 'session';
  });

  app.decorate('requireSignedInSession', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.credential !== 'session') return reply.code(403).send(SIGNED_IN_SESSION_REQUIRED);
  });

  app.decorate('requirePermission', (anyOf: readonly string[]) => {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      if (!hasAnyPermission(callerOf(request).permissions, anyOf)) return reply.code(403).send(FORBIDDEN);
    };
  });

  app.decorate('resolveCableSession', (token: string): CableSession | null => {
    const session = sessionOfToken(token);
    return session ? { userId: session.userId, organizationIds: session.reachableOrganizationIds } : null;
  });
});
