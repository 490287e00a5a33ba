// The session's clock (access §4, §9): refresh the token about 10 s before it expires, warn after 4 hours without
// activity, sign out 10 s after the warning unless the user stays, and never time out for inactivity in
// situational awareness mode. Pure: the caller passes `now` and runs one timer to the next deadline.
// Read top to bottom: constants, state, events, evolve, rules.
import { assertNever } from '#domain/checks/assertNever';

export const REFRESH_LEAD_MS = 10_000;
export const INACTIVITY_LIMIT_MS = 14_400_000;
export const INACTIVITY_PROMPT_MS = 10_000;
/** How long the "Session Expired" alert stays up before the sign-in page. */
export const SESSION_ALERT_MS = 3_000;

export const SESSION_EXPIRED = {
  title: 'Session Expired',
  text: 'Please log in to Dashboard again',
} as const;
export const SESSION_EXPIRED_ACTIVITY = {
  title: 'Session Expired - Activity',
  text: 'Please log in to Dashboard again',
} as const;
export const INACTIVITY_WARNING = {
  title: 'Inactivity Warning',
  text: 'Session has been inactive too long',
  stay: 'Stay Signed In',
} as const;

// ---------------------------------------------------------------------------------------------
// State

export type SessionClock = {
  /** Unix ms at which the access token stops working. */
  tokenExpiresAt: number;
  /** A refresh call is under way; no second one starts. */
  refreshing: boolean;
  lastActivityAt: number;
  /** Unix ms the inactivity warning went up, or null while it is down. */
  warningShownAt: number | null;
  /** Situational awareness mode: only a manual sign-out ends the session. */
  awarenessMode: boolean;
};

export function startSessionClock(options: {
  tokenExpiresAt: number;
  now: number;
  awarenessMode: boolean;
}): SessionClock {
  return {
    tokenExpiresAt: options.tokenExpiresAt,
    refreshing: false,
    lastActivityAt: options.now,
    warningShownAt: null,
    awarenessMode: options.awarenessMode,
  };
}

// ---------------------------------------------------------------------------------------------
// Events

export type SessionClockEvent =
  | { type: 'RefreshStarted' }
  | { type: 'TokenRefreshed'; tokenExpiresAt: number }
  | { type: 'RefreshFailed' }
  | { type: 'ActivitySeen'; at: number }
  | { type: 'InactivityWarningShown'; at: number }
  | { type: 'StayedSignedIn'; at: number }
  | { type: 'AwarenessModeChanged'; on: boolean; at: number };

// ---------------------------------------------------------------------------------------------
// Evolve

export function evolveSessionClock(state: SessionClock, event: SessionClockEvent): SessionClock {
  switch (event.type) {
    case 'RefreshStarted':
      return { ...state, refreshing: true };
    case 'TokenRefreshed':
      return { ...state, refreshing: false, tokenExpiresAt: event.tokenExpiresAt };
    case 'RefreshFailed':
      return { ...state, refreshing: false };
    case 'ActivitySeen':
      // Moving the mouse does not dismiss the warning: only the button does (access §4).
      return state.warningShownAt === null ? { ...state, lastActivityAt: event.at } : state;
    case 'InactivityWarningShown':
      return { ...state, warningShownAt: event.at };
    case 'StayedSignedIn':
      return { ...state, warningShownAt: null, lastActivityAt: event.at };
    case 'AwarenessModeChanged':
      return { ...state, awarenessMode: event.on, warningShownAt: null, lastActivityAt: event.at };
    default:
      return assertNever(event);
  }
}

// ---------------------------------------------------------------------------------------------
// Rules

/** What the session must do now. `expire` wins over everything: a dead token cannot be refreshed by waiting. */
export type SessionStep =
  | { kind: 'expire' }
  | { kind: 'sign-out-inactive' }
  | { kind: 'refresh' }
  | { kind: 'warn-inactive' }
  | { kind: 'wait'; until: number };

export function refreshDueAt(state: SessionClock): number {
  return state.tokenExpiresAt - REFRESH_LEAD_MS;
}

export function inactivityWarningDueAt(state: SessionClock): number | null {
  return state.awarenessMode ? null : state.lastActivityAt + INACTIVITY_LIMIT_MS;
}

export function inactivitySignOutDueAt(state: SessionClock): number | null {
  return state.awarenessMode || state.warningShownAt === null
    ? null
    : state.warningShownAt + INACTIVITY_PROMPT_MS;
}

export function nextSessionStep(state: SessionClock, now: number): SessionStep {
  if (now >= state.tokenExpiresAt) return { kind: 'expire' };
  const signOutAt = inactivitySignOutDueAt(state);
  if (signOutAt !== null && now >= signOutAt) return { kind: 'sign-out-inactive' };
  const refreshAt = refreshDueAt(state);
  if (!state.refreshing && now >= refreshAt) return { kind: 'refresh' };
  const warnAt = inactivityWarningDueAt(state);
  if (warnAt !== null && state.warningShownAt === null && now >= warnAt) return { kind: 'warn-inactive' };
  const deadlines = [state.tokenExpiresAt, signOutAt, state.refreshing ? null : refreshAt];
  if (state.warningShownAt === null) deadlines.push(warnAt);
  const until = Math.min(...deadlines.filter((deadline): deadline is number => deadline !== null));
  return { kind: 'wait', until };
}

/**
 * A session kept from an earlier visit belongs to the organization the user had then. When the profile now names
 * another one, the provider moved the user: they must sign in again (access §4, §8).
 */
export function organizationChanged(
  tokenOrganizationId: string | null,
  profileOrganizationId: string,
): boolean {
  return tokenOrganizationId !== null && tokenOrganizationId !== profileOrganizationId;
}

export const ORGANIZATION_CHANGED = 'Invalid Credentials: Organization was changed, please log back in.';
