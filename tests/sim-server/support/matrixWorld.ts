// The world the authorization matrix writes into: the simulator with a "foreign" organization added, and the log
// helpers that make new targets by copying seeded events. All demo users belong to the coordination center, which
// manages the responders, accesses the fleet services and cannot see the foreign organization.
import type { SimEvent } from '#sim/store/events';
import { organizationIds, startHarness, type Harness, type OrganizationIds } from './simulatorHarness.ts';

/** Whose the target is, seen from the coordination center. */
export type Scope = 'own' | 'managed' | 'accessed' | 'foreign' | 'sharedAccessor' | 'sharedManager' | '-';

export type MatrixWorld = {
  harness: Harness;
  ids: OrganizationIds & { foreign: string };
  /** Counts the targets made so far: their ids and names carry it. */
  serial: number;
};

const FOREIGN = '00000000-0000-4000-8000-0000f0e1e100';

export async function startMatrixWorld(): Promise<MatrixWorld> {
  const harness = await startHarness();
  const world: MatrixWorld = {
    harness,
    ids: { ...organizationIds(harness.app), foreign: FOREIGN },
    serial: 0,
  };
  const fleet = template<Extract<SimEvent, { type: 'OrganizationRegistered' }>['data']>(
    world,
    'OrganizationRegistered',
    `stream_id = '${world.ids.fleet}'`,
  );
  await record(
    world,
    { type: 'OrganizationRegistered', data: { ...fleet, id: FOREIGN, name: 'Foreign Haulage' } },
    FOREIGN,
    FOREIGN,
  );
  return world;
}

export const db = (world: MatrixWorld) => world.harness.app.eventLog.db;
export const logLength = (world: MatrixWorld) =>
  db(world).prepare<[], { n: number }>('SELECT count(*) AS n FROM events').get()?.n ?? 0;

export async function record(world: MatrixWorld, event: SimEvent, streamId: string, organizationId: string) {
  const log = world.harness.app.eventLog;
  await log.write(() =>
    log.record(event, { streamId, organizationId, recordedAt: world.harness.clock.now() }),
  );
}

/** The data of the newest event of `type` that matches `where` (SQL on `data`), to copy into a new target. */
export function template<T>(world: MatrixWorld, type: string, where = '1'): T {
  const row = db(world)
    .prepare<[string], { data: string }>(
      `SELECT data FROM events WHERE type = ? AND ${where} ORDER BY seq DESC LIMIT 1`,
    )
    .get(type);
  if (!row) throw new Error(`no ${type} event where ${where}`);
  return JSON.parse(row.data) as T;
}

export function newId(world: MatrixWorld): string {
  world.serial += 1;
  return `00000000-0000-4000-8000-${world.serial.toString(16).padStart(12, '0')}`;
}

export function organizationOf(world: MatrixWorld, scope: Scope): string {
  const { ids } = world;
  switch (scope) {
    case 'own':
      return ids.coordination;
    case 'managed':
      return ids.responders;
    case 'accessed':
      return ids.fleet;
    case 'foreign':
    case 'sharedAccessor':
    case 'sharedManager':
    case '-':
      return ids.foreign;
    default: {
      const unexpected: never = scope;
      throw new Error(`no organization for ${String(unexpected)}`);
    }
  }
}

export const organizationName = (world: MatrixWorld, organizationId: string) =>
  db(world)
    .prepare<[string], { name: string }>('SELECT name FROM organizations WHERE id = ?')
    .get(organizationId)?.name ?? '';
