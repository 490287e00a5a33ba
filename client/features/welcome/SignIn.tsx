import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { landingPath } from '#domain/session/routeGates';
import { linkTokensFrom } from '../../api/auth.ts';
import { requestUnlock } from '../../api/passwordRecovery.ts';
import { currentEnvironment } from '../../app/environment.ts';
import { apiClient, permissions, takeReturnPath } from '../../app/session.ts';
import { isMobileViewport } from '../../app/viewport.ts';
import { ConfidentialityNotice } from './ConfidentialityNotice.tsx';
import { signIn, signInWithLinkTokens } from './signInFlow.ts';
import type { Result } from '../../ui/result.ts';
import { presentSignInMessage, validateSignIn, type SignInValues } from './signInForm.ts';
import { EMAIL_SENT } from './welcomeTexts.ts';
import './welcome.css';
import '../../ui/formField.css';

type Field = keyof SignInValues;

/** After sign-in: the remembered path if the user may open it, else their first section (access §2). */
function landingAfterSignIn(): string {
  const viewer = { permissions: permissions.peek(), isMobile: isMobileViewport() };
  return landingPath(takeReturnPath(), viewer) ?? '/dashboard';
}

/** Sign-in (access §2). `unlockToken` comes from an unlock link and is sent with the password. */
export function SignIn({ unlockToken = null, email = '' }: { unlockToken?: string | null; email?: string }) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const [values, setValues] = useState<SignInValues>({ email, password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ email: false, password: false });
  const [dirty, setDirty] = useState<Record<Field, boolean>>({ email: false, password: false });
  const [submitFailed, setSubmitFailed] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [lockedOut, setLockedOut] = useState(false);
  const [unlockSent, setUnlockSent] = useState<string | null>(null);
  const environment = currentEnvironment();

  const finish = (result: Result) => {
    if (!result.ok) {
      // The provider answers the attempt that locks the account as locked already (`locked_out` with its
      // description), so the unlock e-mail is offered at once.
      setFailure(presentSignInMessage(result.message, environment.supportEmail));
      setLockedOut(/locked/i.test(result.message));
      return;
    }
    navigate(landingAfterSignIn(), { replace: true });
  };

  const finishLinkSignIn = useEffectEvent(finish);

  // A link carrying long access and refresh tokens signs the user in without the form (access §2).
  const linkTokens = linkTokensFrom(search);
  const linkAccessToken = linkTokens?.accessToken ?? null;
  const linkRefreshToken = linkTokens?.refreshToken ?? null;
  useEffect(() => {
    if (!linkAccessToken || !linkRefreshToken) return;
    let cancelled = false;
    setPending(true);
    void signInWithLinkTokens({ accessToken: linkAccessToken, refreshToken: linkRefreshToken }).then(
      (result) => {
        if (cancelled) return;
        setPending(false);
        finishLinkSignIn(result);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [linkAccessToken, linkRefreshToken]);

  const sendUnlock = async () => {
    setPending(true);
    const outcome = await requestUnlock(apiClient(), values.email.trim());
    setPending(false);
    setUnlockSent(outcome.ok ? EMAIL_SENT : outcome.message);
  };
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
    setUnlockSent(null);
    const result = await signIn(values.email, values.password, unlockToken ?? undefined);
    setPending(false);
    finish(result);
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
          <Link href="/welcome/forgot" state={{ email: values.email.trim() }} className="link">
            Forgot password?
          </Link>
        </div>

        {unlockToken ? (
          <p className="welcome__notice" data-testid="unlock-notice">
            Sign in to unlock your account.
          </p>
        ) : null}

        {failure ? (
          <p className="welcome__error" role="alert" data-testid="sign-in-error">
            {failure}
          </p>
        ) : null}
        {lockedOut ? (
          <button type="button" className="button" disabled={pending} onClick={() => void sendUnlock()}>
            Send unlock email
          </button>
        ) : null}
        {unlockSent ? (
          <p
            className={unlockSent === EMAIL_SENT ? 'welcome__success' : 'welcome__error'}
            role="status"
            data-testid="unlock-sent"
          >
            {unlockSent}
          </p>
        ) : null}

        <button type="submit" className="button button--primary welcome__submit" disabled={pending}>
          {pending ? 'Pending...' : 'Sign In'}
        </button>
        <ConfidentialityNotice />
      </form>
    </main>
  );
}
