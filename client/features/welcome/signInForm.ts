// Sign-in form rules (access §5 "Sign-in") and how catalogue messages are presented (access §8).

export type SignInValues = { email: string; password: string };
export type SignInErrors = Partial<Record<keyof SignInValues, string>>;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateSignIn(values: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = 'Required';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'Must be a valid email';
  if (!values.password) errors.password = 'Required';
  return errors;
}

/** Messages about inactivity point to the reset flow; suspension and authorization ones to support. */
export function presentSignInMessage(message: string, supportEmail: string): string {
  if (message.includes('inactivity')) {
    return 'Your account has expired due to inactivity. Please click Forgot password? to reactivate your account';
  }
  if (message.includes('suspended') || message.includes('authorized')) {
    return `${message} Please contact ${supportEmail}`;
  }
  return message;
}

/** The catalogue's wrong-password text (access §8 400/404). */
export const INCORRECT_CREDENTIALS = 'Email and/or password incorrect.';
/**
 * Wrong passwords in a row after which the provider locks the account (the simulator's rule; the product documents
 * give no number). The answer to that last attempt still reads "incorrect", so the form counts for itself.
 */
export const LOCKOUT_THRESHOLD = 5;
/** What the provider says of a locked account (its `locked_out` description), shown as soon as the count is reached. */
export const LOCKED_OUT =
  'Your account is locked after too many failed sign-in attempts. Check your email to unlock it.';

/** Wrong passwords in a row for one e-mail address: another address starts again, any other answer resets. */
export type WrongPasswords = { email: string; count: number };

export function countWrongPassword(
  previous: WrongPasswords,
  email: string,
  message: string | null,
): WrongPasswords {
  const key = email.trim().toLowerCase();
  if (message !== INCORRECT_CREDENTIALS) return { email: key, count: 0 };
  return { email: key, count: previous.email === key ? previous.count + 1 : 1 };
}

/** Whether the form should already say the account is locked. */
export function looksLockedOut(wrong: WrongPasswords): boolean {
  return wrong.count >= LOCKOUT_THRESHOLD;
}
