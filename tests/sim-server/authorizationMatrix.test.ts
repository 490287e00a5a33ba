// Who may do what (issue 17): every write route × every demo role × the organization the target belongs to, and
// every write route × every kind of bad token, against the real routes on a real SQLite file. The expected outcome
// of each cell is written out in the tables below, which follow the product documents' permission tables (live §6,
// access §6), the role mapping (domain/session/rolePermissions.ts) and docs/contract.md "Live operations": writes go
// to the caller's own organization or one it manages; an accessed organization is read-only (403); one out of sight
// is unknown (404, or the catalogue's 422); provider staff may also write areas of accessed organizations; device
// commands are writes. A refused cell leaves the event log as it was.
//
// All demo users belong to the coordination center, which manages the responders, accesses the fleet services and
// cannot see a "foreign" organization this test adds. Things also come shared into the coordination center from the
// foreign organization, as accessor and as manager.
import { manualClosureBody } from '#tests/helpers/closureBody';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimEvent } from '#sim/store/events';
import {
  bearer,
  organizationIds,
  signIn,
  startHarness,
  type Harness,
  type OrganizationIds,
} from './support/simulatorHarness.ts';

const ROLES = ['media', 'user', 'admin', 'orgAdmin', 'staff'] as const;
type Role = (typeof ROLES)[number];
const ROLE_EMAILS: Record<Role, string> = {
  media: 'media@demo.test',
  user: 'user@demo.test',
  admin: 'admin@demo.test',
  orgAdmin: 'orgadmin@demo.test',
  staff: 'staff@demo.test',
};

/** Whose the target is, seen from the coordination center. */
type Scope = 'own' | 'managed' | 'accessed' | 'foreign' | 'sharedAccessor' | 'sharedManager' | '-';

// `ok` is a 2xx; a number is the exact status. Columns: media, user, admin, orgAdmin, staff.
const ROLE_MATRIX = `
route                                          scope           media  user  admin  orgAdmin  staff
PUT /api/things/{id}                           own             403    ok    ok     ok        ok
PUT /api/things/{id}                           managed         403    ok    ok     ok        ok
PUT /api/things/{id}                           accessed        403    403   403    403       403
PUT /api/things/{id}                           sharedAccessor  403    403   403    403       403
PUT /api/things/{id}                           sharedManager   403    ok    ok     ok        ok
PUT /api/things/{id}                           foreign         403    422   422    422       422
PUT /api/things/{id}/associations              own             403    ok    ok     ok        ok
PUT /api/things/{id}/associations              managed         403    ok    ok     ok        ok
PUT /api/things/{id}/associations              accessed        403    403   403    403       403
PUT /api/things/{id}/associations              sharedAccessor  403    403   403    403       403
PUT /api/things/{id}/associations              sharedManager   403    ok    ok     ok        ok
PUT /api/things/{id}/associations              foreign         403    422   422    422       422
PUT /api/things/{id}/r2r                       own             403    403   ok     ok        ok
PUT /api/things/{id}/r2r                       managed         403    403   ok     ok        ok
PUT /api/things/{id}/r2r                       accessed        403    403   403    403       403
PUT /api/things/{id}/r2r                       sharedAccessor  403    403   403    403       403
PUT /api/things/{id}/r2r                       sharedManager   403    403   ok     ok        ok
PUT /api/things/{id}/r2r                       foreign         403    403   404    404       404
PUT /api/things/{id}/light_intensity           own             403    403   ok     ok        ok
PUT /api/things/{id}/light_intensity           managed         403    403   ok     ok        ok
PUT /api/things/{id}/light_intensity           accessed        403    403   403    403       403
PUT /api/things/{id}/light_intensity           sharedAccessor  403    403   403    403       403
PUT /api/things/{id}/light_intensity           sharedManager   403    403   ok     ok        ok
PUT /api/things/{id}/light_intensity           foreign         403    403   404    404       404
PUT /api/locations/{id}                        own             403    ok    ok     ok        ok
PUT /api/locations/{id}                        managed         403    ok    ok     ok        ok
PUT /api/locations/{id}                        accessed        403    422   422    422       422
PUT /api/locations/{id}                        foreign         403    404   404    404       404
POST /api/organization/closure                 own             403    ok    ok     ok        ok
POST /api/organization/closure                 managed         403    ok    ok     ok        ok
POST /api/organization/closure                 accessed        403    403   403    403       403
POST /api/organization/closure                 foreign         403    404   404    404       404
PUT /api/organization/closure/{id}             own             403    ok    ok     ok        ok
PUT /api/organization/closure/{id}             managed         403    ok    ok     ok        ok
PUT /api/organization/closure/{id}             accessed        403    403   403    403       403
PUT /api/organization/closure/{id}             foreign         403    404   404    404       404
DELETE /api/organization/closure/{id}          own             403    403   ok     ok        ok
DELETE /api/organization/closure/{id}          managed         403    403   ok     ok        ok
DELETE /api/organization/closure/{id}          accessed        403    403   403    403       403
DELETE /api/organization/closure/{id}          foreign         403    403   404    404       404
POST /api/organization/exclusion_zone          own             403    ok    ok     ok        ok
POST /api/organization/exclusion_zone          managed         403    ok    ok     ok        ok
POST /api/organization/exclusion_zone          accessed        403    403   403    403       ok
POST /api/organization/exclusion_zone          foreign         403    404   404    404       404
PUT /api/organization/exclusion_zone/{id}      own             403    ok    ok     ok        ok
PUT /api/organization/exclusion_zone/{id}      managed         403    ok    ok     ok        ok
PUT /api/organization/exclusion_zone/{id}      accessed        403    403   403    403       ok
PUT /api/organization/exclusion_zone/{id}      foreign         403    404   404    404       404
DELETE /api/organization/exclusion_zone/{id}   own             403    ok    ok     ok        ok
DELETE /api/organization/exclusion_zone/{id}   managed         403    ok    ok     ok        ok
DELETE /api/organization/exclusion_zone/{id}   accessed        403    403   403    403       ok
DELETE /api/organization/exclusion_zone/{id}   foreign         403    404   404    404       404
POST /api/organization/alerting_zones          own             403    403   ok     ok        ok
POST /api/organization/alerting_zones          managed         403    403   ok     ok        ok
POST /api/organization/alerting_zones          accessed        403    403   403    403       403
POST /api/organization/alerting_zones          foreign         403    403   404    404       404
PUT /api/organization/alerting_zones/{id}      own             403    403   ok     ok        ok
PUT /api/organization/alerting_zones/{id}      managed         403    403   ok     ok        ok
PUT /api/organization/alerting_zones/{id}      accessed        403    403   403    403       403
PUT /api/organization/alerting_zones/{id}      foreign         403    403   404    404       404
DELETE /api/organization/alerting_zones/{id}   own             403    403   ok     ok        ok
DELETE /api/organization/alerting_zones/{id}   managed         403    403   ok     ok        ok
DELETE /api/organization/alerting_zones/{id}   accessed        403    403   403    403       403
DELETE /api/organization/alerting_zones/{id}   foreign         403    403   404    404       404
POST /api/sim/telemetry                        -               403    403   403    403       ok
POST /api/sim/accounts                         -               403    403   403    403       ok
POST /api/sim/locations                        -               403    403   403    403       ok
`;

/** Every write route refuses each of these before anything else. */
const BAD_TOKENS = ['none', 'garbage', 'expired', 'revoked'] as const;
type BadToken = (typeof BAD_TOKENS)[number];

type Cell = { route: string; scope: Scope; role: Role; expected: 'ok' | number };

function cellsOf(table: string): Cell[] {
  const [header, ...rows] = table
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s{2,}/));
  expect(header?.slice(2)).toEqual([...ROLES]);
  return rows.flatMap(([route = '', scope = '', ...outcomes]) =>
    ROLES.map((role, index) => {
      const outcome = outcomes[index] ?? '';
      return {
        route,
        scope: scope as Scope,
        role,
        expected: outcome === 'ok' ? 'ok' : Number(outcome),
      };
    }),
  );
}

let harness: Harness;
let ids: OrganizationIds & { foreign: string };
const tokens = {} as Record<Role, string>;
const badTokens = {} as Record<BadToken, string | null>;
let serial = 0;

const db = () => harness.app.eventLog.db;
const logLength = () => db().prepare<[], { n: number }>('SELECT count(*) AS n FROM events').get()?.n ?? 0;

function record(event: SimEvent, streamId: string, organizationId: string) {
  const log = harness.app.eventLog;
  log.transaction(() => log.record(event, { streamId, organizationId, recordedAt: harness.clock.now() }));
}

/** The data of the newest event of `type` that matches `where` (SQL on `data`), to copy into a new target. */
function template<T>(type: string, where = '1'): T {
  const row = db()
    .prepare<[string], { data: string }>(
      `SELECT data FROM events WHERE type = ? AND ${where} ORDER BY seq DESC LIMIT 1`,
    )
    .get(type);
  if (!row) throw new Error(`no ${type} event where ${where}`);
  return JSON.parse(row.data) as T;
}

function newId(): string {
  serial += 1;
  return `00000000-0000-4000-8000-${serial.toString(16).padStart(12, '0')}`;
}

function organizationOf(scope: Scope): string {
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

const organizationName = (organizationId: string) =>
  db().prepare<[string], { name: string }>('SELECT name FROM organizations WHERE id = ?').get(organizationId)
    ?.name ?? '';

type ThingTemplate = Extract<SimEvent, { type: 'ThingRegistered' }>['data'];

/** A new HA5 with R2R in the scope's organization (shared into the coordination center for the shared scopes),
 * heard from just now so it answers commands. */
function newThing(scope: Scope): string {
  const base = template<ThingTemplate>(
    'ThingRegistered',
    "json_extract(data, '$.device_type') = 'ha5' AND json_extract(data, '$.features.r2r') = 1",
  );
  const id = newId();
  const organizationId = organizationOf(scope);
  const sharedAs = scope === 'sharedAccessor' ? 'accessor' : scope === 'sharedManager' ? 'manager' : null;
  const thing: ThingTemplate = {
    ...base,
    id,
    organization_id: organizationId,
    system_identifier: `MATRIX-${serial}`,
    external_id: null,
    is_integration_org: false,
    organization_relationships: sharedAs
      ? [
          {
            organization_uuid: ids.coordination,
            organization_name: organizationName(ids.coordination),
            relationship_type: sharedAs,
          },
        ]
      : [],
  };
  record({ type: 'ThingRegistered', data: thing }, id, organizationId);
  record(
    {
      type: 'HeartbeatRecorded',
      data: {
        time: new Date(harness.clock.now()).toISOString(),
        lat: 41.88,
        lng: -87.63,
        speed: 0,
        course: 0,
        accuracy: 5,
        enroute: false,
        street: null,
      },
    },
    id,
    organizationId,
  );
  return id;
}

type EntityType = 'LocationSaved' | 'ClosureSaved' | 'AreaSaved' | 'AlertingZoneSaved';
type EntityData<K extends EntityType> = Extract<SimEvent, { type: K }>['data'];

/** Copies the newest saved entity of `type` into the scope's organization under a new id. */
function newEntity<K extends EntityType>(
  type: K,
  where: string,
  scope: Scope,
  move: (record: EntityData<K>, organizationId: string) => EntityData<K>,
): string {
  const id = newId();
  const organizationId = organizationOf(scope);
  const copy: EntityData<K> = template<EntityData<K>>(type, where);
  copy.id = id;
  const data = move(copy, organizationId);
  record({ type, data } as Extract<SimEvent, { type: K }>, id, organizationId);
  return id;
}

const newLocation = (scope: Scope) =>
  newEntity('LocationSaved', "json_extract(data, '$.is_active') = 1", scope, (location, org) => ({
    ...location,
    organization_id: org,
  }));
const newClosure = (scope: Scope) =>
  newEntity(
    'ClosureSaved',
    "json_extract(data, '$.closure_type') = 'manual' AND json_extract(data, '$.is_dashboard_managed') = 1",
    scope,
    (closure, org) => ({
      ...closure,
      uuid: closure.id,
      external_id: null,
      organization: { ...closure.organization, id: org, name: organizationName(org) },
    }),
  );
const newArea = (scope: Scope) =>
  newEntity('AreaSaved', "json_extract(data, '$.ez_type.is_av_type') = 0", scope, (area, org) => ({
    ...area,
    organization_id: org,
    organization_name: organizationName(org),
  }));
const newZone = (scope: Scope) =>
  newEntity('AlertingZoneSaved', '1', scope, (zone, org) => ({ ...zone, organization_id: org }));

const SQUARE = [
  { lat: 41.8771, lon: -87.6308 },
  { lat: 41.8771, lon: -87.6288 },
  { lat: 41.8791, lon: -87.6288 },
  { lat: 41.8791, lon: -87.6308 },
];

function areaTypeId(): string {
  const row = db()
    .prepare<[], { id: string }>(
      "SELECT id FROM area_types WHERE json_extract(data, '$.db_name') = 'school_zone'",
    )
    .get();
  if (!row) throw new Error('no school_zone area type');
  return row.id;
}

const areaBody = (organizationId: string) => ({
  organization_id: organizationId,
  name: `Matrix area ${serial}`,
  desc: null,
  ez_type_id: areaTypeId(),
  area_geom: SQUARE,
  point_geom: { lat: 41.8781, lon: -87.6298 },
});

const zoneBody = (organizationId: string) => ({
  type: 'wrong_way_driver',
  hotspot_id: `HS-MATRIX-${serial}`,
  geom_type: 'polyline',
  geometry: [
    { lat: 41.88, lon: -87.63 },
    { lat: 41.881, lon: -87.629 },
  ],
  organization_id: organizationId,
});

const closureBody = () =>
  manualClosureBody(harness.clock.now(), `Matrix closure ${serial}`, {
    user_route: null,
    end_time: new Date(harness.clock.now() + 7 * 24 * 3_600_000).toISOString(),
  });

type Request = { method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown> };

/** A new incident as the incident feed reports it. */
function reportedLocation(organizationId: string): Record<string, unknown> {
  return {
    id: newId(),
    organization_id: organizationId,
    external_id: null,
    is_active: true,
    lat: 41.88,
    lng: -87.63,
    street: null,
    roadway_heading: null,
    things_active: [],
    things_inactive: [],
    start_time: new Date().toISOString(),
    end_time: null,
    alt: null,
    alert_message: null,
    features: [],
  };
}

/** A fresh target for the route in the scope, and the well-formed request that writes it. */
function requestFor(route: string, scope: Scope): Request {
  const organizationId = organizationOf(scope);
  switch (route) {
    case 'PUT /api/things/{id}':
      return {
        method: 'PUT',
        url: `/api/things/${newThing(scope)}`,
        payload: { in_service: false, is_publicly_alerting: true },
      };
    case 'PUT /api/things/{id}/associations':
      return {
        method: 'PUT',
        url: `/api/things/${newThing(scope)}/associations`,
        payload: {
          organization_relationships: [{ organization_uuid: ids.roadWorks, relationship_type: 'accessor' }],
        },
      };
    case 'PUT /api/things/{id}/r2r':
      return { method: 'PUT', url: `/api/things/${newThing(scope)}/r2r`, payload: {} };
    case 'PUT /api/things/{id}/light_intensity':
      return {
        method: 'PUT',
        url: `/api/things/${newThing(scope)}/light_intensity`,
        payload: { light_intensity: 'high' },
      };
    case 'PUT /api/locations/{id}':
      return {
        method: 'PUT',
        url: `/api/locations/${newLocation(scope)}`,
        payload: { lat: 41.8801, lng: -87.6301, roadway_heading: 90, organization_id: organizationId },
      };
    case 'POST /api/organization/closure':
      return {
        method: 'POST',
        url: `/api/organization/closure?org_ids[]=${organizationId}`,
        payload: closureBody(),
      };
    case 'PUT /api/organization/closure/{id}': {
      const id = newClosure(scope);
      return {
        method: 'PUT',
        url: `/api/organization/closure/${id}`,
        payload: { uuid: id, is_active: false, end_time: null },
      };
    }
    case 'DELETE /api/organization/closure/{id}':
      return { method: 'DELETE', url: `/api/organization/closure/${newClosure(scope)}` };
    case 'POST /api/organization/exclusion_zone':
      return { method: 'POST', url: '/api/organization/exclusion_zone', payload: areaBody(organizationId) };
    case 'PUT /api/organization/exclusion_zone/{id}':
      return {
        method: 'PUT',
        url: `/api/organization/exclusion_zone/${newArea(scope)}`,
        payload: areaBody(organizationId),
      };
    case 'DELETE /api/organization/exclusion_zone/{id}':
      return { method: 'DELETE', url: `/api/organization/exclusion_zone/${newArea(scope)}` };
    case 'POST /api/organization/alerting_zones':
      return { method: 'POST', url: '/api/organization/alerting_zones', payload: zoneBody(organizationId) };
    case 'PUT /api/organization/alerting_zones/{id}':
      return {
        method: 'PUT',
        url: `/api/organization/alerting_zones/${newZone(scope)}`,
        payload: zoneBody(organizationId),
      };
    case 'DELETE /api/organization/alerting_zones/{id}':
      return { method: 'DELETE', url: `/api/organization/alerting_zones/${newZone(scope)}` };
    case 'POST /api/sim/telemetry':
      return { method: 'POST', url: '/api/sim/telemetry', payload: { samples: [] } };
    case 'POST /api/sim/locations':
      return { method: 'POST', url: '/api/sim/locations', payload: reportedLocation(organizationId) };
    case 'POST /api/sim/accounts':
      return {
        method: 'POST',
        url: '/api/sim/accounts',
        payload: {
          email: `matrix-${newId()}@matrix.test`,
          password: 'Matrix!2026a',
          firstname: 'Matrix',
          lastname: 'Cell',
          role_id: 2,
        },
      };
    default:
      throw new Error(`no request for ${route}`);
  }
}

function send(request: Request, token: string | null): Promise<LightMyRequestResponse> {
  return harness.app.inject({
    method: request.method,
    url: request.url,
    headers: token === null ? {} : bearer(token),
    ...(request.payload ? { payload: request.payload } : {}),
  });
}

beforeAll(async () => {
  harness = await startHarness();
  const seeded = organizationIds(harness.app);
  const foreign = '00000000-0000-4000-8000-0000f0e1e100';
  const fleet = template<Extract<SimEvent, { type: 'OrganizationRegistered' }>['data']>(
    'OrganizationRegistered',
    `stream_id = '${seeded.fleet}'`,
  );
  ids = { ...seeded, foreign };
  record(
    { type: 'OrganizationRegistered', data: { ...fleet, id: foreign, name: 'Foreign Haulage' } },
    foreign,
    foreign,
  );

  // An expired token first, then the clock moves past its lifetime; the role tokens are issued after.
  const expiring = await signIn(harness.app, 'user@demo.test');
  harness.clock.advance(2 * 3_600_000 + 1_000);
  const revoked = await signIn(harness.app, 'user@demo.test');
  await harness.app.inject({
    method: 'POST',
    url: '/api/revoke_token',
    payload: { token: revoked.access_token },
  });
  Object.assign(badTokens, {
    none: null,
    garbage: 'not-a-token',
    expired: expiring.access_token,
    revoked: revoked.access_token,
  });
  for (const role of ROLES) tokens[role] = (await signIn(harness.app, ROLE_EMAILS[role])).access_token;
});
afterAll(async () => {
  await harness.close();
});

const cells = cellsOf(ROLE_MATRIX);
const routes = [...new Set(cells.map((cell) => cell.route))];

describe('every write route × every role × whose the target is', () => {
  it.each(cells.map((cell) => [cell.route, cell.scope, cell.role, cell.expected, cell] as const))(
    '%s (%s) as %s → %s',
    async (_route, _scope, _role, _expected, cell) => {
      const request = requestFor(cell.route, cell.scope);
      const before = logLength();
      const response = await send(request, tokens[cell.role]);
      if (cell.expected === 'ok') {
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
        expect(response.statusCode, response.body).toBeLessThan(300);
      } else {
        expect(response.statusCode, response.body).toBe(cell.expected);
        expect(logLength()).toBe(before);
      }
    },
  );
});

describe('the order of refusals', () => {
  // A body every route's definition refuses (R2R's is all optional: its one field gets the wrong type).
  const malformedBody = { organization_id: 42, samples: 'none', lat: null, test_mode: 'yes' };
  const withBody = routes.filter((route) => !route.startsWith('DELETE '));
  it.each(withBody)(
    '%s: a malformed body is 401 without a token, 403 without the permission, else 400',
    async (route) => {
      const { method, url } = requestFor(route, 'own');
      const malformed = { method, url, payload: malformedBody };
      const before = logLength();
      expect((await send(malformed, badTokens.garbage)).statusCode).toBe(401);
      expect((await send(malformed, tokens.media)).statusCode).toBe(403);
      expect((await send(malformed, tokens.staff)).statusCode).toBe(400);
      expect(logLength()).toBe(before);
    },
  );
});

describe('every write route × every bad token', () => {
  it.each(routes.flatMap((route) => BAD_TOKENS.map((kind) => [route, kind] as const)))(
    '%s with a %s token → 401',
    async (route, kind) => {
      const request = requestFor(route, 'own');
      const before = logLength();
      const response = await send(request, badTokens[kind]);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'unauthorized' });
      expect(logLength()).toBe(before);
    },
  );
});
