// Sign-in and forgot-password form rules (access §5 "Sign-in", "Forgot password") and how catalogue messages are
// presented (access §8).

export type SignInValues = { email: string; password: string };
export type SignInErrors = Partial<Record<keyof SignInValues, string>>;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The e-mail's problem (sign-in and forgot password), or null when it reads as an address. */
export function emailProblem(text: string): string | null {
  const email = text.trim();
  if (!email) return 'Required';
  return EMAIL_PATTERN.test(email) ? null : 'Must be a valid email';
}

export function validateSignIn(values: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  const email = emailProblem(values.email);
  if (email) errors.email = email;
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
