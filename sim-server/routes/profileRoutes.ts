// `GET /api/profile`: the signed-in user with permissions, and the organizations they may view (access §7).
import type { FastifyPluginAsync } from 'fastify';
import { callerOf, UNAUTHORIZED } from '../auth/authPlugin.ts';
import { organizationSchema } from '../organizations/organizationSchema.ts';
import { errorSchema } from './errorSchema.ts';

const userSchema = {
  type: 'object',
  required: ['id', 'email', 'role_id', 'organization_id', 'permissions'],
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    firstname: { type: 'string' },
    lastname: { type: 'string' },
    role_id: { type: 'integer' },
    organization_id: { type: 'string' },
    permissions: { type: 'array', items: { type: 'string' } },
    sign_in_count: { type: 'integer' },
    last_sign_in_at: { type: ['string', 'null'] },
    has_api_keys: { type: 'boolean' },
    is_ha_direct_enabled: { type: 'boolean' },
  },
} as const;

const profileSchema = {
  type: 'object',
  required: ['user', 'user_org', 'managed_orgs', 'accessed_orgs'],
  properties: {
    user: userSchema,
    user_org: organizationSchema,
    managed_orgs: { type: 'array', items: organizationSchema },
    accessed_orgs: { type: 'array', items: organizationSchema },
  },
} as const;

export const profileRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/profile',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: profileSchema, 401: errorSchema } },
    },
    async (request, reply) => {
      const profile = app.users.profile(callerOf(request).userId);
      return profile ?? reply.code(401).send(UNAUTHORIZED);
    },
  );
};
