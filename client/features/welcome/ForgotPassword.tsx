// Forgot password (access §2, §5): the e-mail (prefilled from the sign-in form through navigation state), Reset
// password and a link back to Sign In, on the kit's form state and field. The answer shows only while the field
// still holds the address it answers for.
import { useState } from 'react';
import { Link } from 'wouter';
import { requestPasswordReset } from '../../api/passwordRecovery.ts';
import { apiClient } from '../../session/session.ts';
import { describedBy, Field } from '../../ui/FormField.tsx';
import { useForm } from '../../ui/useForm.ts';
import { emailProblem } from './signInForm.ts';
import { EMAIL_SENT, PENDING } from './welcomeTexts.ts';
import { Button } from '../../ui/Button.tsx';
import './welcome.css';
import { Form } from '../../ui/Form.tsx';

function emailFromNavigationState(): string {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && 'email' in state && typeof state.email === 'string')
    return state.email;
  return '';
}

type ForgotValues = { email: string };

function forgotProblems(values: ForgotValues): Partial<Record<string, string>> {
  const problem = emailProblem(values.email);
  return problem ? { email: problem } : {};
}

/** Forgot password (access §2): e-mail, Reset password, back to Sign In; the e-mail comes from the sign-in form. */
export function ForgotPassword() {
  const [opening] = useState<ForgotValues>(() => ({ email: emailFromNavigationState() }));
  const form = useForm('forgot', opening, forgotProblems);
  /** The address the last answer is about, and whether it was sent. */
  const [answered, setAnswered] = useState<{ email: string; sent: boolean } | null>(null);
  const email = form.bind('email');
  // An answer about an earlier address no longer applies once the field holds another one.
  const answer = answered && answered.email === form.values.email.trim() ? answered : null;

  const submit = () => {
    if (form.submitting) return;
    void form.submit(async (values) => {
      const address = values.email.trim();
      const outcome = await requestPasswordReset(apiClient(), address);
      setAnswered({ email: address, sent: outcome.ok });
      return outcome;
    });
  };

  return (
    <main className="welcome">
      <Form className="welcome__card" onSubmit={submit} aria-label="Forgot password">
        <h1 className="welcome__title">Forgot password</h1>
        <Field id={email.id} label="Email" error={email.error}>
          <input
            id={email.id}
            className="input"
            type="email"
            autoComplete="username"
            value={email.value}
            aria-invalid={email.error ? true : undefined}
            aria-describedby={describedBy(email.id, email.error)}
            onChange={(event) => email.onChange(event.target.value)}
            onBlur={email.onBlur}
          />
        </Field>
        {answer?.sent ? (
          <p className="welcome__success" role="status" data-testid="welcome-result">
            {EMAIL_SENT}
          </p>
        ) : null}
        {answer && !answer.sent && form.apiError ? (
          <p className="welcome__error" role="alert" data-testid="welcome-result">
            {form.apiError}
          </p>
        ) : null}
        <Button type="submit" variant="primary" className="welcome__submit" disabled={form.submitting}>
          {form.submitting ? PENDING : 'Reset password'}
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
