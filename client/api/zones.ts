// The alerting-zone calls of live §7: the organization's zones, save (create or update) and delete; failures read
// as live §8 "Zones" says (domain/zones/zoneScreens.ts).
import { decodeAlertingZones, type AlertingZone } from '#domain/zones/alertingZone';
import { zoneErrorMessage, type zoneSaveBody } from '#domain/zones/zoneScreens';
import type { Result } from '../ui/result.ts';
import type { ApiClient } from './httpClient.ts';

export async function fetchZones(
  client: ApiClient,
  organizationId: string,
): Promise<Result<{ items: AlertingZone[]; records: unknown[] }>> {
  const result = await client.request('GET', '/organization/alerting_zones', {
    query: { 'org_ids[]': [organizationId] },
  });
  if (!result.ok) return { ok: false, message: zoneErrorMessage(result.status, result.errorText) };
  const records = Array.isArray(result.data) ? (result.data as unknown[]) : [];
  return { ok: true, value: { items: decodeAlertingZones(records).records, records } };
}

/** Creates the zone when the body has no id, else updates it; answers the saved zone's id. */
export async function saveZone(
  client: ApiClient,
  body: ReturnType<typeof zoneSaveBody>,
): Promise<Result<string>> {
  const result =
    body.id === undefined
      ? await client.request('POST', '/organization/alerting_zones', { body })
      : await client.request('PUT', `/organization/alerting_zones/${encodeURIComponent(body.id)}`, { body });
  if (!result.ok) return { ok: false, message: zoneErrorMessage(result.status, result.errorText) };
  const saved = result.data as { id?: unknown } | null;
  return { ok: true, value: String(saved?.id ?? body.id ?? '') };
}

export async function deleteZone(client: ApiClient, zoneId: string): Promise<Result<null>> {
  const result = await client.request('DELETE', `/organization/alerting_zones/${encodeURIComponent(zoneId)}`);
  if (result.ok) return { ok: true, value: null };
  return { ok: false, message: zoneErrorMessage(result.status, result.errorText) };
}
