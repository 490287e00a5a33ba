// Sign-in and profile calls (access §7 "Authentication", "Profile and administration") and the sign-in error
// catalogue (access §8 "Sign-in by status").
import * as v from 'valibot';
import type { ApiClient, ApiFailure, ApiResult } from './httpClient.ts';

// ---------------------------------------------------------------------------------------------
// Token result

export const TokenResultSchema = v.looseObject({
  access_token: v.pipe(v.string(), v.minLength(1)),
  refresh_token: v.nullish(v.string()),
  expires_in: v.number(),
  token_type: v.nullish(v.string()),
  created_at: v.number(),
  scope: v.nullish(v.string()),
  uuid: v.nullish(v.string()),
});
export type TokenResult = v.InferOutput<typeof TokenResultSchema>;

/** What the dashboard keeps in localStorage after sign-in. */
export type StoredToken = {
  accessToken: string;
  refreshToken: string | null;
  tokenType: string;
  scope: string | null;
  uuid: string | null;
  /** Unix milliseconds: (created_at + expires_in) * 1000. */
  expiresAt: number;
};

export function toStoredToken(result: TokenResult): StoredToken {
  return {
    accessToken: result.access_token,
    refreshToken: result.refresh_token ?? null,
    tokenType: result.token_type ?? 'Bearer',
    scope: result.scope ?? null,
    uuid: result.uuid ?? null,
    expiresAt: (result.created_at + result.expires_in) * 1000,
  };
}

// ---------------------------------------------------------------------------------------------
// Profile (only the fields this client reads so far; the rest pass through untouched)

export const ProfileOrganizationSchema = v.looseObject({
  id: v.string(),
  name: v.nullish(v.string()),
  is_wzdx_org: v.nullish(v.boolean()),
  is_large_org: v.nullish(v.boolean()),
  is_responder: v.nullish(v.boolean()),
});

export const ProfileSchema = v.looseObject({
  user: v.looseObject({
    id: v.string(),
    email: v.string(),
    firstname: v.nullish(v.string()),
    lastname: v.nullish(v.string()),
    role_id: v.nullish(v.number()),
    organization_id: v.nullish(v.string()),
    permissions: v.nullish(v.array(v.string())),
  }),
  user_org: ProfileOrganizationSchema,
  managed_orgs: v.nullish(v.array(ProfileOrganizationSchema)),
  accessed_orgs: v.nullish(v.array(ProfileOrganizationSchema)),
});
export type Profile = v.InferOutput<typeof ProfileSchema>;

// ---------------------------------------------------------------------------------------------
// Calls

export type SignInOutcome = { ok: true; token: StoredToken } | { ok: false; message: string };

export async function requestToken(
  client: ApiClient,
  email: string,
  password: string,
): Promise<SignInOutcome> {
  const result = await client.request('POST', '/user_token', {
    anonymous: true,
    body: { grant_type: 'password', application: 'dashboard', username: email, password },
  });
  if (!result.ok) return { ok: false, message: signInErrorMessage(result) };
  const parsed = v.safeParse(TokenResultSchema, result.data);
  if (!parsed.success) return { ok: false, message: UNKNOWN_FAILURE };
  return { ok: true, token: toStoredToken(parsed.output) };
}

export type ProfileOutcome = { ok: true; profile: Profile } | { ok: false; status: number; message: string };

export const PLEASE_LOG_BACK_IN = 'Error: Please log back in.';

export async function fetchProfile(client: ApiClient): Promise<ProfileOutcome> {
  const result: ApiResult<unknown> = await client.request('GET', '/profile');
  if (!result.ok) {
    return {
      ok: false,
      status: result.status,
      message: result.status === 0 ? 'Connection failed' : PLEASE_LOG_BACK_IN,
    };
  }
  const parsed = v.safeParse(ProfileSchema, result.data);
  if (!parsed.success) return { ok: false, status: result.status, message: PLEASE_LOG_BACK_IN };
  return { ok: true, profile: parsed.output };
}

/** Sign-out tells the provider to revoke the token; the dashboard forgets it whatever the answer. */
export async function revokeToken(client: ApiClient, token: string): Promise<void> {
  await client.request('POST', '/revoke_token', { body: { token } });
}

// ---------------------------------------------------------------------------------------------
// Sign-in error catalogue (access §8)

export const UNKNOWN_FAILURE = 'Unknown failure.';
export const INCORRECT_CREDENTIALS = 'Email and/or password incorrect.';
export const USER_SUSPENDED = 'User is suspended.';
export const NOT_AUTHORIZED_FOR_DASHBOARD = 'Your user is not authorized to access Safety Cloud Dashboard.';

const UNAUTHORIZED_MESSAGES: Record<string, string> = {
  expired: 'Your account has expired due to inactivity. Please contact the provider to restore your account.',
  not_authorized_method:
    'Your organization is managing user access to the Safety Cloud dashboard. Please contact your administrator for access.',
  user_suspended: USER_SUSPENDED,
  not_safetycloud_enabled: NOT_AUTHORIZED_FOR_DASHBOARD,
};

function errorCode(body: unknown): string {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string')
    return body.error;
  return '';
}

function errorDescription(body: unknown): string {
  if (
    body &&
    typeof body === 'object' &&
    'error_description' in body &&
    typeof body.error_description === 'string'
  ) {
    return body.error_description;
  }
  return '';
}

export function signInErrorMessage(failure: Pick<ApiFailure, 'status' | 'errorText' | 'body'>): string {
  switch (failure.status) {
    case 0:
      return 'Connection failed.';
    case 400:
      return failure.errorText.includes('user_suspended') ? USER_SUSPENDED : INCORRECT_CREDENTIALS;
    case 404:
      return INCORRECT_CREDENTIALS;
    case 403:
      return NOT_AUTHORIZED_FOR_DASHBOARD;
    case 401: {
      const code = errorCode(failure.body);
      if (code === 'locked_out') return errorDescription(failure.body) || UNKNOWN_FAILURE;
      return UNAUTHORIZED_MESSAGES[code] ?? UNKNOWN_FAILURE;
    }
    default:
      return UNKNOWN_FAILURE;
  }
}
