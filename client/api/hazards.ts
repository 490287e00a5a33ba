// Hazards and run-to-run calls (issue 16): `GET /hazards` for the chosen assets, range and types, and
// `GET /things/{id}/r2r_run` for one asset's 15 minutes. Failures read as the trip catalogue's texts (access §8).
import { decodeHazards, type Hazard, type HazardType } from '#domain/hazards/hazard';
import { decodeR2RRun, R2R_NOT_ENABLED, type R2RRun } from '#domain/r2r/r2rRun';
import { tripErrorMessage } from '#domain/trips/trip';
import type { ApiClient } from './httpClient.ts';
import type { Result } from '../ui/result.ts';

export async function searchHazards(
  client: ApiClient,
  search: { thingIds: readonly string[]; start: number; end: number; types: readonly HazardType[] | 'all' },
): Promise<Result<Hazard[]>> {
  const result = await client.request('GET', '/hazards', {
    query: {
      'thing_ids[]': search.thingIds,
      start_time: new Date(search.start).toISOString(),
      end_time: new Date(search.end).toISOString(),
      'types[]': search.types === 'all' ? ['all'] : search.types,
    },
  });
  return result.ok
    ? { ok: true, value: decodeHazards(result.value) }
    : { ok: false, message: tripErrorMessage(result.status) };
}

export async function searchR2RRun(
  client: ApiClient,
  thingId: string,
  start: number,
): Promise<Result<R2RRun>> {
  const result = await client.request('GET', `/things/${encodeURIComponent(thingId)}/r2r_run`, {
    query: { start_time: new Date(start).toISOString() },
  });
  // 422 is the HA5/HA7 rule (access §6): the simulator says "R2R not enabled".
  if (!result.ok && result.status === 422) return { ok: false, message: R2R_NOT_ENABLED };
  if (!result.ok) return { ok: false, message: tripErrorMessage(result.status) };
  const run = decodeR2RRun(result.value);
  return run ? { ok: true, value: run } : { ok: false, message: tripErrorMessage(-1) };
}
