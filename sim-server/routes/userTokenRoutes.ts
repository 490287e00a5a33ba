// Sign-in, refresh and sign-out (access §7 "Authentication"). The body may be JSON or a form.
import type { FastifyPluginAsync } from 'fastify';
import { errorSchema } from './errorSchema.ts';

type TokenBody = {
  grant_type: 'password' | 'refresh_token';
  application?: string;
  username?: string;
  password?: string;
  unlock_token?: string;
  refresh_token?: string;
  refreshToken?: string;
};

const tokenResultSchema = {
  type: 'object',
  required: ['access_token', 'refresh_token', 'expires_in', 'token_type', 'created_at', 'scope', 'uuid'],
  properties: {
    access_token: { type: 'string' },
    refresh_token: { type: 'string' },
    expires_in: { type: 'integer' },
    token_type: { type: 'string' },
    created_at: { type: 'integer' },
    scope: { type: 'string' },
    uuid: { type: 'string' },
  },
} as const;

const shortText = { type: 'string', maxLength: 1000 } as const;

const tokenBodySchema = {
  type: 'object',
  required: ['grant_type'],
  properties: {
    grant_type: { type: 'string', enum: ['password', 'refresh_token'] },
    application: shortText,
    username: shortText,
    password: shortText,
    unlock_token: shortText,
    refresh_token: shortText,
    refreshToken: shortText,
  },
} as const;

const INVALID_CREDENTIALS = {
  error: 'invalid_grant',
  error_description: 'Invalid email or password.',
} as const;
const INVALID_REFRESH = {
  error: 'invalid_grant',
  error_description: 'Access token is expired or does not exist.',
} as const;

export const userTokenRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: TokenBody }>(
    '/api/user_token',
    {
      schema: {
        body: tokenBodySchema,
        response: { 200: tokenResultSchema, 400: errorSchema, 422: errorSchema },
      },
    },
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
    {
      schema: {
        body: {
          type: 'object',
          required: ['token'],
          properties: { token: { type: 'string', minLength: 1, maxLength: 1000 } },
        },
        response: { 200: { type: 'object', properties: {} }, 400: errorSchema },
      },
    },
    async (request) => {
      app.tokens.revoke(request.body.token);
      return {};
    },
  );
};
