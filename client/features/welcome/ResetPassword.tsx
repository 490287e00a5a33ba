// Reset password (access §2, §5) on the kit's form state and fields: the new password with its rules marked live,
// the confirmation ("Should match password" once touched and changed, or after a Save Password was tried), the
// 90-day note, the catalogue's refusal, and sign-in 2 s after success.
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import {
  CONFIRMATION_MISMATCH,
  markPasswordRules,
  meetsPasswordRules,
  PASSWORD_EXPIRY_NOTE,
} from '#domain/session/passwordRules';
import { resetPassword } from '../../api/passwordRecovery.ts';
import { currentEnvironment } from '../../session/environment.ts';
import { apiClient } from '../../session/session.ts';
import { Field } from '../../ui/FormField.tsx';
import { useForm } from '../../ui/useForm.ts';
import { PasswordInput } from './PasswordInput.tsx';
import { PENDING, REDIRECTING, RESET_REDIRECT_MS } from './welcomeTexts.ts';
import { Button } from '../../ui/Button.tsx';
import './welcome.css';
import { Form } from '../../ui/Form.tsx';

type ResetValues = { password: string; confirmation: string };

const OPENING: ResetValues = { password: '', confirmation: '' };

/** The new password's problem is told by the rules list's marks, not by a text under the field. */
function resetProblems(values: ResetValues): Partial<Record<keyof ResetValues, string>> {
  return {
    ...(meetsPasswordRules(values.password) ? {} : { password: 'rules' }),
    ...(values.confirmation === values.password ? {} : { confirmation: CONFIRMATION_MISMATCH }),
  };
}

/** Reset password (access §2, §5): new password and confirmation, live rule marks, the 90-day note, and sign-in
 * 2 s after success. */
export function ResetPassword({ email, resetToken }: { email: string; resetToken: string }) {
  const [, navigate] = useLocation();
  const form = useForm('reset', OPENING, resetProblems);
  const [succeeded, setSucceeded] = useState(false);
  const marks = markPasswordRules(form.values.password);
  const password = form.bind('password');

  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(() => navigate('/welcome/signin', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded, navigate]);

  const submit = () => {
    if (form.submitting || succeeded) return;
    void form.submit(async (values) => {
      const outcome = await resetPassword(
        apiClient(),
        resetToken,
        values.password,
        currentEnvironment().supportEmail,
      );
      if (outcome.ok) setSucceeded(true);
      return outcome;
    });
  };

  const confirmation = form.bind('confirmation');
  return (
    <main className="welcome">
      <Form className="welcome__card" onSubmit={submit} aria-label="Reset password">
        <h1 className="welcome__title">Reset password</h1>
        {email ? <p className="welcome__subtitle">{email}</p> : null}
        <Field id={password.id} label="New password" error={null}>
          <PasswordInput {...password} error={null} autoComplete="new-password" />
        </Field>
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
        <Field id={confirmation.id} label="Confirm password" error={confirmation.error}>
          <PasswordInput {...confirmation} autoComplete="new-password" />
        </Field>
        <p className="welcome__subtitle">{PASSWORD_EXPIRY_NOTE}</p>
        {form.apiError ? (
          <p className="welcome__error" role="alert" data-testid="welcome-result">
            {form.apiError}
          </p>
        ) : null}
        {succeeded ? (
          <p className="welcome__success" role="status" data-testid="welcome-result">
            {REDIRECTING}
          </p>
        ) : null}
        <Button
          type="submit"
          variant="primary"
          className="welcome__submit"
          disabled={form.submitting || succeeded}
        >
          {form.submitting ? PENDING : 'Save Password'}
        </Button>
        <div className="welcome__links">
          <Link href="/welcome/signin" className="link">
            Sign In
          </Link>
        </div>
      </Form>
    </main>
  );
}
