import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { fetchProfile, revokeToken } from '../api/auth.ts';
import { startLiveBridge } from '../live/liveBridge.ts';
import { ConnectionBanner } from './ConnectionBanner.tsx';
import { currentEnvironment } from './environment.ts';
import {
  apiClient,
  endSession,
  sessionProfile,
  sessionToken,
  setProfile,
  subscribedOrganization,
} from './session.ts';

/** Signs out: forget the session at once, and ask the provider to revoke the token without waiting. */
function signOut() {
  const token = sessionToken.peek()?.accessToken;
  const client = apiClient();
  endSession();
  if (token) void revokeToken(client, token).catch(() => undefined);
}

/** Loads the profile when the page was opened with a stored token; a failure ends the session. */
function useProfile(): string | null {
  const [failure, setFailure] = useState<string | null>(null);
  const missing = sessionProfile.value === null;
  useEffect(() => {
    if (!missing) return;
    const controller = new AbortController();
    void fetchProfile(apiClient()).then((outcome) => {
      if (controller.signal.aborted) return;
      if (outcome.ok) setProfile(outcome.profile);
      else if (outcome.status === 0) setFailure(outcome.message);
      else endSession();
    });
    return () => controller.abort();
  }, [missing]);
  return failure;
}

/** Runs the live path (snapshot, cable, batches) for the subscribed organization while mounted. */
function useLiveBridge(organizationId: string | null, accessToken: string | null) {
  useEffect(() => {
    if (!organizationId || !accessToken) return;
    return startLiveBridge({
      client: apiClient(),
      cableUrl: currentEnvironment().cableUrl,
      token: accessToken,
      organizationId,
      onUnauthorized: endSession,
    });
  }, [organizationId, accessToken]);
}

function initialsOf(first: string, last: string, email: string): string {
  const initials = `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
  return initials || email.charAt(0).toUpperCase();
}

export function DashboardLayout({ children }: { children: ReactNode }) {
  useSignals();
  const [location] = useLocation();
  const profileFailure = useProfile();
  const organization = subscribedOrganization.value;
  const profile = sessionProfile.value;
  useLiveBridge(organization?.id ?? null, sessionToken.value?.accessToken ?? null);

  if (!profile || !organization) {
    return (
      <main className="full-message">
        <p className="full-message__text">{profileFailure ?? 'Loading…'}</p>
      </main>
    );
  }

  const { firstname, lastname, email } = profile.user;
  const fullName = [firstname, lastname].filter(Boolean).join(' ');
  const liveActive = location.startsWith('/dashboard/things');

  return (
    <div className="dashboard">
      <nav className="side-nav" aria-label="Sections">
        <div className="side-nav__logo">Fleet Ops</div>
        <Link
          href="/dashboard/things"
          className={`side-nav__link${liveActive ? ' side-nav__link--active' : ''}`}
        >
          Live
        </Link>
      </nav>
      <div className="dashboard__main">
        <header className="top-bar">
          <span className="org-pill" data-testid="organization-name" title={organization.name}>
            {organization.name}
          </span>
          <details className="user-menu">
            <summary className="user-menu__avatar" aria-label="Account menu">
              {initialsOf(firstname ?? '', lastname ?? '', email)}
            </summary>
            <div className="user-menu__panel">
              {fullName ? <p className="user-menu__name">{fullName}</p> : null}
              <p className="user-menu__email">{email}</p>
              <button type="button" className="button" onClick={signOut}>
                Sign Out
              </button>
            </div>
          </details>
        </header>
        <ConnectionBanner />
        <div className="dashboard__content">{children}</div>
      </div>
    </div>
  );
}
