// The trip calls of access §7: one `GET /things/{id}/trips` per asset in parallel, merged from their settled
// results (domain/trips/trip.ts), coverage per asset (the assets to choose from: session/useAssetChoices.ts).
import {
  decodeCoverage,
  mergeSettledTrips,
  type Coverage,
  type MergedTrips,
  type SettledTripQuery,
} from '#domain/trips/trip';
import type { ApiClient } from './httpClient.ts';

export type AssetChoice = { id: string; name: string };

/** One query per asset at once; each settles on its own, and the merge shows what came back. */
export async function searchTrips(
  client: ApiClient,
  assets: readonly AssetChoice[],
  range: { start: number; end: number },
): Promise<MergedTrips> {
  const start = new Date(range.start).toISOString();
  const query = { start_time: start, end_time: new Date(range.end).toISOString(), run_date: start };
  const settled = await Promise.all(
    assets.map(async (asset): Promise<SettledTripQuery> => {
      const result = await client.request('GET', `/things/${encodeURIComponent(asset.id)}/trips`, {
        query,
      });
      return result.ok
        ? { thingId: asset.id, thingName: asset.name, ok: true, data: result.value }
        : { thingId: asset.id, thingName: asset.name, ok: false, status: result.status };
    }),
  );
  return mergeSettledTrips(settled);
}

/** What telemetry each asset has, for the form to say; empty when the call fails (it only informs). */
export async function fetchCoverage(client: ApiClient, thingIds: readonly string[]): Promise<Coverage[]> {
  if (thingIds.length === 0) return [];
  const result = await client.request('GET', '/things/coverage/', { query: { 'thing_ids[]': thingIds } });
  return result.ok ? decodeCoverage(result.value) : [];
}
