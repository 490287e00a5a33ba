// The sign-in resource as one plugin: API tokens (`userTokenRoutes.ts`), the account's own security and mail links
// (`accountRoutes.ts`) and the profile (`profileRoutes.ts`). `app.ts` registers it with one line.
import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes, type AccountRoutesOptions } from './accountRoutes.ts';
import { profileRoutes } from './profileRoutes.ts';
import { userTokenRoutes } from './userTokenRoutes.ts';

export const authResource: FastifyPluginAsync<AccountRoutesOptions> = async (app, options) => {
  await app.register(userTokenRoutes);
  await app.register(accountRoutes, options);
  await app.register(profileRoutes);
};
