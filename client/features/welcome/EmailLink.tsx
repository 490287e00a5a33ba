// The links of one's own e-mail change (issue 34; docs/accounts.md): `/welcome/email/confirm/{token}` from the mail
// to the new address, `/welcome/email/undo/{token}` from the mail to the old one. Opening the link only shows a
// button; the token is used when the person presses it, so a mail scanner that opens links uses nothing.
import { useState } from 'react';
import { Link } from 'wouter';
import { followEmailLink } from '../../api/passwordRecovery.ts';
import { apiClient } from '../../session/session.ts';
import { PENDING } from './welcomeTexts.ts';
import { Button } from '../../ui/Button.tsx';
import './welcome.css';

const SCREENS = {
  confirm: {
    title: 'Confirm your new email',
    action: 'Confirm email',
    done: (email: string) => `Your email is now ${email}. Sign in with it.`,
  },
  undo: {
    title: 'Undo the email change',
    action: 'Undo the change',
    done: (email: string) =>
      `Your email is ${email} again and every session was signed out. If you did not ask for the change, choose a new password with Forgot password.`,
  },
} as const;

export function EmailLink({ kind, token }: { kind: 'confirm' | 'undo'; token: string }) {
  const screen = SCREENS[kind];
  const [state, setState] = useState<
    | { phase: 'ready' }
    | { phase: 'pending' }
    | { phase: 'done'; email: string }
    | { phase: 'failed'; message: string }
  >({ phase: 'ready' });

  const follow = () => {
    if (state.phase === 'pending' || state.phase === 'done') return;
    setState({ phase: 'pending' });
    void followEmailLink(apiClient(), kind, token).then((outcome) =>
      setState(
        outcome.ok ? { phase: 'done', email: outcome.value } : { phase: 'failed', message: outcome.message },
      ),
    );
  };

  return (
    <main className="welcome">
      <section className="welcome__card" aria-labelledby="email-link-title">
        <h1 id="email-link-title" className="welcome__title">
          {screen.title}
        </h1>
        {state.phase === 'done' ? (
          <p className="welcome__success" role="status" data-testid="welcome-result">
            {screen.done(state.email)}
          </p>
        ) : (
          <Button
            variant="primary"
            className="welcome__submit"
            disabled={state.phase === 'pending'}
            onClick={follow}
          >
            {state.phase === 'pending' ? PENDING : screen.action}
          </Button>
        )}
        {state.phase === 'failed' ? (
          <p className="welcome__error" role="alert" data-testid="welcome-result">
            {state.message}
          </p>
        ) : null}
        <div className="welcome__links">
          <Link href="/welcome/signin" className="link">
            Sign In
          </Link>
        </div>
      </section>
    </main>
  );
}
