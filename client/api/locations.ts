// The event screens' calls (live §7): moving a location (`PUT /locations/{id}`), creating one (`POST /locations`) and the three-word address lookup
// (`GET /three_words`, the simulator's stand-in; docs/contract.md). Failures read as the catalogue's texts (live §8).
import * as v from 'valibot';
import { locationUpdateErrorMessage } from '#domain/locations/eventList';
import type { LocationCreate } from '#domain/locations/locationRecord';
import { locationCreateErrorMessage } from '#domain/locations/newLocation';
import { THREE_WORDS_NOT_FOUND, ThreeWordAnswerSchema } from '#domain/locations/threeWordAddress';
import type { ApiClient } from './httpClient.ts';
import type { Result } from '../ui/result.ts';

export type LocationMoveRequest = {
  id: string;
  lat: number;
  lng: number;
  roadwayHeading: number | null;
  organizationId: string;
};

export async function moveLocation(client: ApiClient, move: LocationMoveRequest): Promise<Result> {
  const result = await client.request('PUT', `/locations/${encodeURIComponent(move.id)}`, {
    body: {
      lat: move.lat,
      lng: move.lng,
      roadway_heading: move.roadwayHeading,
      organization_id: move.organizationId,
    },
  });
  return result.ok
    ? { ok: true }
    : { ok: false, message: locationUpdateErrorMessage(result.status, result.message) };
}

/** "/// words" for the point, or the catalogue's "what3words not found..." for any failure. */
export async function lookUpThreeWords(
  client: ApiClient,
  point: { id: string; lat: number; lng: number },
  signal: AbortSignal,
): Promise<string> {
  const result = await client.request('GET', '/three_words', {
    query: { id: point.id, lat: point.lat, lng: point.lng },
    signal,
  });
  if (!result.ok) return THREE_WORDS_NOT_FOUND;
  const answer = v.safeParse(ThreeWordAnswerSchema, result.value);
  return answer.success ? `/// ${answer.output.words}` : THREE_WORDS_NOT_FOUND;
}

/** `POST /locations` (events/new): the created location's id, or the refusal in the form's words. */
export async function createLocation(client: ApiClient, body: LocationCreate): Promise<Result<string>> {
  const result = await client.request('POST', '/locations', { body });
  if (!result.ok) return { ok: false, message: locationCreateErrorMessage(result.status, result.message) };
  const created = v.safeParse(v.object({ id: v.string() }), result.value);
  return created.success
    ? { ok: true, value: created.output.id }
    : { ok: false, message: locationCreateErrorMessage(-1, '') };
}
