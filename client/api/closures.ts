// The closure calls of live §7 (create, update, the quick Activate/Deactivate, delete) and the directions service
// for the form's path. The list, and the assets a closure may name, are the live worker's (client/live/). A saved
// closure's answer is decoded here, once, and handed on decoded (with its text, by which the worker knows its cable
// echo; docs/live-worker.md "Collections"). Failures come back as the catalogue's texts (live §8)
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
import { closureDeleteError, closureSaveError, UNABLE_TO_ACTIVATE } from '#domain/closures/closureForm';
import type { ClosureSave } from '#domain/closures/closureRecord';
import type { ApiClient } from './httpClient.ts';
import type { Result } from '../ui/result.ts';

type ClosureContext = { now: number; isWzdxOrg: boolean };

/**
 * The saved closure, decoded once, and the answer's JSON text: the live worker takes the closure as it is and drops
 * the cable's echo of the same answer (client/live/ownEchoes.ts) instead of decoding either again.
 */
export type SavedClosure = { closure: Closure; answer: string };

/** A save's answer read once: the closure and the text its cable echo will have; null when it does not read. */
export function decodeSavedClosure(data: unknown, context: ClosureContext): SavedClosure | null {
  const closure = decodeClosures([data], context).records[0];
  return closure ? { closure, answer: JSON.stringify(data) } : null;
}

/** A whole-form save: a create when `closureId` is null. */
export async function saveClosure(
  client: ApiClient,
  request: { organizationId: string; closureId: string | null; body: ClosureSave },
  context: ClosureContext,
): Promise<Result<SavedClosure>> {
  const result =
    request.closureId === null
      ? await client.request('POST', '/organization/closure', {
          query: { 'org_ids[]': [request.organizationId] },
          body: request.body,
        })
      : await client.request('PUT', `/organization/closure/${encodeURIComponent(request.closureId)}`, {
          body: request.body,
        });
  if (!result.ok) return { ok: false, message: closureSaveError(result.status, result.message) };
  const saved = decodeSavedClosure(result.value, context);
  return saved ? { ok: true, value: saved } : { ok: false, message: closureSaveError(-1, '') };
}

/** The list's switch: only the id, the active flag and the end time. */
export async function switchClosure(
  client: ApiClient,
  update: ClosureQuickUpdate,
  context: ClosureContext,
): Promise<Result<SavedClosure>> {
  const result = await client.request('PUT', `/organization/closure/${encodeURIComponent(update.uuid)}`, {
    body: update,
  });
  const saved = result.ok ? decodeSavedClosure(result.value, context) : null;
  return saved ? { ok: true, value: saved } : { ok: false, message: UNABLE_TO_ACTIVATE };
}

/** A 404 counts as deleted (live §4). */
export async function deleteClosure(client: ApiClient, closureId: string): Promise<Result<null>> {
  const result = await client.request('DELETE', `/organization/closure/${encodeURIComponent(closureId)}`);
  if (result.ok || result.status === 404) return { ok: true, value: null };
  return { ok: false, message: closureDeleteError(result.status) };
}

/** The road path between the two points the user placed; the failure is the text shown under the path. */
export async function fetchDirections(
  client: ApiClient,
  directionsPath: string,
  start: Waypoint,
  end: Waypoint,
  signal?: AbortSignal,
): Promise<Result<DirectionsAnswer>> {
  const result = await client.request('GET', directionsPath, {
    query: { origin: waypointText(start), destination: waypointText(end) },
    ...(signal ? { signal } : {}),
  });
  if (!result.ok) {
    const text =
      result.body && typeof result.body === 'object' ? (result.body as { error?: unknown }).error : null;
    return { ok: false, message: typeof text === 'string' && text !== '' ? text : DIRECTIONS_FALLBACK };
  }
  const answer = decodeDirections(result.value);
  return answer ? { ok: true, value: answer } : { ok: false, message: DIRECTIONS_FALLBACK };
}
