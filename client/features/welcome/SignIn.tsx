import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { currentEnvironment } from '../../app/environment.ts';
import { takeReturnPath } from '../../app/session.ts';
import { signIn } from './signInFlow.ts';
import { presentSignInMessage, validateSignIn, type SignInValues } from './signInForm.ts';

type Field = keyof SignInValues;

export function SignIn() {
  const [, navigate] = useLocation();
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ email: false, password: false });
  const [dirty, setDirty] = useState<Record<Field, boolean>>({ email: false, password: false });
  const [submitFailed, setSubmitFailed] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const environment = currentEnvironment();
  const errors = validateSignIn(values);

  // A field shows its error once touched and changed, or after a submit attempt (access §5 forms).
  const visibleError = (field: Field) =>
    (touched[field] && dirty[field]) || submitFailed ? (errors[field] ?? null) : null;

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setDirty((current) => ({ ...current, [field]: true }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (Object.keys(errors).length > 0) {
      setSubmitFailed(true);
      return;
    }
    setPending(true);
    setFailure(null);
    const result = await signIn(values.email, values.password);
    setPending(false);
    if (!result.ok) {
      setFailure(presentSignInMessage(result.message, environment.supportEmail));
      return;
    }
    navigate(takeReturnPath() ?? '/dashboard', { replace: true });
  };

  const emailError = visibleError('email');
  const passwordError = visibleError('password');

  return (
    <main className="welcome">
      <form
        className="welcome__card"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Sign In"
      >
        <h1 className="welcome__title">Sign In</h1>
        <p className="welcome__subtitle">Live operations dashboard</p>
        {environment.apiOverride ? (
          <p className="welcome__notice" data-testid="api-override">
            Using the API at {environment.apiOverride}
          </p>
        ) : null}

        <div className="field">
          <label htmlFor="sign-in-email" className="field__label">
            Email
          </label>
          <input
            id="sign-in-email"
            className="input"
            type="email"
            name="email"
            autoComplete="username"
            value={values.email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? 'email-error' : undefined}
            onChange={(event) => change('email', event.target.value)}
            onBlur={() => setTouched((current) => ({ ...current, email: true }))}
          />
          {emailError ? (
            <span id="email-error" className="field__error">
              {emailError}
            </span>
          ) : null}
        </div>

        <div className="field">
          <label htmlFor="sign-in-password" className="field__label">
            Password
          </label>
          <span className="field__password">
            <input
              id="sign-in-password"
              className="input"
              type={showPassword ? 'text' : 'password'}
              name="password"
              autoComplete="current-password"
              value={values.password}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? 'password-error' : undefined}
              onChange={(event) => change('password', event.target.value)}
              onBlur={() => setTouched((current) => ({ ...current, password: true }))}
            />
            <button
              type="button"
              className="field__toggle"
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              {showPassword ? 'Hide' : 'Show'}
            </button>
          </span>
          {passwordError ? (
            <span id="password-error" className="field__error">
              {passwordError}
            </span>
          ) : null}
        </div>

        <div className="welcome__links">
          <Link href="/welcome/forgot" className="link">
            Forgot password?
          </Link>
        </div>

        {failure ? (
          <p className="welcome__error" role="alert" data-testid="sign-in-error">
            {failure}
          </p>
        ) : null}

        <button type="submit" className="button button--primary welcome__submit" disabled={pending}>
          {pending ? 'Pending...' : 'Sign In'}
        </button>
      </form>
    </main>
  );
}
