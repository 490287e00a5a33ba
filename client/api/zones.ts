// The alerting-zone calls of live §7: save (create or update) and delete; failures read as live §8 "Zones" says
// (domain/zones/zoneScreens.ts). The organization's zones are loaded by the live worker (client/live/liveSources.ts),
// which also takes each save's answer as it came (`record`).
import { zoneErrorMessage, type zoneSaveBody } from '#domain/zones/zoneScreens';
import type { Result } from '../ui/result.ts';
import type { ApiClient } from './httpClient.ts';

/** Creates the zone when the body has no id, else updates it; answers the saved zone's id and record. */
export async function saveZone(
  client: ApiClient,
  body: ReturnType<typeof zoneSaveBody>,
): Promise<Result<{ id: string; record: unknown }>> {
  const result =
    body.id === undefined
      ? await client.request('POST', '/organization/alerting_zones', { body })
      : await client.request('PUT', `/organization/alerting_zones/${encodeURIComponent(body.id)}`, { body });
  if (!result.ok) return { ok: false, message: zoneErrorMessage(result.status, result.message) };
  const saved = result.value as { id?: unknown } | null;
  return { ok: true, value: { id: String(saved?.id ?? body.id ?? ''), record: result.value } };
}

export async function deleteZone(client: ApiClient, zoneId: string): Promise<Result<null>> {
  const result = await client.request('DELETE', `/organization/alerting_zones/${encodeURIComponent(zoneId)}`);
  if (result.ok) return { ok: true, value: null };
  return { ok: false, message: zoneErrorMessage(result.status, result.message) };
}
