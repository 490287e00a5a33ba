// The area calls of live §7: the area types, save (create or update) and delete, each failure read as the error
// catalogue's text (live §8, domain/areas/areaScreens.ts). The organization's areas are loaded by the live worker
// (client/live/liveSources.ts), which also takes each save's answer as it came (`record`).
import { decodeAreaTypes, type AreaType } from '#domain/areas/area';
import type { AreaSave } from '#domain/areas/areaRecord';
import {
  areaDeleteErrorMessage,
  areaListErrorMessage,
  areaSaveErrorMessage,
} from '#domain/areas/areaScreens';
import type { Result } from '../ui/result.ts';
import type { ApiClient } from './httpClient.ts';

export async function fetchAreaTypes(client: ApiClient): Promise<Result<AreaType[]>> {
  const result = await client.request('GET', '/ez_types');
  if (!result.ok) return { ok: false, message: areaListErrorMessage(result.status) };
  return { ok: true, value: decodeAreaTypes(result.value).records };
}

/** Creates the area when the body has no id, else updates it; answers the saved area's id and record. */
export async function saveArea(
  client: ApiClient,
  body: AreaSave,
): Promise<Result<{ id: string; record: unknown }>> {
  const result =
    body.id === undefined
      ? await client.request('POST', '/organization/exclusion_zone', { body })
      : await client.request('PUT', `/organization/exclusion_zone/${encodeURIComponent(String(body.id))}`, {
          body,
        });
  if (!result.ok) return { ok: false, message: areaSaveErrorMessage(result.status, result.message) };
  const saved = result.value as { id?: unknown } | null;
  return { ok: true, value: { id: String(saved?.id ?? body.id ?? ''), record: result.value } };
}

/** Deletes the area; a 404 counts as deleted (live §7). */
export async function deleteArea(client: ApiClient, areaId: string): Promise<Result<null>> {
  const result = await client.request('DELETE', `/organization/exclusion_zone/${encodeURIComponent(areaId)}`);
  if (result.ok || result.status === 404) return { ok: true, value: null };
  return { ok: false, message: areaDeleteErrorMessage(result.status) };
}
