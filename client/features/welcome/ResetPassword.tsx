import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import {
  CONFIRMATION_MISMATCH,
  markPasswordRules,
  meetsPasswordRules,
  PASSWORD_EXPIRY_NOTE,
} from '#domain/session/passwordRules';
import { resetPassword } from '../../api/passwordRecovery.ts';
import { currentEnvironment } from '../../app/environment.ts';
import { apiClient } from '../../app/session.ts';
import { PENDING, REDIRECTING, RESET_REDIRECT_MS } from './welcomeTexts.ts';
import './welcome.css';
import '../../ui/formField.css';

/** Reset password (access §2, §5): new password and confirmation, live rule marks, the 90-day note, and sign-in
 * 2 s after success. */
export function ResetPassword({ email, resetToken }: { email: string; resetToken: string }) {
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [confirmationTouched, setConfirmationTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const marks = markPasswordRules(password);
  const mismatch = confirmation !== password;

  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(() => navigate('/welcome/signin', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded, navigate]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setConfirmationTouched(true);
    if (!meetsPasswordRules(password) || mismatch || pending) return;
    setPending(true);
    setFailure(null);
    const outcome = await resetPassword(apiClient(), resetToken, password, currentEnvironment().supportEmail);
    setPending(false);
    if (outcome.ok) setSucceeded(true);
    else setFailure(outcome.message);
  };

  return (
    <main className="welcome">
      <form
        className="welcome__card"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Reset password"
      >
        <h1 className="welcome__title">Reset password</h1>
        {email ? <p className="welcome__subtitle">{email}</p> : null}
        <div className="field">
          <label htmlFor="reset-password" className="field__label">
            New password
          </label>
          <input
            id="reset-password"
            className="input"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <ul className="password-rules" aria-label="Password rules">
          {marks.map((mark) => (
            <li
              key={mark.id}
              className={`password-rules__rule password-rules__rule--${mark.met ? 'valid' : 'error'}`}
              data-met={mark.met}
            >
              <span aria-hidden="true">{mark.met ? '✓' : '✗'}</span> {mark.label}
            </li>
          ))}
        </ul>
        <div className="field">
          <label htmlFor="reset-confirmation" className="field__label">
            Confirm password
          </label>
          <input
            id="reset-confirmation"
            className="input"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            aria-invalid={confirmationTouched && mismatch ? true : undefined}
            onChange={(event) => setConfirmation(event.target.value)}
            onBlur={() => setConfirmationTouched(true)}
          />
          {confirmationTouched && mismatch ? (
            <span className="field__error">{CONFIRMATION_MISMATCH}</span>
          ) : null}
        </div>
        <p className="welcome__subtitle">{PASSWORD_EXPIRY_NOTE}</p>
        {failure ? (
          <p className="welcome__error" role="alert" data-testid="welcome-result">
            {failure}
          </p>
        ) : null}
        {succeeded ? (
          <p className="welcome__success" role="status" data-testid="welcome-result">
            {REDIRECTING}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--primary welcome__submit"
          disabled={pending || succeeded}
        >
          {pending ? PENDING : 'Save Password'}
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
