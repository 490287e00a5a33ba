// The asset snapshot: GET /organization/things, every page in sequence (live §4 "Asset loading").
import * as v from 'valibot';
import { decodeThings, type Thing } from '#domain/things/thing';
import { nextPage, type PageMeta } from '#domain/paging/page';
import type { ApiClient } from './httpClient.ts';

const ThingsPageSchema = v.looseObject({
  data: v.array(v.unknown()),
  meta: v.object({ page: v.number(), per_page: v.number(), total: v.number() }),
});

export type ThingsSnapshot = {
  things: Thing[];
  /** Ids the provider reported inactive (incremental loads only); the client removes them. */
  inactiveIds: string[];
  /** Records that failed the structural check and were left out. */
  dropped: number;
};

export type SnapshotOutcome =
  { ok: true; snapshot: ThingsSnapshot } | { ok: false; status: number; message: string };

/** Assets load errors (live §8). */
export function thingsLoadErrorMessage(status: number): string {
  if (status === 0) return 'Connection failed';
  if (status === 404) return 'Organization not found';
  return 'Unknown failure';
}

function inactiveIdsOf(rawRecords: unknown[]): string[] {
  const ids: string[] = [];
  for (const raw of rawRecords) {
    if (raw && typeof raw === 'object' && 'is_active' in raw && raw.is_active === false && 'id' in raw) {
      if (typeof raw.id === 'string') ids.push(raw.id);
    }
  }
  return ids;
}

/**
 * Loads all assets of an organization, or only those changed at or after `changedSince` (unix ms).
 * Pages are fetched one after another so the provider sees one request at a time per dashboard.
 */
export async function fetchThingsSnapshot(
  client: ApiClient,
  organizationId: string,
  options: { changedSince?: number; signal?: AbortSignal } = {},
): Promise<SnapshotOutcome> {
  const things: Thing[] = [];
  const inactiveIds: string[] = [];
  let dropped = 0;
  let page: number | null = 1;
  while (page !== null) {
    const result = await client.request('GET', '/organization/things', {
      query: {
        'org_ids[]': [organizationId],
        page,
        last_updated_timestamp: options.changedSince,
      },
      signal: options.signal,
    });
    if (!result.ok)
      return { ok: false, status: result.status, message: thingsLoadErrorMessage(result.status) };
    const parsed = v.safeParse(ThingsPageSchema, result.data);
    if (!parsed.success)
      return { ok: false, status: result.status, message: thingsLoadErrorMessage(result.status) };
    const decoded = decodeThings(parsed.output.data);
    const inactive = new Set(inactiveIdsOf(parsed.output.data));
    for (const thing of decoded.records) {
      if (!inactive.has(thing.id)) things.push(thing);
    }
    inactiveIds.push(...inactive);
    dropped += decoded.dropped;
    const meta: PageMeta = parsed.output.meta;
    // A page that does not echo the one asked for would loop forever; stop there instead.
    page = meta.page === page ? nextPage(meta) : null;
  }
  return { ok: true, snapshot: { things, inactiveIds, dropped } };
}
