import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { requestPasswordReset } from '../../api/passwordRecovery.ts';
import { apiClient } from '../../app/session.ts';
import { EMAIL_PATTERN } from './signInForm.ts';
import { EMAIL_SENT, PENDING } from './welcomeTexts.ts';
import './welcome.css';
import '../../ui/formField.css';

function emailFromNavigationState(): string {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && 'email' in state && typeof state.email === 'string')
    return state.email;
  return '';
}

/** Forgot password (access §2): e-mail, Reset password, back to Sign In; the e-mail comes from the sign-in form. */
export function ForgotPassword() {
  const [email, setEmail] = useState(emailFromNavigationState);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = email.trim();
    const problem = !trimmed ? 'Required' : !EMAIL_PATTERN.test(trimmed) ? 'Must be a valid email' : null;
    if (problem) {
      // An answer about an earlier address no longer applies once this one is wrong.
      setResult(null);
      return setInvalid(problem);
    }
    setInvalid(null);
    setPending(true);
    const outcome = await requestPasswordReset(apiClient(), trimmed);
    setPending(false);
    setResult(outcome.ok ? { ok: true, text: EMAIL_SENT } : { ok: false, text: outcome.message });
  };

  return (
    <main className="welcome">
      <form
        className="welcome__card"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Forgot password"
      >
        <h1 className="welcome__title">Forgot password</h1>
        <div className="field">
          <label htmlFor="forgot-email" className="field__label">
            Email
          </label>
          <input
            id="forgot-email"
            className="input"
            type="email"
            autoComplete="username"
            value={email}
            aria-invalid={invalid ? true : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          {invalid ? <span className="field__error">{invalid}</span> : null}
        </div>
        {result ? (
          <p
            className={result.ok ? 'welcome__success' : 'welcome__error'}
            role={result.ok ? 'status' : 'alert'}
            data-testid="welcome-result"
          >
            {result.text}
          </p>
        ) : null}
        <button type="submit" className="button button--primary welcome__submit" disabled={pending}>
          {pending ? PENDING : 'Reset password'}
        </button>
        <div className="welcome__links">
          <Link href="/welcome/signin" className="link">
            Sign In
          </Link>
        </div>
      </form>
    </main>
  );
}
