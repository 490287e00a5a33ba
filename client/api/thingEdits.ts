// The asset writes of live §7 as the detail panel and the edit forms call them — profile, organization access,
// R2R test alert and test mode, LED light intensity — each answering the live §8 catalogue text on failure, and
// the thing catalogues the forms and the Filters panel offer.
import * as v from 'valibot';
import type { ThingAssociationsSave } from '#domain/things/thingCommandBodies';
import {
  LightIntensityAnswerSchema,
  R2RAnswerSchema,
  type LightIntensity,
} from '#domain/things/thingCommandBodies';
import type { ThingProfileWrite } from '#domain/things/thingProfileRules';
import {
  decodeThingSubtypes,
  decodeThingTypes,
  type ThingSubtype,
  type ThingType,
} from '#domain/things/thingTypes';
import { CONNECTION_FAILED, type ApiClient, type ApiFailure } from './httpClient.ts';
import type { Result } from '../ui/result.ts';

const UNKNOWN_FAILURE = 'Unknown failure';

/** Live §8 "Asset profile or association update". */
export function thingUpdateErrorMessage(failure: Pick<ApiFailure, 'status' | 'message'>): string {
  if (failure.status === 0) return CONNECTION_FAILED;
  if (failure.status === 422) {
    if (failure.message.includes('found')) return 'Asset not found';
    if (failure.message.includes('nickname')) return 'Asset nickname cannot be updated';
    return failure.message;
  }
  return UNKNOWN_FAILURE;
}

/** Live §8 "Light intensity". */
export function lightIntensityErrorMessage(failure: Pick<ApiFailure, 'status' | 'message'>): string {
  if (failure.status === 0) return CONNECTION_FAILED;
  if (failure.status === 404) return 'Asset not found';
  if (failure.status === 422) {
    return failure.message.includes('Timed') ? 'Request timed out' : 'Something went wrong';
  }
  return UNKNOWN_FAILURE;
}

export const ALERT_DELIVERED = 'Alert Delivered';
export const ALERT_NOT_DELIVERED = 'Alert Not Delivered';
export const TEST_MODE_ON_MESSAGE =
  'Activate the emergency lights to send a test alert to the R2R indicator.';

export function testModeErrorMessage(turningOn: boolean): string {
  return turningOn ? 'Unable to activate Test Mode' : 'Unable to deactivate Test Mode';
}

const thingPath = (thingId: string) => `/things/${encodeURIComponent(thingId)}`;

export async function updateThingProfile(
  client: ApiClient,
  thingId: string,
  body: ThingProfileWrite,
): Promise<Result<null>> {
  const result = await client.request('PUT', thingPath(thingId), { body: { ...body, id: thingId } });
  return result.ok ? { ok: true, value: null } : { ok: false, message: thingUpdateErrorMessage(result) };
}

/** Saves the asset's organization access; answers the provider's body (its relations now) for the live worker. */
export async function updateThingAssociations(
  client: ApiClient,
  thingId: string,
  body: ThingAssociationsSave,
): Promise<Result<unknown>> {
  const result = await client.request('PUT', `${thingPath(thingId)}/associations`, { body });
  return result.ok
    ? { ok: true, value: result.value }
    : { ok: false, message: thingUpdateErrorMessage(result) };
}

/** Sends an R2R test alert: "Alert Delivered" or "Alert Not Delivered" (a refusal did not deliver either). */
export async function sendR2RTest(client: ApiClient, thingId: string): Promise<string> {
  const result = await client.request('PUT', `${thingPath(thingId)}/r2r`, { body: {} });
  if (!result.ok) return ALERT_NOT_DELIVERED;
  const answer = v.safeParse(R2RAnswerSchema, result.value);
  return answer.success && answer.output.delivered === true ? ALERT_DELIVERED : ALERT_NOT_DELIVERED;
}

export async function switchTestMode(client: ApiClient, thingId: string, on: boolean): Promise<Result<null>> {
  const result = await client.request('PUT', `${thingPath(thingId)}/r2r`, { body: { test_mode: on } });
  return result.ok ? { ok: true, value: null } : { ok: false, message: testModeErrorMessage(on) };
}

export async function readLightIntensity(
  client: ApiClient,
  thingId: string,
): Promise<Result<LightIntensity>> {
  const result = await client.request('GET', `${thingPath(thingId)}/light_intensity`);
  if (!result.ok) return { ok: false, message: lightIntensityErrorMessage(result) };
  const answer = v.safeParse(LightIntensityAnswerSchema, result.value);
  if (!answer.success) return { ok: false, message: 'Something went wrong' };
  return { ok: true, value: answer.output.light_intensity.toLowerCase() as LightIntensity };
}

export async function writeLightIntensity(
  client: ApiClient,
  thingId: string,
  level: LightIntensity,
): Promise<Result<string>> {
  const result = await client.request<{ message?: string }>('PUT', `${thingPath(thingId)}/light_intensity`, {
    body: { light_intensity: level },
  });
  if (!result.ok) return { ok: false, message: lightIntensityErrorMessage(result) };
  return { ok: true, value: result.value.message ?? 'Update was successful' };
}

export type ThingCatalog = { types: ThingType[]; subtypes: ThingSubtype[] };

export async function loadThingCatalog(client: ApiClient): Promise<Result<ThingCatalog>> {
  const [types, subtypes] = await Promise.all([
    client.request('GET', '/thing_types'),
    client.request('GET', '/thing_subtypes'),
  ]);
  if (!types.ok) return { ok: false, message: types.status === 0 ? CONNECTION_FAILED : UNKNOWN_FAILURE };
  if (!subtypes.ok)
    return { ok: false, message: subtypes.status === 0 ? CONNECTION_FAILED : UNKNOWN_FAILURE };
  return {
    ok: true,
    value: {
      types: decodeThingTypes(types.value).records,
      subtypes: decodeThingSubtypes(subtypes.value).records,
    },
  };
}
