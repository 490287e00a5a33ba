// Things (assets) as `GET /api/organization/things` returns them (live §3), a page at a time, ordered by id.
// Which things an organization set sees changes rarely (registration, sharing), so the id-ordered list is
// cached per set and checked against the projections' membership version; each page then fetches its rows by
// key and joins their ready JSON. Incremental loads (`changedSince`) go through the updated_at index.
import type { EventLog } from '../store/eventLog.ts';
import { thingJsonText, type ThingLiveRow } from './thingWire.ts';

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
type Membership = { version: string; members: Member[]; active: number[] };

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
  const selectChanged = db.prepare<[number], { thing_key: number }>(
    'SELECT thing_key FROM thing_states WHERE updated_at >= ?',
  );
  const selectRows = db.prepare<[string], ThingLiveRow>(`
    SELECT t.wire_prefix, t.is_active, s.lat, s.lng, s.speed, s.course, s.accuracy, s.enroute, s.heartbeat_at, s.street
    FROM things t JOIN thing_states s ON s.thing_key = t.thing_key
    WHERE t.thing_key IN (SELECT value FROM json_each(?)) ORDER BY t.id`);
  const memberships = new Map<string, Membership>();

  function membershipOf(organizationIds: readonly string[]): Membership {
    const key = JSON.stringify([...organizationIds].sort());
    // data_version moves when another connection commits, the projections' version when this one registers.
    const version = `${projections.membershipVersion()}:${db.pragma('data_version', { simple: true })}`;
    const cached = memberships.get(key);
    if (cached && cached.version === version) return cached;
    const members = selectMembers.all(key);
    const membership = {
      version,
      members,
      active: members.filter((member) => member.is_active === 1).map((member) => member.thing_key),
    };
    memberships.set(key, membership);
    return membership;
  }

  return {
    page({ organizationIds, changedSince, page, perPage }) {
      const membership = membershipOf(organizationIds);
      let matching = membership.active;
      if (changedSince !== null) {
        const changed = new Set(selectChanged.all(changedSince).map((row) => row.thing_key));
        matching = membership.members
          .filter((member) => changed.has(member.thing_key))
          .map((member) => member.thing_key);
      }
      const offset = (page - 1) * perPage;
      const keys = matching.slice(offset, offset + perPage);
      const data = keys.length === 0 ? [] : selectRows.all(JSON.stringify(keys)).map(thingJsonText);
      return { data, total: matching.length };
    },
  };
}
