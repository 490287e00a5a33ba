// The mutual-aid call (access §7 `POST /organization/mutual_aid_request`) and its error catalogue (access §8).
import { mutualAidErrorMessage, type MutualAidRequest } from '#domain/sharing/mutualAid';
import type { ApiClient } from './httpClient.ts';
import type { Result } from '../ui/result.ts';

export async function sendMutualAidRequest(client: ApiClient, body: MutualAidRequest): Promise<Result> {
  const result = await client.request('POST', '/organization/mutual_aid_request', { body });
  if (result.ok) return { ok: true };
  const serverMessage =
    result.body && typeof result.body === 'object' && 'message' in result.body
      ? String((result.body as { message: unknown }).message)
      : null;
  return { ok: false, message: mutualAidErrorMessage(result.status, serverMessage) };
}
