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
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from './support/simulatorHarness.ts';
import { requestFor as requestIn, type Request } from './support/matrixRequests.ts';
import {
  logLength as logLengthIn,
  startMatrixWorld,
  type MatrixWorld,
  type Scope,
} from './support/matrixWorld.ts';

const ROLES = ['media', 'user', 'admin', 'orgAdmin', 'staff'] as const;
type Role = (typeof ROLES)[number];
const ROLE_EMAILS: Record<Role, string> = {
  media: 'media@demo.test',
  user: 'user@demo.test',
  admin: 'admin@demo.test',
  orgAdmin: 'orgadmin@demo.test',
  staff: 'staff@demo.test',
};

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

let world: MatrixWorld;
const tokens = {} as Record<Role, string>;
const badTokens = {} as Record<BadToken, string | null>;

const logLength = () => logLengthIn(world);
const requestFor = (route: string, scope: Scope) => requestIn(world, route, scope);

function send(request: Request, token: string | null): Promise<LightMyRequestResponse> {
  return world.harness.app.inject({
    method: request.method,
    url: request.url,
    headers: token === null ? {} : bearer(token),
    ...(request.payload ? { payload: request.payload } : {}),
  });
}

beforeAll(async () => {
  world = await startMatrixWorld();
  const { harness } = world;

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
  await world.harness.close();
});

const cells = cellsOf(ROLE_MATRIX);
const routes = [...new Set(cells.map((cell) => cell.route))];

describe('every write route × every role × whose the target is', () => {
  it.each(cells.map((cell) => [cell.route, cell.scope, cell.role, cell.expected, cell] as const))(
    '%s (%s) as %s → %s',
    async (_route, _scope, _role, _expected, cell) => {
      const request = await requestFor(cell.route, cell.scope);
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
      const { method, url } = await requestFor(route, 'own');
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
      const request = await requestFor(route, 'own');
      const before = logLength();
      const response = await send(request, badTokens[kind]);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'unauthorized' });
      expect(logLength()).toBe(before);
    },
  );
});
