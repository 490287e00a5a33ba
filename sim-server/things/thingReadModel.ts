// Things (assets) as `GET /api/organization/things` returns them (live §3), a page at a time, ordered by id.
// What an organization set sees, and each thing's unchanging JSON, change only when things are registered,
// edited or shared: both are cached in memory and dropped when the projections' version moves. A page then
// costs one read of the narrow thing_states rows. Incremental loads (`changedSince`) use the updated_at index.
import type { EventLog } from '../store/eventLog.ts';
import { thingJsonText, type ThingStateRow } from './thingWire.ts';

export type ThingPageQuery = {
  organizationIds: readonly string[];
  /** Unix ms: only things changed at or after it, inactive ones included. Null: the active things. */
  changedSince: number | null;
  page: number;
  perPage: number;
};

export type ThingPage = {
  /** JSON text of each thing, in id order. */
  data: string[];
  total: number;
};

export type ThingReadModel = { page(query: ThingPageQuery): ThingPage };

type Member = { thing_key: number; is_active: number };
type ThingStateTuple = [
  thingKey: number,
  lat: number | null,
  lng: number | null,
  speed: number | null,
  course: number | null,
  accuracy: number | null,
  enroute: number,
  heartbeatAt: number | null,
  street: string | null,
];
type Membership = { members: Member[]; active: Member[] };

/** The page as the response body text, so the route sends it without serialising again. */
export function thingPageJson(page: ThingPage, meta: { page: number; per_page: number }): string {
  return `{"data":[${page.data.join(',')}],"meta":{"page":${meta.page},"per_page":${meta.per_page},"total":${page.total}}}`;
}

export function createThingReadModel(log: EventLog): ThingReadModel {
  const { db, projections } = log;
  const selectMembers = db.prepare<[string], Member>(`
    SELECT t.thing_key, t.is_active FROM things t
    WHERE EXISTS (SELECT 1 FROM thing_access a WHERE a.thing_id = t.id
                  AND a.organization_id IN (SELECT value FROM json_each(?)))
    ORDER BY t.id`);
  const selectPrefixes = db.prepare<[string], { thing_key: number; wire_prefix: string }>(
    'SELECT thing_key, wire_prefix FROM things WHERE thing_key IN (SELECT value FROM json_each(?))',
  );
  // Arrays rather than objects per row: a page reads thousands of cells and this halves the cost.
  const selectStates = db
    .prepare<[string], ThingStateTuple>(
      `SELECT thing_key, lat, lng, speed, course, accuracy, enroute, heartbeat_at, street FROM thing_states
       WHERE thing_key IN (SELECT value FROM json_each(?))`,
    )
    .raw();
  const selectChanged = db.prepare<[number], { thing_key: number }>(
    'SELECT thing_key FROM thing_states WHERE updated_at >= ?',
  );

  let cachedVersion = '';
  const memberships = new Map<string, Membership>();
  const prefixes = new Map<number, string>();

  /** Drops the caches when the projections changed things (or another connection wrote the file). */
  function checkVersion() {
    const version = `${projections.thingsVersion()}:${db.pragma('data_version', { simple: true })}`;
    if (version === cachedVersion) return;
    cachedVersion = version;
    memberships.clear();
    prefixes.clear();
  }

  function membershipOf(organizationIds: readonly string[]): Membership {
    const key = JSON.stringify([...organizationIds].sort());
    let membership = memberships.get(key);
    if (!membership) {
      const members = selectMembers.all(key);
      membership = { members, active: members.filter((member) => member.is_active === 1) };
      memberships.set(key, membership);
    }
    return membership;
  }

  function prefixesOf(keys: readonly number[]): void {
    const missing = keys.filter((key) => !prefixes.has(key));
    if (missing.length === 0) return;
    for (const row of selectPrefixes.all(JSON.stringify(missing)))
      prefixes.set(row.thing_key, row.wire_prefix);
  }

  return {
    page({ organizationIds, changedSince, page, perPage }) {
      checkVersion();
      const membership = membershipOf(organizationIds);
      let matching = membership.active;
      if (changedSince !== null) {
        const changed = new Set(selectChanged.all(changedSince).map((row) => row.thing_key));
        matching = membership.members.filter((member) => changed.has(member.thing_key));
      }
      const offset = (page - 1) * perPage;
      const members = matching.slice(offset, offset + perPage);
      if (members.length === 0) return { data: [], total: matching.length };
      const keys = members.map((member) => member.thing_key);
      prefixesOf(keys);
      const states = new Map<number, ThingStateRow>();
      for (const [key, lat, lng, speed, course, accuracy, enroute, heartbeatAt, street] of selectStates.all(
        JSON.stringify(keys),
      ) as unknown as ThingStateTuple[]) {
        states.set(key, { lat, lng, speed, course, accuracy, enroute, heartbeat_at: heartbeatAt, street });
      }
      const data: string[] = [];
      for (const member of members) {
        const prefix = prefixes.get(member.thing_key);
        const state = states.get(member.thing_key);
        if (prefix !== undefined && state) data.push(thingJsonText(prefix, member.is_active === 1, state));
      }
      return { data, total: matching.length };
    },
  };
}
