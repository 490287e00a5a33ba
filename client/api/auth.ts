// Sign-in and profile calls (access §7 "Authentication", "Profile and administration") and the sign-in error
// catalogue (access §8 "Sign-in by status").
import * as v from 'valibot';
import { decodeProfile, type Profile } from '#domain/organizations/profile';
import type { ApiClient, ApiFailure, ApiResult } from './httpClient.ts';
import type { Failure, Result } from '../ui/result.ts';

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
// Calls

/** A token call's answer: the token to store, or the sign-in failure's text. */
export type SignInOutcome = Result<StoredToken>;

export async function requestToken(
  client: ApiClient,
  email: string,
  password: string,
  unlockToken?: string,
): Promise<SignInOutcome> {
  const body: Record<string, string> = {
    grant_type: 'password',
    application: 'dashboard',
    username: email,
    password,
  };
  if (unlockToken) body.unlock_token = unlockToken;
  const result = await client.request('POST', '/user_token', { anonymous: true, body });
  if (!result.ok) return { ok: false, message: signInErrorMessage(result) };
  const parsed = v.safeParse(TokenResultSchema, result.value);
  if (!parsed.success) return { ok: false, message: UNKNOWN_FAILURE };
  return { ok: true, value: toStoredToken(parsed.output) };
}

export type { Profile };

/** The profile, or why not with the HTTP status (0: no answer; 401 ends the session). */
export type ProfileOutcome = Result<Profile, Failure & { status: number }>;

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
  const profile = decodeProfile(result.value);
  if (!profile) return { ok: false, status: result.status, message: PLEASE_LOG_BACK_IN };
  return { ok: true, value: profile };
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

export function signInErrorMessage(failure: Pick<ApiFailure, 'status' | 'message' | 'body'>): string {
  switch (failure.status) {
    case 0:
      return 'Connection failed.';
    case 400:
      return failure.message.includes('user_suspended') ? USER_SUSPENDED : INCORRECT_CREDENTIALS;
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

// ---------------------------------------------------------------------------------------------
// Token refresh (access §4, §8 "Token refresh")

export const REFRESH_TOKEN_EXPIRED = 'Access token is expired or does not exist.';

export function refreshErrorMessage(failure: Pick<ApiFailure, 'status'>): string {
  if (failure.status === 0) return 'Connection failed.';
  if (failure.status === 422) return REFRESH_TOKEN_EXPIRED;
  return UNKNOWN_FAILURE;
}

export async function refreshAccessToken(client: ApiClient, refreshToken: string): Promise<SignInOutcome> {
  const result = await client.request('POST', '/user_token', {
    anonymous: true,
    body: { grant_type: 'refresh_token', refresh_token: refreshToken },
  });
  if (!result.ok) return { ok: false, message: refreshErrorMessage(result) };
  const parsed = v.safeParse(TokenResultSchema, result.value);
  if (!parsed.success) return { ok: false, message: UNKNOWN_FAILURE };
  return { ok: true, value: toStoredToken(parsed.output) };
}

// ---------------------------------------------------------------------------------------------
// Token sign-in (access §2): a link carrying access_token and refresh_token query values signs the user in.

/** Provider tokens handed over in a link are long signed tokens; shorter values are not treated as a sign-in. */
export const TOKEN_SIGN_IN_MIN_LENGTH = 400;

export type LinkTokens = { accessToken: string; refreshToken: string };

export function linkTokensFrom(search: string): LinkTokens | null {
  const params = new URLSearchParams(search);
  const accessToken = params.get('access_token') ?? '';
  const refreshToken = params.get('refresh_token') ?? '';
  if (accessToken.length <= TOKEN_SIGN_IN_MIN_LENGTH || refreshToken.length <= TOKEN_SIGN_IN_MIN_LENGTH)
    return null;
  return { accessToken, refreshToken };
}

const VerifiedTokenSchema = v.looseObject({ expires_in: v.number(), created_at: v.number() });

/** Asks the provider whether a handed-over token is live, and when it expires. */
export async function verifyLinkTokens(client: ApiClient, tokens: LinkTokens): Promise<SignInOutcome> {
  const result = await client.request('POST', '/verify_token', {
    anonymous: true,
    body: { access_token: tokens.accessToken },
  });
  if (!result.ok) return { ok: false, message: signInErrorMessage(result) };
  const parsed = v.safeParse(VerifiedTokenSchema, result.value);
  if (!parsed.success) return { ok: false, message: UNKNOWN_FAILURE };
  return {
    ok: true,
    value: toStoredToken({
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      expires_in: parsed.output.expires_in,
      created_at: parsed.output.created_at,
    }),
  };
}
