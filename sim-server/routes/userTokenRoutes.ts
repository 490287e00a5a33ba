// Sign-in, refresh and sign-out (access §7 "Authentication"). The body may be JSON or a form; its shape and the
// answer are defined in domain/session/accountContract.ts.
import type { FastifyPluginAsync } from 'fastify';
import {
  EmptyAnswerSchema,
  RevokeTokenSchema,
  TokenGrantSchema,
  TokenResultSchema,
  type TokenGrant,
} from '#domain/session/accountContract';
import { contractRoute } from '../shared/contract.ts';
import { errorSchema } from './errorSchema.ts';

const INVALID_CREDENTIALS = {
  error: 'invalid_grant',
  error_description: 'Invalid email or password.',
} as const;
const INVALID_REFRESH = {
  error: 'invalid_grant',
  error_description: 'Access token is expired or does not exist.',
} as const;

export const userTokenRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: TokenGrant }>(
    '/api/user_token',
    contractRoute({
      body: TokenGrantSchema,
      response: { 200: TokenResultSchema, 400: errorSchema, 422: errorSchema },
    }),
    async (request, reply) => {
      const body = request.body;
      if (body.grant_type === 'refresh_token') {
        const refreshToken = body.refresh_token ?? body.refreshToken;
        const result = refreshToken ? app.tokens.refresh(refreshToken) : null;
        return result ?? reply.code(422).send(INVALID_REFRESH);
      }
      if (!body.username || !body.password) {
        return reply
          .code(400)
          .send({ error: 'invalid_request', error_description: 'username and password are required.' });
      }
      const result = await app.tokens.signInWithPassword(
        body.username,
        body.password,
        body.application ?? 'dashboard',
      );
      return result ?? reply.code(400).send(INVALID_CREDENTIALS);
    },
  );

  // Sign-out. Like OAuth revocation, it answers 200 whether or not the token was live, so it reveals nothing.
  app.post<{ Body: { token: string } }>(
    '/api/revoke_token',
    contractRoute({ body: RevokeTokenSchema, response: { 200: EmptyAnswerSchema, 400: errorSchema } }),
    async (request) => {
      app.tokens.revoke(request.body.token);
      return {};
    },
  );
};
