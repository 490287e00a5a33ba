// Builds a real simulator app on a temporary SQLite file with a clock the test moves by hand.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '#sim/app';
import { hashPassword } from '#sim/auth/passwords';
import { PROJECTION_TABLES } from '#sim/composition/simProjections';
import type { TokenResult } from '#sim/auth/tokens';
import { DEMO_PASSWORD } from '#sim/seed/worldPlan';

export type ManualClock = { now(): number; advance(ms: number): void; set(ms: number): void };

export function manualClock(start = Date.parse('2026-03-02T15:00:00.000Z')): ManualClock {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      current = ms;
    },
  };
}

export function temporaryDirectory(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-test-'));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export type Harness = {
  app: FastifyInstance;
  clock: ManualClock;
  databasePath: string;
  close(): Promise<void>;
};

/** A ready app with replay off unless asked; `close` also deletes the temporary folder. */
export async function startHarness(
  options: Partial<AppOptions> & { clock?: ManualClock } = {},
): Promise<Harness> {
  const temporary = temporaryDirectory();
  const clock = options.clock ?? manualClock();
  const databasePath = options.databasePath ?? path.join(temporary.dir, 'sim.sqlite');
  const app = await buildApp({ replay: false, ...options, databasePath, clock });
  await app.ready();
  return {
    app,
    clock,
    databasePath,
    close: async () => {
      await app.close();
      temporary.remove();
    },
  };
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
): Promise<TokenResult> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user_token',
    payload: { grant_type: 'password', application: 'dashboard', username: email, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in as ${email} failed: ${response.statusCode} ${response.body}`);
  return response.json<TokenResult>();
}

/** A user made the way the simulator offers: `POST /api/sim/accounts` by provider staff (in the staff's
 * organization), in the given standing. Fails the test unless it answers 201. */
export async function createDemoAccount(
  app: FastifyInstance,
  staffToken: string,
  account: { email: string; password: string; standing?: string },
): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/sim/accounts',
    headers: bearer(staffToken),
    payload: { firstname: 'Test', lastname: 'Person', role_id: 2, ...account },
  });
  if (response.statusCode !== 201)
    throw new Error(`creating ${account.email} failed: ${response.statusCode} ${response.body}`);
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export function jsonOf<T>(response: LightMyRequestResponse): T {
  return response.json<T>();
}

export type OrganizationIds = { coordination: string; responders: string; roadWorks: string; fleet: string };

/** The seeded organizations' ids, looked up by the names the world plan gives them. */
export function organizationIds(app: FastifyInstance): OrganizationIds {
  const rows = app.eventLog.db
    .prepare<[], { id: string; name: string }>('SELECT id, name FROM organizations')
    .all();
  const idOf = (name: string) => {
    const row = rows.find((candidate) => candidate.name === name);
    if (!row) throw new Error(`no organization named ${name}`);
    return row.id;
  };
  return {
    coordination: idOf('Cook County Coordination Center'),
    responders: idOf('Chicago Metro Responders'),
    roadWorks: idOf('Lakeshore Road Works'),
    fleet: idOf('Great Lakes Fleet Services'),
  };
}

export function countRows(app: FastifyInstance, table: string): number {
  return app.eventLog.db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`).get()?.n ?? 0;
}

/** Adds a user the demo world does not have, through the event log like any other change. */
export async function registerUser(
  harness: Harness,
  user: { id: string; email: string; password: string; roleId: number; organizationId: string },
): Promise<void> {
  const passwordHash = await hashPassword(user.password);
  const log = harness.app.eventLog;
  await log.write(() =>
    log.record(
      {
        type: 'UserRegistered',
        data: {
          id: user.id,
          email: user.email,
          password_hash: passwordHash,
          firstname: 'Test',
          lastname: 'User',
          role_id: user.roleId,
          organization_id: user.organizationId,
          extra_permissions: [],
          has_api_keys: false,
          is_ha_direct_enabled: false,
        },
      },
      { streamId: user.id, organizationId: user.organizationId, recordedAt: harness.clock.now() },
    ),
  );
}

/** Every row of every projection table (`PROJECTION_TABLES`), each table ordered by all its columns, to compare two
 * databases or one before and after a rebuild. */
export function projectionDump(app: FastifyInstance): Record<string, unknown[]> {
  const db = app.eventLog.db;
  return Object.fromEntries(
    [...PROJECTION_TABLES].sort().map((table) => {
      const columns = db
        .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
        .all()
        .map((column) => `"${column.name}"`);
      return [table, db.prepare(`SELECT * FROM ${table} ORDER BY ${columns.join(', ')}`).all()];
    }),
  );
}
