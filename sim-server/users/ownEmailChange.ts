// Whether a caller may ask to move their own account to another e-mail address (issue 34 item 1), without IO: only
// from a signed-in session (never an API token) and with the current password. What the refusal answers is here
// too, in the catalogue's words; the links and mails that follow an accepted request are auth/emailChange.ts's.
import {
  CURRENT_PASSWORD_NEEDED,
  CURRENT_PASSWORD_WRONG,
  EMAIL_CHANGE_NEEDS_SIGN_IN,
} from '#domain/users/user';
import type { Credential } from '../http/caller.ts';

export type EmailChangeRequestRefusal = 'signed-in-session-required' | 'wrong-current-password';

/** Whether the caller may ask to move their own account to another address. */
export function refuseEmailChangeRequest(
  credential: Credential,
  currentPasswordMatches: boolean,
): EmailChangeRequestRefusal | null {
  if (credential !== 'session') return 'signed-in-session-required';
  if (!currentPasswordMatches) return 'wrong-current-password';
  return null;
}

/** The answer to a refused request: 403 without a signed-in session, else 422 naming what the password lacked. */
export function emailChangeRefusalAnswer(
  refusal: EmailChangeRequestRefusal,
  passwordGiven: boolean,
): { status: 403 | 422; body: { error: string; message: string } } {
  switch (refusal) {
    case 'signed-in-session-required':
      return { status: 403, body: { error: 'forbidden', message: EMAIL_CHANGE_NEEDS_SIGN_IN } };
    case 'wrong-current-password': {
      const message = passwordGiven ? CURRENT_PASSWORD_WRONG : CURRENT_PASSWORD_NEEDED;
      return { status: 422, body: { error: message, message } };
    }
    default: {
      const unexpected: never = refusal;
      throw new Error(`Unknown refusal ${JSON.stringify(unexpected)}`);
    }
  }
}
