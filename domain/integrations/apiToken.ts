// API tokens (access §3 "API token", §6 account notices): a user's long-lived keys for calling the API from their
// own systems. Read top to bottom: the wire records and the create body, the client model and mapper, the rules
// (the per-user limit, the notices, how a token is shown once and masked after).
import * as v from 'valibot';

// ---------------------------------------------------------------------------------------------
// Wire schema

export const DESCRIPTION_MAX_LENGTH = 100;

/** `POST /api/api_tokens`. */
export const ApiTokenCreateSchema = v.object({
  description: v.pipe(
    v.string('Required'),
    v.trim(),
    v.minLength(1, 'Required'),
    v.maxLength(DESCRIPTION_MAX_LENGTH, `${DESCRIPTION_MAX_LENGTH} Max Characters`),
  ),
});
export type ApiTokenCreate = v.InferOutput<typeof ApiTokenCreateSchema>;

/** A token as listed: `token` is masked (its last characters) except in the answer to its creation. */
export const ApiTokenRecordSchema = v.object({
  id: v.string(),
  description: v.string(),
  token: v.string(),
  /** ISO 8601. */
  created_date: v.string(),
});
export type ApiTokenRecord = v.InferOutput<typeof ApiTokenRecordSchema>;

/** `GET /api/api_tokens`: the caller's tokens, newest first, and how many more they may create. */
export const ApiTokenListSchema = v.object({
  api_tokens: v.array(ApiTokenRecordSchema),
  limit: v.pipe(v.number(), v.integer()),
});
export type ApiTokenList = v.InferOutput<typeof ApiTokenListSchema>;

// ---------------------------------------------------------------------------------------------
// Client model and mapper

export type ApiToken = { id: string; description: string; token: string; createdDate: string };

export function mapApiToken(record: ApiTokenRecord): ApiToken {
  return {
    id: record.id,
    description: record.description,
    token: record.token,
    createdDate: record.created_date,
  };
}

// ---------------------------------------------------------------------------------------------
// Rules

/** Tokens one user may hold at once (access §9 leaves it unshown; our choice, docs/contract.md). */
export const API_KEY_LIMIT = 3;
export const API_KEY_LIMIT_REACHED = 'Your User has reached the API Key limit';
export const API_KEY_PERMISSION_MISSING =
  'Your user does not have permission to create API Keys. Please contact support to enable API Keys.';
export const API_TOKEN_NOT_FOUND = 'API Token not found';

/** Every API token starts with this, so a request's bearer token is told apart from a session's at a glance. */
export const API_TOKEN_PREFIX = 'sc_api_';

/** Characters of a token kept visible in lists. */
const VISIBLE_TAIL = 4;

export function maskToken(token: string): string {
  return `${API_TOKEN_PREFIX}…${token.slice(-VISIBLE_TAIL)}`;
}

export function isApiToken(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}

export function hasReachedApiKeyLimit(tokenCount: number): boolean {
  return tokenCount >= API_KEY_LIMIT;
}
