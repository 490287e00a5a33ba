// Forgot password, unlock account and reset password (access §2, §7) with their error catalogues (access §8), and
// the confirm and undo links of one's own e-mail change (issue 34).
import * as v from 'valibot';
import { EmailLinkAnswerSchema } from '#domain/session/accountContract';
import type { ApiClient, ApiFailure } from './httpClient.ts';
import type { Result } from '../ui/result.ts';

export const CONNECTION_FAILED_SENTENCE = 'Connection failed.';
export const UNKNOWN_FAILURE = 'Unknown failure.';
export const NO_SUCH_USER = "There's no user with such email.";
export const RESET_TOKEN_EXPIRED = 'Reset token is expired or does not exist.';
export const PASSWORD_REUSED = 'Cannot be same as last 10 passwords.';
export const PASSWORD_REQUIREMENTS_UNMET = 'Password does not fulfill password requirements.';

/** Forgot password and unlock account share one catalogue. */
export function recoveryErrorMessage(failure: Pick<ApiFailure, 'status'>): string {
  if (failure.status === 0) return CONNECTION_FAILED_SENTENCE;
  if (failure.status === 404) return NO_SUCH_USER;
  return UNKNOWN_FAILURE;
}

export function resetErrorMessage(
  failure: Pick<ApiFailure, 'status' | 'message'>,
  supportEmail: string,
): string {
  const text = failure.message;
  switch (failure.status) {
    case 0:
      return CONNECTION_FAILED_SENTENCE;
    case 401:
      return text.includes('user_suspended')
        ? `User is suspended. Please contact support at ${supportEmail}`
        : UNKNOWN_FAILURE;
    case 404:
      return RESET_TOKEN_EXPIRED;
    case 422:
      if (/used previously|password_reused|same as/i.test(text)) return PASSWORD_REUSED;
      if (text.includes('Token has expired')) return RESET_TOKEN_EXPIRED;
      return PASSWORD_REQUIREMENTS_UNMET;
    default:
      return UNKNOWN_FAILURE;
  }
}

export async function requestPasswordReset(client: ApiClient, email: string): Promise<Result> {
  const result = await client.request('POST', '/forgot_password', { anonymous: true, body: { email } });
  return result.ok ? { ok: true } : { ok: false, message: recoveryErrorMessage(result) };
}

export async function requestUnlock(client: ApiClient, email: string): Promise<Result> {
  const result = await client.request('POST', '/unlock_account', { anonymous: true, body: { email } });
  return result.ok ? { ok: true } : { ok: false, message: recoveryErrorMessage(result) };
}

export async function resetPassword(
  client: ApiClient,
  token: string,
  password: string,
  supportEmail: string,
): Promise<Result> {
  const result = await client.request('PUT', '/reset_password', {
    anonymous: true,
    body: { token, password },
  });
  return result.ok ? { ok: true } : { ok: false, message: resetErrorMessage(result, supportEmail) };
}

// The links of one's own e-mail change (issue 34; docs/accounts.md): the new address confirms, the old one undoes.
export const EMAIL_LINK_UNUSABLE = 'This link has expired or was already used.';
export const EMAIL_NOT_AVAILABLE_FOR_ACCOUNT = 'This email cannot be used for this account.';

export function emailLinkErrorMessage(failure: Pick<ApiFailure, 'status' | 'message'>): string {
  if (failure.status === 0) return CONNECTION_FAILED_SENTENCE;
  if (failure.status === 404) return EMAIL_LINK_UNUSABLE;
  if (failure.status === 422)
    return failure.message.includes('email_not_available')
      ? EMAIL_NOT_AVAILABLE_FOR_ACCOUNT
      : EMAIL_LINK_UNUSABLE;
  return UNKNOWN_FAILURE;
}

/** Uses a confirm (`confirm`) or undo (`undo`) link's token; answers the account's address now. */
export async function followEmailLink(
  client: ApiClient,
  kind: 'confirm' | 'undo',
  token: string,
): Promise<Result<string>> {
  const path = kind === 'confirm' ? '/confirm_email' : '/undo_email_change';
  const result = await client.request('POST', path, { anonymous: true, body: { token } });
  if (!result.ok) return { ok: false, message: emailLinkErrorMessage(result) };
  const answer = v.safeParse(EmailLinkAnswerSchema, result.value);
  return answer.success ? { ok: true, value: answer.output.email } : { ok: false, message: UNKNOWN_FAILURE };
}
