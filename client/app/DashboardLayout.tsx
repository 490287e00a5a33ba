import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { sectionOfPath } from '#domain/session/routeGates';
import { fetchProfile, PLEASE_LOG_BACK_IN } from '../api/auth.ts';
import { AccountMenu } from '../features/chrome/AccountMenu.tsx';
import { MobileTabs } from '../features/chrome/MobileTabs.tsx';
import { MobileTopBar } from '../features/chrome/MobileTopBar.tsx';
import { drawerOpen, mayViewData, sectionLabel } from '../session/navigation.ts';
import { OrganizationPicker } from '../features/chrome/OrganizationPicker.tsx';
import { SideNav } from '../features/chrome/SideNav.tsx';
import { SupportDialog } from '../features/chrome/SupportDialog.tsx';
import { offerSupportOnWelcome } from '../session/supportDialogState.ts';
import { startVersionWatch } from '../features/chrome/versionWatch.ts';
import { startLiveBridge } from '../live/liveBridge.ts';
import { ConnectionBanner } from './ConnectionBanner.tsx';
import { currentEnvironment } from '../session/environment.ts';
import { expireSession } from '../session/sessionActions.ts';
import { startSessionKeeper } from '../session/sessionKeeper.ts';
import { AreasPage, ClosuresPage, EventsPage, ZonesPage } from './sectionScreens.ts';
import { prefetchMapShell, SharedMap } from './SharedMap.tsx';
import {
  acceptProfile,
  apiClient,
  endSession,
  permissions,
  sessionProfile,
  sessionToken,
  subscribedOrganization,
} from '../session/session.ts';
import { useIsMobile } from '../session/viewport.ts';
import '../ui/fullMessage.css';
import './dashboard.css';

/** Loads the profile when the page was opened with a stored token; a refused one ends the session. */
function useProfile(): string | null {
  const [failure, setFailure] = useState<string | null>(null);
  const missing = sessionProfile.value === null;
  useEffect(() => {
    if (!missing) return;
    const controller = new AbortController();
    void fetchProfile(apiClient()).then((outcome) => {
      if (controller.signal.aborted) return;
      if (!outcome.ok) {
        if (outcome.status === 0) setFailure(outcome.message);
        else if (outcome.status === 401) endSession('expired');
        else expireSession({ title: 'Error', text: PLEASE_LOG_BACK_IN });
        return;
      }
      const accepted = acceptProfile(outcome.value);
      if (!accepted.ok) expireSession({ title: 'Invalid Credentials', text: accepted.message });
    });
    return () => controller.abort();
  }, [missing]);
  return failure;
}

/**
 * Runs the live worker while the dashboard is shown. The bridge tells it of organization switches and refreshed
 * tokens, so neither restarts it.
 */
function useLiveBridge(permissionsKey: string | null) {
  useEffect(() => {
    if (permissionsKey === null) return;
    const environment = currentEnvironment();
    return startLiveBridge({
      // Absolute, because the worker resolves relative URLs against its own script's address.
      apiBaseUrl: new URL(environment.apiBaseUrl, window.location.href).href.replace(/\/$/, ''),
      cableUrl: environment.cableUrl,
      token: () => sessionToken.value?.accessToken ?? '',
      permissions: permissions.peek(),
      organization: () => subscribedOrganization.value,
      onUnauthorized: () => endSession('expired'),
    });
  }, [permissionsKey]);
}

/** What the live bridge depends on, as a value: a profile loaded again with the same permissions keeps it. */
function permissionsKeyOf(granted: ReadonlySet<string>): string {
  return [...granted].sort().join(' ');
}

/** The map sections' screens by the path their links go to. */
const MAP_SECTION_SCREENS: Record<string, { prefetch(): void }> = {
  '/dashboard/events': EventsPage,
  '/dashboard/areas': AreasPage,
  '/dashboard/closures': ClosuresPage,
  '/dashboard/zones': ZonesPage,
};

/**
 * A pointer over a map section's link (or focus on it) starts loading that section's chunk, so a first switch does
 * not wait for its script after the click (issue 25: a section switch under 500 ms). Not on idle: a section's chunk
 * still comes only when a person heads for it (issue 23).
 */
function prefetchSectionOfLink(event: SyntheticEvent): void {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  const path = link?.getAttribute('href')?.split('?')[0];
  if (path) MAP_SECTION_SCREENS[path]?.prefetch();
}

/**
 * The session clock, the version check and the support offer run while the dashboard is shown; the map's chunk
 * starts loading with it.
 */
function useShellServices(profileLoaded: boolean) {
  useEffect(() => {
    if (!profileLoaded) return;
    offerSupportOnWelcome();
    prefetchMapShell();
    const stopKeeper = startSessionKeeper();
    const stopVersionWatch = startVersionWatch();
    return () => {
      stopKeeper();
      stopVersionWatch();
    };
  }, [profileLoaded]);
}

/** The page title names the section (WCAG 2.4.2), in the navigation's words: "Closures — Fleet Ops". */
function useSectionTitle() {
  const [path] = useLocation();
  const section = sectionOfPath(path);
  const title = section ? `${sectionLabel(section)} — ${PRODUCT_TITLE}` : PRODUCT_TITLE;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

const PRODUCT_TITLE = 'Fleet Ops';

/** Keyboard users skip the navigation to the section (WCAG 2.4.1); the link shows when it has focus. */
function SkipToContent() {
  return (
    <a className="skip-link" href="#main-content">
      Skip to content
    </a>
  );
}

/** The section's own content: the page's one `main` landmark, the skip link's target. */
function MainContent({ children }: { children: ReactNode }) {
  return (
    <main id="main-content" className="dashboard__content" tabIndex={-1}>
      <ConnectionBanner />
      {children}
    </main>
  );
}

export function DashboardLayout({ children }: { children: ReactNode }) {
  useSignals();
  useSectionTitle();
  const isMobile = useIsMobile();
  const profileFailure = useProfile();
  const organization = subscribedOrganization.value;
  const profile = sessionProfile.value;
  useLiveBridge(profile ? permissionsKeyOf(permissions.value) : null);
  useShellServices(profile !== null);

  if (!profile || !organization) {
    return (
      <main className="full-message">
        <p className="full-message__text">{profileFailure ?? 'Loading…'}</p>
      </main>
    );
  }

  if (isMobile) {
    return (
      <div
        className={`dashboard dashboard--mobile${drawerOpen.value ? '' : ' dashboard--drawer-closed'}`}
        data-testid="dashboard"
      >
        <SkipToContent />
        <MobileTopBar />
        {/* In the flow above the section, so it covers none of it (SupportDialog.tsx). */}
        <SupportDialog />
        <MainContent>{children}</MainContent>
        <MobileTabs />
        <SharedMap />
      </div>
    );
  }

  return (
    <div
      className="dashboard"
      data-testid="dashboard"
      onPointerOver={prefetchSectionOfLink}
      onFocus={prefetchSectionOfLink}
    >
      <SkipToContent />
      <SideNav />
      <div className="dashboard__main">
        <header className="top-bar">
          <OrganizationPicker />
          {mayViewData.value ? (
            <Link href="/dashboard/data" className="top-bar__link">
              Data
            </Link>
          ) : null}
          <AccountMenu />
        </header>
        <SupportDialog />
        <MainContent>{children}</MainContent>
      </div>
      <SharedMap />
    </div>
  );
}
