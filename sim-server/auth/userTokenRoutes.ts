// Sign-in, refresh and sign-out (access §7 "Authentication"). The body may be JSON or a form; its shape and the
// answer are defined in domain/session/accountContract.ts. The password grant is decided by
// `app.accountSecurity.signInWithPassword` (standing, lockout, unlock link, password). Every answer of the token call
// is sent with `Cache-Control: no-store`, so no cache or proxy keeps a token (RFC 6749 §5.1).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  EmptyAnswerSchema,
  RevokeTokenSchema,
  TokenGrantSchema,
  TokenResultSchema,
  type TokenGrant,
} from '#domain/session/accountContract';
import { LOCKED_OUT_DESCRIPTION } from './accountSecurity.ts';
import type { PasswordSignIn } from './passwordGrant.ts';
import type { ThrottleSubject } from './throttlePlugin.ts';
import { accountKeyOf } from './throttleRules.ts';
import { contractRoute } from '../kernel/contract.ts';
import { errorSchema } from '../http/errorSchema.ts';

const INVALID_CREDENTIALS = {
  error: 'invalid_grant',
  error_description: 'Invalid email or password.',
} as const;
const INVALID_REFRESH = {
  error: 'invalid_grant',
  error_description: 'Access token is expired or does not exist.',
} as const;

/** The answer to each refused password grant (access §8 "Sign-in by status"). */
const REFUSED_SIGN_IN: Record<
  Extract<PasswordSignIn, { refused: unknown }>['refused'],
  {
    code: 400 | 401;
    body: { error: string; error_description: string };
  }
> = {
  invalid_credentials: { code: 400, body: INVALID_CREDENTIALS },
  locked_out: { code: 401, body: { error: 'locked_out', error_description: LOCKED_OUT_DESCRIPTION } },
  suspended: { code: 401, body: { error: 'user_suspended', error_description: 'User is suspended.' } },
  expired: { code: 401, body: { error: 'expired', error_description: 'Account expired due to inactivity.' } },
  not_authorized_method: {
    code: 401,
    body: { error: 'not_authorized_method', error_description: 'Access is managed by SSO.' },
  },
  not_safetycloud_enabled: {
    code: 401,
    body: { error: 'not_safetycloud_enabled', error_description: 'Not enabled.' },
  },
};

/** What a token call attempts, for the throttle: a refresh (by address), or a password grant naming an account. */
function grantSubject(request: FastifyRequest): ThrottleSubject | null {
  const body = request.body as TokenGrant;
  if (body.grant_type === 'refresh_token') return { action: 'refresh', account: null };
  return body.username ? { action: 'sign-in', account: accountKeyOf(body.username) } : null;
}

export const userTokenRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: TokenGrant }>(
    '/api/user_token',
    {
      // onRequest, so refusals of the body's shape carry it too.
      onRequest: async (_request, reply) => {
        void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      },
      // After parsing: only a well-formed grant is throttled or counted, as only it counts towards the lockout.
      preHandler: app.throttle(grantSubject),
      ...contractRoute({
        body: TokenGrantSchema,
        response: {
          200: TokenResultSchema,
          400: errorSchema,
          401: errorSchema,
          422: errorSchema,
          429: errorSchema,
          503: errorSchema,
        },
      }),
    },
    async (request, reply) => {
      const body = request.body;
      if (body.grant_type === 'refresh_token') {
        const refreshToken = body.refresh_token ?? body.refreshToken;
        const result = refreshToken ? await app.tokens.refresh(refreshToken) : null;
        await app.throttles.count(
          request,
          { action: 'refresh', account: null },
          result ? 'succeeded' : 'failed',
        );
        return result ?? reply.code(422).send(INVALID_REFRESH);
      }
      if (!body.username || !body.password) {
        return reply
          .code(400)
          .send({ error: 'invalid_request', error_description: 'username and password are required.' });
      }
      const outcome = await app.accountSecurity.signInWithPassword(
        {
          username: body.username,
          password: body.password,
          unlockToken: body.unlock_token ?? null,
          application: body.application ?? 'dashboard',
        },
        app.links.origin(),
      );
      const subject = { action: 'sign-in', account: accountKeyOf(body.username) } as const;
      await app.throttles.count(request, subject, 'signedIn' in outcome ? 'succeeded' : 'failed');
      if ('signedIn' in outcome) return outcome.signedIn;
      const refusal = REFUSED_SIGN_IN[outcome.refused];
      return reply.code(refusal.code).send(refusal.body);
    },
  );

  // Sign-out. Like OAuth revocation, it answers 200 whether or not the token was live, so it reveals nothing.
  app.post<{ Body: { token: string } }>(
    '/api/revoke_token',
    contractRoute({ body: RevokeTokenSchema, response: { 200: EmptyAnswerSchema, 400: errorSchema } }),
    async (request) => {
      await app.tokens.revoke(request.body.token);
      return {};
    },
  );
};
