// Shared setup for the live-operations tests: a simulator with tokens for every demo role and a user in a
// foreign organization, plus short ways to call the routes and read rows.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  bearer,
  organizationIds,
  registerUser,
  signIn,
  startHarness,
  type Harness,
  type OrganizationIds,
} from './simulatorHarness.ts';

export const ROLE_EMAILS = {
  media: 'media@demo.test',
  user: 'user@demo.test',
  admin: 'admin@demo.test',
  orgAdmin: 'orgadmin@demo.test',
  staff: 'staff@demo.test',
} as const;
export type RoleName = keyof typeof ROLE_EMAILS;

export type LiveWorld = {
  harness: Harness;
  app: FastifyInstance;
  ids: OrganizationIds;
  tokens: Record<RoleName, string>;
  /** An admin of the fleet services, which the coordination center only accesses. */
  fleetAdminToken: string;
  /** An admin of the responders, who cannot see the road works or the fleet. */
  responderAdminToken: string;
};

export async function startLiveWorld(): Promise<LiveWorld> {
  const harness = await startHarness();
  const { app } = harness;
  const ids = organizationIds(app);
  const tokens = {} as Record<RoleName, string>;
  for (const [role, email] of Object.entries(ROLE_EMAILS) as [RoleName, string][])
    tokens[role] = (await signIn(app, email)).access_token;
  await registerUser(harness, {
    id: '00000000-0000-4000-8000-00000000f1ee',
    email: 'admin@fleet.test',
    password: 'Fleet!2026x',
    roleId: 3,
    organizationId: ids.fleet,
  });
  await registerUser(harness, {
    id: '00000000-0000-4000-8000-0000000e5c0e',
    email: 'admin@responders.test',
    password: 'Resp!2026x',
    roleId: 3,
    organizationId: ids.responders,
  });
  return {
    harness,
    app,
    ids,
    tokens,
    fleetAdminToken: (await signIn(app, 'admin@fleet.test', 'Fleet!2026x')).access_token,
    responderAdminToken: (await signIn(app, 'admin@responders.test', 'Resp!2026x')).access_token,
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function call(
  world: LiveWorld,
  method: Method,
  url: string,
  token: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return world.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export function eventCount(world: LiveWorld): number {
  return world.app.eventLog.store.lastSeq();
}

export function rows<T>(world: LiveWorld, sql: string, ...parameters: unknown[]): T[] {
  return world.app.eventLog.db.prepare(sql).all(...parameters) as T[];
}

export function row<T>(world: LiveWorld, sql: string, ...parameters: unknown[]): T {
  const found = world.app.eventLog.db.prepare(sql).get(...parameters) as T | undefined;
  if (found === undefined) throw new Error(`no row for ${sql}`);
  return found;
}
