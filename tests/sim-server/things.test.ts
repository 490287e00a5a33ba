// GET /api/organization/things: paging, organization checks, permissions and incremental loads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeThings } from '#domain/things/thing';
import type { ThingJson } from '#sim/things/thingWire';
import {
  bearer,
  organizationIds,
  registerUser,
  signIn,
  startHarness,
  type Harness,
  type OrganizationIds,
} from './support/simulatorHarness.ts';

type ThingPage = { data: ThingJson[]; meta: { page: number; per_page: number; total: number } };

let harness: Harness;
let token: string;
let ids: OrganizationIds;

beforeAll(async () => {
  harness = await startHarness();
  token = (await signIn(harness.app, 'user@demo.test')).access_token;
  ids = organizationIds(harness.app);
});
afterAll(async () => {
  await harness.close();
});

const getThings = (query: string, accessToken = token) =>
  harness.app.inject({ url: `/api/organization/things${query}`, headers: bearer(accessToken) });

async function pageOf(query: string): Promise<ThingPage> {
  const response = await getThings(query);
  expect(response.statusCode).toBe(200);
  return response.json<ThingPage>();
}

/** What the database says each organization should see: its own things and those shared with it. */
function visibleIds(organizationId: string): string[] {
  return harness.app.eventLog.db
    .prepare<[string], { thing_id: string }>(
      'SELECT thing_id FROM thing_access WHERE organization_id = ? ORDER BY thing_id',
    )
    .all(organizationId)
    .map((row) => row.thing_id);
}

describe('paging', () => {
  it('defaults to the caller’s own organization, page 1 and 500 per page', async () => {
    const page = await pageOf('');
    const expected = visibleIds(ids.coordination);
    expect(page.meta).toEqual({ page: 1, per_page: 500, total: expected.length });
    expect(page.data.map((thing) => thing.id)).toEqual(expected);
    // The coordination center sees its own few plus everything the organizations it manages share with it.
    expect(expected.length).toBeGreaterThan(150);
  });

  it('returns every thing exactly once across pages, ordered by id', async () => {
    const seen: string[] = [];
    for (let pageNumber = 1; ; pageNumber += 1) {
      const page = await pageOf(`?org_ids[]=${ids.fleet}&per_page=37&page=${pageNumber}`);
      expect(page.meta.per_page).toBe(37);
      if (page.data.length === 0) break;
      seen.push(...page.data.map((thing) => thing.id));
    }
    expect(seen).toEqual(visibleIds(ids.fleet));
  });

  it('caps per_page at 1000', async () => {
    expect((await pageOf('?per_page=5000')).meta.per_page).toBe(1000);
  });

  it('rejects a page below 1 with 400', async () => {
    expect((await getThings('?page=0')).statusCode).toBe(400);
  });
});

describe('organizations', () => {
  it('serves each reachable organization, one or several at a time', async () => {
    const responders = await pageOf(`?org_ids[]=${ids.responders}`);
    expect(responders.data.map((thing) => thing.id)).toEqual(visibleIds(ids.responders));
    expect(new Set(responders.data.map((thing) => thing.thing_type))).toEqual(
      new Set(['police', 'fire', 'ambulance']),
    );

    const both = await pageOf(`?org_ids[]=${ids.roadWorks}&org_ids[]=${ids.fleet}`);
    const expected = [...new Set([...visibleIds(ids.roadWorks), ...visibleIds(ids.fleet)])].sort();
    expect(both.data.map((thing) => thing.id)).toEqual(expected);
  });

  it('answers 404 "Organization not found" for a foreign organization, even next to a reachable one', async () => {
    const foreign = '00000000-0000-4000-8000-000000000000';
    for (const query of [`?org_ids[]=${foreign}`, `?org_ids[]=${ids.responders}&org_ids[]=${foreign}`]) {
      const response = await getThings(query);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Organization not found' });
    }
  });

  it('hides organizations a user of another organization cannot reach', async () => {
    // A responders' user sees their own organization, and not the coordination center that manages them.
    await registerUser(harness, {
      id: 'responder-user',
      email: 'dispatcher@responders.test',
      password: 'Other!2026',
      roleId: 2,
      organizationId: ids.responders,
    });
    const dispatcher = (await signIn(harness.app, 'dispatcher@responders.test', 'Other!2026')).access_token;
    expect((await getThings('', dispatcher)).json<ThingPage>().meta.total).toBe(
      visibleIds(ids.responders).length,
    );
    expect((await getThings(`?org_ids[]=${ids.coordination}`, dispatcher)).statusCode).toBe(404);
  });
});

describe('authentication and permission', () => {
  it('answers 401 without a token and with an expired one', async () => {
    expect((await harness.app.inject({ url: '/api/organization/things' })).statusCode).toBe(401);
    const { access_token: shortLived } = await signIn(harness.app, 'media@demo.test');
    expect((await getThings('', shortLived)).statusCode).toBe(200);
    harness.clock.advance(7_200_000);
    const expired = await getThings('', shortLived);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: 'unauthorized' });
    token = (await signIn(harness.app, 'user@demo.test')).access_token;
  });

  it('answers 403 to a user whose role grants none of thing:read, thing:manage, haas:manage', async () => {
    await registerUser(harness, {
      id: 'no-role-user',
      email: 'norole@demo.test',
      password: 'Other!2026',
      roleId: 0,
      organizationId: ids.coordination,
    });
    const noRole = (await signIn(harness.app, 'norole@demo.test', 'Other!2026')).access_token;
    const response = await getThings('', noRole);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'forbidden' });
  });
});

describe('last_updated_timestamp', () => {
  it('returns only the things changed at or after it, as ISO 8601 or unix milliseconds', async () => {
    harness.clock.advance(60_000);
    const changedAt = harness.clock.now();
    const devices = harness.app.eventLog.db
      .prepare<[string], { system_identifier: string; device_type: 'ha5' | 'ha7' | 'api'; id: string }>(
        `SELECT t.system_identifier, t.device_type, t.id FROM things t JOIN thing_access a ON a.thing_id = t.id
         WHERE a.organization_id = ? ORDER BY t.id LIMIT 2`,
      )
      .all(ids.coordination);
    await harness.app.telemetry.ingest(
      devices.map((device) => ({
        device_id: device.system_identifier,
        device_type: device.device_type,
        kind: 'heartbeat' as const,
        time: new Date(changedAt).toISOString(),
        lat: 41.88,
        lng: -87.63,
        speed: 0,
        course: 90,
        accuracy: 5,
        enroute: false,
      })),
    );

    const byIso = await pageOf(
      `?last_updated_timestamp=${encodeURIComponent(new Date(changedAt).toISOString())}`,
    );
    expect(byIso.data.map((thing) => thing.id)).toEqual(devices.map((device) => device.id));
    expect(byIso.meta.total).toBe(2);
    expect(byIso.data[0]).toMatchObject({
      lat: 41.88,
      lng: -87.63,
      heartbeat_datetime: new Date(changedAt).toISOString(),
    });

    const byMs = await pageOf(`?last_updated_timestamp=${changedAt}`);
    expect(byMs.data.map((thing) => thing.id)).toEqual(devices.map((device) => device.id));
    expect((await pageOf(`?last_updated_timestamp=${changedAt + 1}`)).meta.total).toBe(0);
  });

  it('rejects a value that is neither a time nor milliseconds with 400', async () => {
    expect((await getThings('?last_updated_timestamp=yesterday')).statusCode).toBe(400);
  });
});

describe('the wire shape', () => {
  it('decodes with the client domain schema without dropping a record', async () => {
    const page = await pageOf(
      `?org_ids[]=${ids.roadWorks}&org_ids[]=${ids.fleet}&org_ids[]=${ids.responders}`,
    );
    const decoded = decodeThings(page.data);
    expect(decoded.dropped).toBe(0);
    expect(decoded.records).toHaveLength(page.data.length);
    const sample = page.data.find((thing) => thing.device_type === 'api');
    expect(sample?.external_identifiers[0]?.system_name).toMatch(/^(Geotab|Samsara)$/);
    expect(page.data.every((thing) => thing.street && thing.lat !== null && thing.heartbeat_datetime)).toBe(
      true,
    );
  });
});
