import { useSignals } from '@preact/signals-react/runtime';
import { useRef } from 'react';
import { Link } from 'wouter';
import { signOut } from '../../session/sessionActions.ts';
import { sessionProfile } from '../../session/session.ts';
import { AwarenessModeToggle } from '../../session/AwarenessModeToggle.tsx';
import { openSupport } from '../../session/supportDialogState.ts';
import { initialsOf } from '../../ui/initials.ts';
import { Button } from '../../ui/Button.tsx';

/** The avatar menu (access §2): initials, full name, e-mail, Profile & Preferences, Mutual Aid Sharing, Sign Out. */
export function AccountMenu() {
  useSignals();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const profile = sessionProfile.value;
  if (!profile) return null;
  const close = () => {
    if (detailsRef.current) detailsRef.current.open = false;
  };
  const fullName = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  const initials = initialsOf(profile.firstName, profile.lastName, profile.email);
  return (
    <details className="user-menu" ref={detailsRef}>
      {/* The name begins as the label a voice-control user reads out would, and holds the initials it shows
          (WCAG 2.5.3). */}
      <summary className="user-menu__avatar" aria-label={`Account menu ${initials}`}>
        {initials}
      </summary>
      <div className="user-menu__panel">
        {fullName ? <p className="user-menu__name">{fullName}</p> : null}
        <p className="user-menu__email">{profile.email}</p>
        <Link href="/dashboard/accounts/profile" className="user-menu__link" onClick={close}>
          Profile &amp; Preferences
        </Link>
        <Link href="/dashboard/sharing" className="user-menu__link" onClick={close}>
          Mutual Aid Sharing
        </Link>
        <Button
          variant="bare"
          className="user-menu__link"
          onClick={() => {
            close();
            openSupport();
          }}
        >
          Support
        </Button>
        <AwarenessModeToggle />
        <Button onClick={signOut}>Sign Out</Button>
      </div>
    </details>
  );
}
