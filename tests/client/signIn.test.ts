// What a person sees when sign-in fails (access §8) and how the form checks its fields (access §5).
import { describe, expect, it } from 'vitest';
import { signInErrorMessage, toStoredToken } from '#client/api/auth.ts';
import { presentSignInMessage, validateSignIn } from '#client/features/welcome/signInForm.ts';

const failure = (status: number, body: unknown = null, message = '') => ({ status, body, message });

describe('sign-in error catalogue', () => {
  it.each([
    [failure(0), 'Connection failed.'],
    [failure(400, { error: 'invalid_grant' }, 'invalid_grant'), 'Email and/or password incorrect.'],
    [failure(400, { error: 'user_suspended' }, 'user_suspended'), 'User is suspended.'],
    [failure(404), 'Email and/or password incorrect.'],
    [failure(403), 'Your user is not authorized to access Safety Cloud Dashboard.'],
    [
      failure(401, { error: 'expired' }),
      'Your account has expired due to inactivity. Please contact the provider to restore your account.',
    ],
    [
      failure(401, { error: 'not_authorized_method' }),
      'Your organization is managing user access to the Safety Cloud dashboard. Please contact your administrator for access.',
    ],
    [failure(401, { error: 'user_suspended' }), 'User is suspended.'],
    [
      failure(401, { error: 'not_safetycloud_enabled' }),
      'Your user is not authorized to access Safety Cloud Dashboard.',
    ],
    [
      failure(401, { error: 'locked_out', error_description: 'Too many attempts, try again in 15 minutes' }),
      'Too many attempts, try again in 15 minutes',
    ],
    [failure(401, { error: 'something_else' }), 'Unknown failure.'],
    [failure(500), 'Unknown failure.'],
  ])('status %o → %s', (input, expected) => {
    expect(signInErrorMessage(input)).toBe(expected);
  });
});

describe('sign-in message presentation', () => {
  it('points an inactivity expiry to Forgot password', () => {
    expect(
      presentSignInMessage(
        'Your account has expired due to inactivity. Please contact the provider to restore your account.',
        'help@x.test',
      ),
    ).toBe(
      'Your account has expired due to inactivity. Please click Forgot password? to reactivate your account',
    );
  });

  it('adds the support address to suspension and authorization messages', () => {
    expect(presentSignInMessage('User is suspended.', 'help@x.test')).toBe(
      'User is suspended. Please contact help@x.test',
    );
    expect(presentSignInMessage('Email and/or password incorrect.', 'help@x.test')).toBe(
      'Email and/or password incorrect.',
    );
  });
});

describe('sign-in form validation', () => {
  it('requires both fields', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({ email: 'Required', password: 'Required' });
  });

  it('asks for a valid e-mail', () => {
    expect(validateSignIn({ email: 'user@demo', password: 'x' })).toEqual({ email: 'Must be a valid email' });
    expect(validateSignIn({ email: ' user@demo.test ', password: 'x' })).toEqual({});
  });
});

describe('stored token', () => {
  it('expires at (created_at + expires_in) seconds, in milliseconds', () => {
    const stored = toStoredToken({ access_token: 'abc', created_at: 1_700_000_000, expires_in: 7200 });
    expect(stored.expiresAt).toBe(1_700_007_200_000);
    expect(stored.tokenType).toBe('Bearer');
  });
});
