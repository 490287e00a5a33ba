// Sign-in (access §2, §5): the kit's form state (`useForm`: an error shows once a field was touched and changed, or
// after a Sign In was tried) and fields, the catalogue's refusals presented by `signInForm.ts`, the unlock e-mail
// offered once the provider says the account is locked, and token sign-in from a link.
import { useEffect, useEffectEvent, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { landingPath } from '#domain/session/routeGates';
import { linkTokensFrom } from '../../api/auth.ts';
import { requestUnlock } from '../../api/passwordRecovery.ts';
import { currentEnvironment } from '../../session/environment.ts';
import { apiClient, permissions, takeReturnPath } from '../../session/session.ts';
import { isMobileViewport } from '../../session/viewport.ts';
import { describedBy, Field } from '../../ui/FormField.tsx';
import { useForm } from '../../ui/useForm.ts';
import { ConfidentialityNotice } from './ConfidentialityNotice.tsx';
import { signIn, signInWithLinkTokens } from './signInFlow.ts';
import { presentSignInMessage, validateSignIn, type SignInValues } from './signInForm.ts';
import { PasswordInput } from './PasswordInput.tsx';
import { EMAIL_SENT } from './welcomeTexts.ts';
import { Button } from '../../ui/Button.tsx';
import './welcome.css';
import { Form } from '../../ui/Form.tsx';

/** After sign-in: the remembered path if the user may open it, else their first section (access §2). */
function landingAfterSignIn(): string {
  const viewer = { permissions: permissions.peek(), isMobile: isMobileViewport() };
  return landingPath(takeReturnPath(), viewer) ?? '/dashboard';
}

/** Sign-in (access §2). `unlockToken` comes from an unlock link and is sent with the password. */
export function SignIn({ unlockToken = null, email = '' }: { unlockToken?: string | null; email?: string }) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const form = useForm<SignInValues>('sign-in', { email, password: '' }, validateSignIn);
  // The link sign-in and the unlock e-mail run outside the form's own submit.
  const [busy, setBusy] = useState(false);
  const [linkFailure, setLinkFailure] = useState<string | null>(null);
  const [unlockSent, setUnlockSent] = useState<string | null>(null);
  const environment = currentEnvironment();
  const pending = busy || form.submitting;
  const refusal = form.apiError ?? linkFailure;
  // The provider answers the attempt that locks the account as locked already (`locked_out` with its
  // description), so the unlock e-mail is offered at once.
  const lockedOut = refusal !== null && /locked/i.test(refusal);

  const finishLinkSignIn = useEffectEvent((message: string | null) => {
    if (message === null) navigate(landingAfterSignIn(), { replace: true });
    else setLinkFailure(message);
  });

  // A link carrying long access and refresh tokens signs the user in without the form (access §2).
  const linkTokens = linkTokensFrom(search);
  const linkAccessToken = linkTokens?.accessToken ?? null;
  const linkRefreshToken = linkTokens?.refreshToken ?? null;
  useEffect(() => {
    if (!linkAccessToken || !linkRefreshToken) return;
    let cancelled = false;
    setBusy(true);
    void signInWithLinkTokens({ accessToken: linkAccessToken, refreshToken: linkRefreshToken }).then(
      (result) => {
        if (cancelled) return;
        setBusy(false);
        finishLinkSignIn(result.ok ? null : result.message);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [linkAccessToken, linkRefreshToken]);

  const sendUnlock = async () => {
    setBusy(true);
    const outcome = await requestUnlock(apiClient(), form.values.email.trim());
    setBusy(false);
    setUnlockSent(outcome.ok ? EMAIL_SENT : outcome.message);
  };

  const submit = () => {
    if (pending) return;
    void form.submit(
      async (values) => {
        setLinkFailure(null);
        setUnlockSent(null);
        const result = await signIn(values.email, values.password, unlockToken ?? undefined);
        if (result.ok) navigate(landingAfterSignIn(), { replace: true });
        return result;
      },
      { holdOnSuccess: true },
    );
  };

  const emailField = form.bind('email');
  const passwordField = form.bind('password');

  return (
    <main className="welcome">
      <Form className="welcome__card" onSubmit={submit} aria-label="Sign In">
        <h1 className="welcome__title">Sign In</h1>
        <p className="welcome__subtitle">Live operations dashboard</p>
        {environment.apiOverride ? (
          <p className="welcome__notice" data-testid="api-override">
            Using the API at {environment.apiOverride}
          </p>
        ) : null}

        <Field id={emailField.id} label="Email" error={emailField.error}>
          <input
            id={emailField.id}
            className="input"
            type="email"
            name="email"
            autoComplete="username"
            value={emailField.value}
            aria-invalid={emailField.error ? true : undefined}
            aria-describedby={describedBy(emailField.id, emailField.error)}
            onChange={(event) => emailField.onChange(event.target.value)}
            onBlur={emailField.onBlur}
          />
        </Field>

        <Field id={passwordField.id} label="Password" error={passwordField.error}>
          <PasswordInput {...passwordField} name="password" autoComplete="current-password" toggle />
        </Field>

        <div className="welcome__links">
          <Link href="/welcome/forgot" state={{ email: form.values.email.trim() }} className="link">
            Forgot password?
          </Link>
        </div>

        {unlockToken ? (
          <p className="welcome__notice" data-testid="unlock-notice">
            Sign in to unlock your account.
          </p>
        ) : null}

        {refusal ? (
          <p className="welcome__error" role="alert" data-testid="sign-in-error">
            {presentSignInMessage(refusal, environment.supportEmail)}
          </p>
        ) : null}
        {lockedOut ? (
          <Button disabled={pending} onClick={() => void sendUnlock()}>
            Send unlock email
          </Button>
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

        <Button type="submit" variant="primary" className="welcome__submit" disabled={pending}>
          {pending ? 'Pending...' : 'Sign In'}
        </Button>
        <ConfidentialityNotice />
      </Form>
    </main>
  );
}
