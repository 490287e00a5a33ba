// Password recovery and token checks (access §7 "Authentication"): verify a token, forgot password, unlock
// account, reset password; the links of one's own e-mail change, confirm and undo (issue 34); and, for the simulator only, the outbox of "e-mails" (loopback callers only unless the
// developer opens it: auth/outboxAccess.ts) and demo accounts in any standing so every sign-in error of access §8
// can be reached. One function per route group: the token check, recovery, the e-mail links, the simulator's own.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { meetsPasswordRules } from '#domain/session/passwordRules';
import {
  CreatedAnswerSchema,
  DemoAccountSchema,
  EmailBodySchema,
  EmailLinkAnswerSchema,
  EmailLinkSchema,
  type EmailLinkBody,
  EmptyAnswerSchema,
  OutboxAnswerSchema,
  OutboxQuerySchema,
  ResetPasswordSchema,
  TokenTimesAnswerSchema,
  VerifyTokenSchema,
  type DemoAccount,
} from '#domain/session/accountContract';
import { contractRoute } from '../kernel/contract.ts';
import { callerOf } from '../http/caller.ts';
import { mayReadOutbox, type OutboxAccess } from './outboxAccess.ts';
import { hashPassword } from './passwords.ts';
import type { ThrottleSubject } from './throttlePlugin.ts';
import { accountKeyOf } from './throttleRules.ts';
import { errorSchema } from '../http/errorSchema.ts';

const RESET_ERRORS = {
  'unknown-token': {
    code: 404,
    body: { error: 'not_found', error_description: 'Reset token does not exist.' },
  },
  'expired-token': { code: 422, body: { error: 'invalid_token', error_description: 'Token has expired' } },
  suspended: { code: 401, body: { error: 'user_suspended' } },
  weak: { code: 422, body: { error: 'invalid_password', error_description: 'Password is too weak.' } },
  reused: {
    code: 422,
    body: { error: 'password_reused', error_description: 'Password was used previously.' },
  },
} as const;

/** A confirm or undo link that cannot be used: the reset link's texts, and a neutral one for a taken address. */
const EMAIL_LINK_ERRORS = {
  'unknown-token': {
    code: 404,
    body: { error: 'not_found', error_description: 'Link does not exist or was already used.' },
  },
  'expired-token': { code: 422, body: { error: 'invalid_token', error_description: 'Token has expired' } },
  'email-not-available': {
    code: 422,
    body: { error: 'email_not_available', error_description: 'Email cannot be used for this account.' },
  },
} as const;
const emailLinkResponses = {
  200: EmailLinkAnswerSchema,
  400: errorSchema,
  404: errorSchema,
  422: errorSchema,
} as const;

const STAFF_ONLY = ['haas:manage'];

/** A recovery request counts for the caller's address and for the e-mail it names, known or not. */
const recoverySubject = (request: FastifyRequest): ThrottleSubject => ({
  action: 'recovery',
  account: accountKeyOf((request.body as { email: string }).email),
});

export type AccountRoutesOptions = { outboxAccess?: OutboxAccess };

/** `POST /api/verify_token`: whether an access token still opens a session, and its times. */
function tokenCheckRoute(app: FastifyInstance): void {
  app.post<{ Body: { access_token: string } }>(
    '/api/verify_token',
    {
      ...contractRoute({
        body: VerifyTokenSchema,
        response: { 200: TokenTimesAnswerSchema, 401: errorSchema },
      }),
    },
    async (request, reply) => {
      const verified = app.tokens.verifyAccessToken(request.body.access_token);
      if (!verified) return reply.code(401).send({ error: 'unauthorized' });
      const createdAt = Math.floor(verified.createdAt / 1000);
      return {
        uuid: verified.userId,
        created_at: createdAt,
        expires_in: Math.floor(verified.expiresAt / 1000) - createdAt,
      };
    },
  );
}

/** Forgot password, unlock account and reset password. */
function recoveryRoutes(app: FastifyInstance): void {
  // Recovery answers the same for every address, known or not (issue 24): the product's success text already reads
  // "You'll receive an email if account was found" (access §2), and a 404 would tell anyone which e-mails have an
  // account. Both are throttled per address and per named e-mail (auth/throttleRules.ts).
  app.post<{ Body: { email: string } }>(
    '/api/forgot_password',
    {
      preHandler: app.throttle(recoverySubject, { countEvery: true }),
      ...contractRoute({
        body: EmailBodySchema,
        response: { 200: EmptyAnswerSchema, 429: errorSchema, 503: errorSchema },
      }),
    },
    async (request) => {
      await app.accountSecurity.sendResetMail(request.body.email, app.links.origin());
      return {};
    },
  );

  app.post<{ Body: { email: string } }>(
    '/api/unlock_account',
    {
      preHandler: app.throttle(recoverySubject, { countEvery: true }),
      ...contractRoute({
        body: EmailBodySchema,
        response: { 200: EmptyAnswerSchema, 429: errorSchema, 503: errorSchema },
      }),
    },
    async (request) => {
      await app.accountSecurity.sendUnlockMail(request.body.email, app.links.origin());
      return {};
    },
  );

  app.put<{ Body: { token: string; password: string } }>(
    '/api/reset_password',
    {
      ...contractRoute({
        body: ResetPasswordSchema,
        response: { 200: EmptyAnswerSchema, 401: errorSchema, 404: errorSchema, 422: errorSchema },
      }),
    },
    async (request, reply) => {
      const outcome = await app.accountSecurity.resetPassword(
        request.body.token,
        request.body.password,
        meetsPasswordRules,
      );
      if (outcome.ok) return {};
      const failure = RESET_ERRORS[outcome.reason];
      return reply.code(failure.code).send(failure.body);
    },
  );
}

/**
 * One's own e-mail change (issue 34; docs/accounts.md): the new address confirms it with the link mailed to it; the
 * old address cancels or undoes it with its own link, which also signs every session of the account out. A POST
 * from the welcome screen's button, never the GET of opening the link, so a mail scanner's visit uses nothing.
 */
function emailLinkRoutes(app: FastifyInstance): void {
  const uses = [
    ['/api/confirm_email', 'confirm'],
    ['/api/undo_email_change', 'undo'],
  ] as const;
  for (const [path, use] of uses) {
    app.post<{ Body: EmailLinkBody }>(
      path,
      contractRoute({ body: EmailLinkSchema, response: emailLinkResponses }),
      async (request, reply) => {
        const outcome = await app.accountSecurity.emailChanges[use](request.body.token);
        if (outcome.ok) return { email: outcome.email };
        const failure = EMAIL_LINK_ERRORS[outcome.reason];
        return reply.code(failure.code).send(failure.body);
      },
    );
  }
}

/** Simulator only: the outbox and demo accounts. */
function simulatorAccountRoutes(app: FastifyInstance, outboxAccess: OutboxAccess): void {
  // Simulator only: the e-mails the simulator would have sent, newest last. It holds reset links, so it exists only in
  // the simulator, and a caller beyond loopback gets the unknown-path answer unless the developer opened it.
  app.get<{ Querystring: { email?: string } }>(
    '/api/sim/outbox',
    {
      ...contractRoute({
        querystring: OutboxQuerySchema,
        response: { 200: OutboxAnswerSchema, 404: errorSchema },
      }),
    },
    async (request, reply) => {
      if (!mayReadOutbox(outboxAccess, request.ip)) return reply.code(404).send({ error: 'not_found' });
      return { mails: app.accountSecurity.outbox(request.query.email ?? null) };
    },
  );

  // Simulator only (provider staff): a demo account in a given standing, in the caller's organization.
  app.post<{ Body: DemoAccount }>(
    '/api/sim/accounts',
    {
      onRequest: [app.authenticate, app.requirePermission(STAFF_ONLY)],
      ...contractRoute({
        body: DemoAccountSchema,
        response: { 201: CreatedAnswerSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema },
      }),
    },
    async (request, reply) => {
      const body = request.body;
      if (app.accountSecurity.findUser(body.email)) return reply.code(409).send({ error: 'email_taken' });
      const passwordHash = await hashPassword(body.password);
      const organizationId = callerOf(request).organizationId;
      const id = randomUUID();
      const registered = await app.eventLog.write(() => {
        // Checked again inside the write: another node may have registered the address since the check above.
        if (app.accountSecurity.findUser(body.email)) return false;
        app.eventLog.record(
          {
            type: 'UserRegistered',
            data: {
              id,
              email: body.email,
              password_hash: passwordHash,
              firstname: body.firstname,
              lastname: body.lastname,
              role_id: body.role_id,
              organization_id: organizationId,
              extra_permissions: [],
              has_api_keys: false,
              is_ha_direct_enabled: false,
            },
          },
          { streamId: id, organizationId, recordedAt: app.clock.now() },
        );
        // In the same write: the user never exists without it.
        if (body.standing) app.accountSecurity.setStanding(body.email, body.standing);
        return true;
      });
      return registered ? reply.code(201).send({ id }) : reply.code(409).send({ error: 'email_taken' });
    },
  );
}

export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (app, options) => {
  tokenCheckRoute(app);
  recoveryRoutes(app);
  emailLinkRoutes(app);
  simulatorAccountRoutes(app, options.outboxAccess ?? 'loopback');
};
