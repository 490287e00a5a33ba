// `app.accountSecurity`, and the checks it adds around the password grant of POST /api/user_token (access §8):
// before it, a suspended, expired, delegated or locked account is answered with its error (an unlock link's token
// lifts the lock); after it, a wrong password is counted towards the lockout (a success clears the count).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sharedPlugin } from '../plugins/sharedPlugin.ts';
import { createAccountSecurity, LOCKED_OUT_DESCRIPTION, type AccountSecurity } from './accountSecurity.ts';

declare module 'fastify' {
  interface FastifyInstance {
    accountSecurity: AccountSecurity;
  }
}

const USER_TOKEN_URL = '/api/user_token';

type PasswordGrant = { grant_type?: unknown; username?: unknown; unlock_token?: unknown };

function passwordGrantOf(request: FastifyRequest): { username: string; unlockToken: string | null } | null {
  if (request.method !== 'POST' || request.routeOptions.url !== USER_TOKEN_URL) return null;
  const body = request.body as PasswordGrant | null;
  if (!body || body.grant_type !== 'password' || typeof body.username !== 'string') return null;
  return {
    username: body.username,
    unlockToken: typeof body.unlock_token === 'string' ? body.unlock_token : null,
  };
}

/** The page origin the dashboard runs on, for links in e-mails: the simulator serves it itself. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

const STANDING_ERRORS = {
  suspended: { error: 'user_suspended', error_description: 'User is suspended.' },
  expired: { error: 'expired', error_description: 'Account expired due to inactivity.' },
  not_authorized_method: { error: 'not_authorized_method', error_description: 'Access is managed by SSO.' },
  not_safetycloud_enabled: { error: 'not_safetycloud_enabled', error_description: 'Not enabled.' },
} as const;

export const accountSecurityPlugin = sharedPlugin('account-security', async (app) => {
  const security = createAccountSecurity(app.eventLog, app.clock, (line) => app.log.info(line));
  app.decorate('accountSecurity', security);

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const grant = passwordGrantOf(request);
    if (!grant) return;
    const user = security.findUser(grant.username);
    if (!user) return;
    const { standing, locked_at: lockedAt } = security.standingOf(user.id);
    if (standing !== 'active') return reply.code(401).send(STANDING_ERRORS[standing]);
    if (lockedAt !== null && !(grant.unlockToken && security.useUnlockToken(user.id, grant.unlockToken))) {
      return reply.code(401).send({ error: 'locked_out', error_description: LOCKED_OUT_DESCRIPTION });
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const grant = passwordGrantOf(request);
    if (!grant) return payload;
    const user = security.findUser(grant.username);
    if (!user) return payload;
    // A success clears the failures through its UserSignedIn event; a wrong password counts towards the lockout.
    if (reply.statusCode === 400) security.recordFailedSignIn(user, originOf(request));
    return payload;
  });
});
