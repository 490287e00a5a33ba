// The Accounts screens' calls (access §7 "Profile and administration", docs/contract.md "Accounts"): users and roles,
// the organization profile, API tokens and device config files. Answers are read with the domain's definitions; a
// failure becomes the text the screens show (access §8: the server's "User not found" / "Organization not found",
// "Connection failed" when there was no answer).
import * as v from 'valibot';
import { BillingRecordSchema, mapBilling, type Billing } from '#domain/billing/billing';
import {
  ApiTokenListSchema,
  ApiTokenRecordSchema,
  mapApiToken,
  type ApiToken,
} from '#domain/integrations/apiToken';
import {
  ConfigFileListSchema,
  ConfigFileRecordSchema,
  mapConfigFile,
  type ConfigFile,
  type ConfigFileSave,
} from '#domain/integrations/configFile';
import {
  mapServerOrganization,
  ServerOrganizationSchema,
  type Organization,
} from '#domain/organizations/organization';
import type { OrganizationSave } from '#domain/organizations/organizationAddress';
import {
  mapOrganizationUser,
  OrganizationUserRecordSchema,
  OrganizationUsersAnswerSchema,
  RolesAnswerSchema,
  type OrganizationUser,
  type RoleRecord,
  type UserSave,
} from '#domain/users/user';
import { CONNECTION_FAILED, type ApiClient, type ApiResult } from './httpClient.ts';
import { failure, succeeded, type Result } from '../ui/result.ts';

export const UNKNOWN_FAILURE = 'Unknown failure';

/** The text a failed call shows: the server's message when it gave one, else the catalogue's. */
export function failureText(result: Extract<ApiResult<unknown>, { ok: false }>): string {
  if (result.status === 0) return CONNECTION_FAILED;
  const body = result.body as { error?: unknown; message?: unknown } | null;
  const message = typeof body?.message === 'string' ? body.message : null;
  const error = typeof body?.error === 'string' ? body.error : null;
  if (result.status === 422 || result.status === 404) return message ?? error ?? UNKNOWN_FAILURE;
  if (result.status === 403) return message ?? 'You do not have permission to do this.';
  if (result.status === 400) return message ?? UNKNOWN_FAILURE;
  return UNKNOWN_FAILURE;
}

async function call<S extends v.GenericSchema, T>(
  request: Promise<ApiResult<unknown>>,
  schema: S,
  map: (output: v.InferOutput<S>) => T,
): Promise<Result<T>> {
  const result = await request;
  if (!result.ok) return { ok: false, message: failureText(result) };
  const parsed = v.safeParse(schema, result.value);
  return parsed.success ? succeeded(map(parsed.output)) : failure(UNKNOWN_FAILURE);
}

const identity = <T>(value: T) => value;
const DeletedSchema = v.looseObject({});

export function fetchOrganizationUsers(client: ApiClient): Promise<Result<OrganizationUser[]>> {
  return call(client.request('GET', '/organization/users'), OrganizationUsersAnswerSchema, (answer) =>
    answer.organization_users.map(mapOrganizationUser),
  );
}

export function fetchRoles(client: ApiClient): Promise<Result<RoleRecord[]>> {
  return call(client.request('GET', '/roles'), RolesAnswerSchema, identity);
}

export function fetchUser(client: ApiClient, userId: string): Promise<Result<OrganizationUser>> {
  return call(
    client.request('GET', `/users/${encodeURIComponent(userId)}`),
    OrganizationUserRecordSchema,
    mapOrganizationUser,
  );
}

/** `POST /users` for a new user, `PUT /users/{id}` for an existing one. */
export function saveUser(client: ApiClient, save: UserSave): Promise<Result<OrganizationUser>> {
  const request = save.id
    ? client.request('PUT', `/users/${encodeURIComponent(save.id)}`, { body: save })
    : client.request('POST', '/users', { body: save });
  return call(request, OrganizationUserRecordSchema, mapOrganizationUser);
}

export function deleteUser(client: ApiClient, userId: string): Promise<Result<unknown>> {
  return call(client.request('DELETE', `/users/${encodeURIComponent(userId)}`), DeletedSchema, identity);
}

export function fetchOrganization(client: ApiClient, organizationId: string): Promise<Result<Organization>> {
  return call(
    client.request('GET', `/organization/${encodeURIComponent(organizationId)}`),
    ServerOrganizationSchema,
    mapServerOrganization,
  );
}

export function saveOrganization(
  client: ApiClient,
  organizationId: string,
  save: OrganizationSave,
): Promise<Result<Organization>> {
  return call(
    client.request('PUT', `/organization/${encodeURIComponent(organizationId)}`, { body: save }),
    ServerOrganizationSchema,
    mapServerOrganization,
  );
}

export function fetchApiTokens(client: ApiClient): Promise<Result<ApiToken[]>> {
  return call(client.request('GET', '/api_tokens'), ApiTokenListSchema, (list) =>
    list.api_tokens.map(mapApiToken),
  );
}

export function createApiToken(client: ApiClient, description: string): Promise<Result<ApiToken>> {
  return call(
    client.request('POST', '/api_tokens', { body: { description } }),
    ApiTokenRecordSchema,
    mapApiToken,
  );
}

export function deleteApiToken(client: ApiClient, tokenId: string): Promise<Result<unknown>> {
  return call(
    client.request('DELETE', `/api_tokens/${encodeURIComponent(tokenId)}`),
    DeletedSchema,
    identity,
  );
}

export function fetchConfigFiles(client: ApiClient, organizationId: string): Promise<Result<ConfigFile[]>> {
  return call(
    client.request('GET', '/organization/config_files', { query: { 'org_ids[]': [organizationId] } }),
    ConfigFileListSchema,
    (records) => records.map(mapConfigFile),
  );
}

export function createConfigFile(client: ApiClient, save: ConfigFileSave): Promise<Result<ConfigFile>> {
  return call(
    client.request('POST', '/organization/config_files', { body: save }),
    ConfigFileRecordSchema,
    mapConfigFile,
  );
}

export function deleteConfigFile(client: ApiClient, configFileId: string): Promise<Result<unknown>> {
  return call(
    client.request('DELETE', `/organization/config_files/${encodeURIComponent(configFileId)}`),
    DeletedSchema,
    identity,
  );
}

export function fetchBilling(client: ApiClient, organizationId: string): Promise<Result<Billing>> {
  return call(
    client.request('GET', `/organization/${encodeURIComponent(organizationId)}/billing`),
    BillingRecordSchema,
    mapBilling,
  );
}
