// Who called a protected route and the guards that find out: the `Session` a bearer token opens, the request's
// `caller` and `credential`, and `app.authenticate` / `app.requirePermission` / `app.requireSignedInSession` as
// every route plugin names them. Declared here, below the resources, so a resource's routes read their caller
// without importing `auth/`; `auth/authPlugin.ts` implements the guards (it turns tokens into sessions).
import type { onRequestAsyncHookHandler, FastifyRequest } from 'fastify';

/** A signed-in caller as the rules read it. */
export type Session = {
  userId: string;
  organizationId: string;
  permissions: ReadonlySet<string>;
  /** Own, managed and accessed organizations. */
  reachableOrganizationIds: ReadonlySet<string>;
};

/** How the caller proved who they are: a signed-in session's access token, or an API token. */
export type Credential = 'session' | 'api-token' | null;

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: onRequestAsyncHookHandler;
    requirePermission(anyOf: readonly string[]): onRequestAsyncHookHandler;
    /** After `authenticate`: refuses (403) a caller who came with an API token rather than a signed-in session. */
    requireSignedInSession: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    caller: Session | null;
    credential: Credential;
  }
}

export const UNAUTHORIZED = { error: 'unauthorized' } as const;
export const FORBIDDEN = { error: 'forbidden' } as const;
export const SIGNED_IN_SESSION_REQUIRED = {
  error: 'forbidden',
  message: 'Sign in to the dashboard to do this; an API token cannot.',
} as const;

/** The session of an authenticated request; only call behind `app.authenticate`. */
export function callerOf(request: FastifyRequest): Session {
  if (!request.caller) throw new Error('callerOf() used on a route without app.authenticate');
  return request.caller;
}
