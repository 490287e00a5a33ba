import { useSignals } from '@preact/signals-react/runtime';
import { useRef } from 'react';
import { Link } from 'wouter';
import { signOut } from '../../app/sessionActions.ts';
import { awarenessMode, sessionProfile, setAwarenessMode } from '../../app/session.ts';
import { openSupport } from './supportDialogState.ts';

export function initialsOf(firstName: string, lastName: string, email: string): string {
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
  return initials || email.charAt(0).toUpperCase();
}

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
        <button
          type="button"
          className="user-menu__link"
          onClick={() => {
            close();
            openSupport();
          }}
        >
          Support
        </button>
        <AwarenessModeToggle />
        <button type="button" className="button" onClick={signOut}>
          Sign Out
        </button>
      </div>
    </details>
  );
}

/** Situational awareness mode, offered only where the organization has the infinite timeout option (access §4). */
export function AwarenessModeToggle() {
  useSignals();
  const profile = sessionProfile.value;
  if (!profile?.userOrganization.showInfiniteTimeoutOption) return null;
  return (
    <label className="user-menu__toggle">
      <input
        type="checkbox"
        checked={awarenessMode.value}
        onChange={(event) => setAwarenessMode(event.target.checked)}
      />{' '}
      Situational awareness mode (stay signed in)
    </label>
  );
}
