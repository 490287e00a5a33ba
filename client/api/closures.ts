// The closure calls of live §7 (list, create, update, the quick Activate/Deactivate, delete), the assets a closure
// may name, and the directions service for the form's path. Failures come back as the catalogue's texts (live §8)
// through domain/closures/closureForm.ts; the directions service is the simulator's stand-in in dev-local and the
// environment's `directionsUrl` elsewhere (docs/closures.md).
import { decodeClosures, type Closure } from '#domain/closures/closure';
import type { ClosureQuickUpdate } from '#domain/closures/closureRules';
import {
  DIRECTIONS_FALLBACK,
  decodeDirections,
  waypointText,
  type DirectionsAnswer,
  type Waypoint,
} from '#domain/closures/closureDirections';
import {
  closureDeleteError,
  closureLoadError,
  closureSaveError,
  UNABLE_TO_ACTIVATE,
} from '#domain/closures/closureForm';
import type { ClosureSave } from '#domain/closures/closureRecord';
import { decodeThingsPage } from '#domain/things/thingsPage';
import type { ApiClient } from './httpClient.ts';

export type Done<T> = { ok: true; value: T } | { ok: false; message: string };

type ClosureContext = { now: number; isWzdxOrg: boolean };

export async function loadClosures(
  client: ApiClient,
  organizationId: string,
  context: ClosureContext,
  signal?: AbortSignal,
): Promise<Done<Closure[]>> {
  const result = await client.request('GET', '/organization/closure', {
    query: { 'org_ids[]': [organizationId] },
    ...(signal ? { signal } : {}),
  });
  if (!result.ok) return { ok: false, message: closureLoadError(result.status) };
  return { ok: true, value: decodeClosures(result.data, context).records };
}

function savedClosure(data: unknown, context: ClosureContext): Closure | null {
  return decodeClosures([data], context).records[0] ?? null;
}

/** A whole-form save: a create when `closureId` is null. */
export async function saveClosure(
  client: ApiClient,
  request: { organizationId: string; closureId: string | null; body: ClosureSave },
  context: ClosureContext,
): Promise<Done<Closure>> {
  const result =
    request.closureId === null
      ? await client.request('POST', '/organization/closure', {
          query: { 'org_ids[]': [request.organizationId] },
          body: request.body,
        })
      : await client.request('PUT', `/organization/closure/${encodeURIComponent(request.closureId)}`, {
          body: request.body,
        });
  if (!result.ok) return { ok: false, message: closureSaveError(result.status, result.errorText) };
  const closure = savedClosure(result.data, context);
  return closure ? { ok: true, value: closure } : { ok: false, message: closureSaveError(-1, '') };
}

/** The list's switch: only the id, the active flag and the end time. */
export async function switchClosure(
  client: ApiClient,
  update: ClosureQuickUpdate,
  context: ClosureContext,
): Promise<Done<Closure>> {
  const result = await client.request('PUT', `/organization/closure/${encodeURIComponent(update.uuid)}`, {
    body: update,
  });
  const closure = result.ok ? savedClosure(result.data, context) : null;
  return closure ? { ok: true, value: closure } : { ok: false, message: UNABLE_TO_ACTIVATE };
}

/** A 404 counts as deleted (live §4). */
export async function deleteClosure(client: ApiClient, closureId: string): Promise<Done<null>> {
  const result = await client.request('DELETE', `/organization/closure/${encodeURIComponent(closureId)}`);
  if (result.ok || result.status === 404) return { ok: true, value: null };
  return { ok: false, message: closureDeleteError(result.status) };
}

export type ClosureAssetChoice = { id: string; name: string; systemId: string };

/** The organization's assets allowed for closures, by name, for the Associated Asset picker. */
export async function loadClosureAssets(
  client: ApiClient,
  organizationId: string,
): Promise<Done<ClosureAssetChoice[]>> {
  const choices: ClosureAssetChoice[] = [];
  for (let page = 1; ; page += 1) {
    const result = await client.request('GET', '/organization/things', {
      query: { 'org_ids[]': [organizationId], page, per_page: 1000 },
    });
    if (!result.ok) return { ok: false, message: 'No Assets Available' };
    const decoded = decodeThingsPage(result.data, {});
    if (!decoded) return { ok: false, message: 'No Assets Available' };
    for (const thing of decoded.things)
      if (thing.isAllowedForClosures)
        choices.push({ id: thing.id, name: thing.primaryDisplayName, systemId: thing.systemId });
    if (page * decoded.meta.per_page >= decoded.meta.total || decoded.things.length === 0) break;
  }
  choices.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { ok: true, value: choices };
}

/** The road path between the two points the user placed; the failure is the text shown under the path. */
export async function fetchDirections(
  client: ApiClient,
  directionsPath: string,
  start: Waypoint,
  end: Waypoint,
  signal?: AbortSignal,
): Promise<Done<DirectionsAnswer>> {
  const result = await client.request('GET', directionsPath, {
    query: { origin: waypointText(start), destination: waypointText(end) },
    ...(signal ? { signal } : {}),
  });
  if (!result.ok) {
    const text =
      result.body && typeof result.body === 'object' ? (result.body as { error?: unknown }).error : null;
    return { ok: false, message: typeof text === 'string' && text !== '' ? text : DIRECTIONS_FALLBACK };
  }
  const answer = decodeDirections(result.data);
  return answer ? { ok: true, value: answer } : { ok: false, message: DIRECTIONS_FALLBACK };
}
