// `GET /api/profile`: the signed-in user with permissions, and the organizations they may view (access §7). The
// answer is defined in domain/organizations/profileRecord.ts.
import type { FastifyPluginAsync } from 'fastify';
import { ProfileRecordSchema } from '#domain/organizations/profileRecord';
import { callerOf, UNAUTHORIZED } from '../http/caller.ts';
import { contractRoute } from '../kernel/contract.ts';
import { errorSchema } from '../http/errorSchema.ts';

export const profileRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/profile',
    {
      onRequest: app.authenticate,
      ...contractRoute({ response: { 200: ProfileRecordSchema, 401: errorSchema } }),
    },
    async (request, reply) => {
      const profile = app.users.profile(callerOf(request).userId);
      return profile ?? reply.code(401).send(UNAUTHORIZED);
    },
  );
};
