// Whether a caller may ask to change their own e-mail (sim-server/users/ownEmailChange.ts), without Fastify: only a
// signed-in session with the current password, and each refusal answered in the catalogue's words.
import { describe, expect, it } from 'vitest';
import {
  CURRENT_PASSWORD_NEEDED,
  CURRENT_PASSWORD_WRONG,
  EMAIL_CHANGE_NEEDS_SIGN_IN,
} from '#domain/users/user';
import { emailChangeRefusalAnswer, refuseEmailChangeRequest } from '#sim/users/ownEmailChange';

describe('own e-mail change request', () => {
  it('needs a signed-in session before it looks at the password', () => {
    expect(refuseEmailChangeRequest('api-token', true)).toBe('signed-in-session-required');
    expect(refuseEmailChangeRequest(null, true)).toBe('signed-in-session-required');
    expect(refuseEmailChangeRequest('session', false)).toBe('wrong-current-password');
    expect(refuseEmailChangeRequest('session', true)).toBeNull();
  });

  it('answers 403 without a session, and 422 naming a missing or a wrong password', () => {
    expect(emailChangeRefusalAnswer('signed-in-session-required', true)).toEqual({
      status: 403,
      body: { error: 'forbidden', message: EMAIL_CHANGE_NEEDS_SIGN_IN },
    });
    expect(emailChangeRefusalAnswer('wrong-current-password', false)).toEqual({
      status: 422,
      body: { error: CURRENT_PASSWORD_NEEDED, message: CURRENT_PASSWORD_NEEDED },
    });
    expect(emailChangeRefusalAnswer('wrong-current-password', true)).toEqual({
      status: 422,
      body: { error: CURRENT_PASSWORD_WRONG, message: CURRENT_PASSWORD_WRONG },
    });
  });
});
