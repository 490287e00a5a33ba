// The signed-in session: the stored token, the loaded profile, the organization being viewed, and the path a
// signed-out visitor asked for. The token lives in localStorage (access §7: token results are kept in persistent
// storage), with the organization it was issued under so a moved user is told to log back in (access §4).
import { batch, computed, signal } from '@preact/signals-react';
import * as v from 'valibot';
import type { Organization } from '#domain/organizations/organization';
import { viewableOrganizations, type Profile } from '#domain/organizations/profile';
import { organizationChanged, ORGANIZATION_CHANGED } from '#domain/session/sessionTimers';
import type { StoredToken } from '../api/auth.ts';
import { createApiClient, type ApiClient } from '../api/httpClient.ts';
import { currentEnvironment } from './environment.ts';
import { readOrganizationZoneFrom } from '../ui/displayTime.ts';
import type { Result } from '../ui/result.ts';

export const TOKEN_STORAGE_KEY = 'fleetDashboard.token';
export const RETURN_PATH_STORAGE_KEY = 'fleetDashboard.returnPath';
export const SUBSCRIBED_ORGANIZATION_STORAGE_KEY = 'fleetDashboard.subscribedOrganization';
export const AWARENESS_MODE_STORAGE_KEY = 'fleetDashboard.awarenessMode';

const StoredSessionSchema = v.object({
  accessToken: v.string(),
  refreshToken: v.nullable(v.string()),
  tokenType: v.string(),
  scope: v.nullable(v.string()),
  uuid: v.nullable(v.string()),
  expiresAt: v.number(),
  organizationId: v.optional(v.nullable(v.string()), null),
});
type StoredSession = v.InferOutput<typeof StoredSessionSchema>;

function readStorage(storage: 'local' | 'session', key: string): string | null {
  try {
    return (storage === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(storage: 'local' | 'session', key: string, value: string | null): void {
  try {
    const target = storage === 'local' ? window.localStorage : window.sessionStorage;
    if (value === null) target.removeItem(key);
    else target.setItem(key, value);
  } catch {
    // Without storage the value lasts for this page only.
  }
}

function readStoredSession(now: number): StoredSession | null {
  try {
    const raw = readStorage('local', TOKEN_STORAGE_KEY);
    if (!raw) return null;
    const parsed = v.safeParse(StoredSessionSchema, JSON.parse(raw));
    if (!parsed.success || parsed.output.expiresAt <= now) return null;
    return parsed.output;
  } catch {
    return null;
  }
}

/** Null until `restoreSession` runs at start-up; then the token in force or null when signed out. */
export const sessionToken = signal<StoredToken | null>(null);
/** The organization the stored token was issued under (the profile's at sign-in). */
const tokenOrganizationId = signal<string | null>(null);
export const sessionProfile = signal<Profile | null>(null);
export const isSignedIn = computed(() => sessionToken.value !== null);

/** Why the last session ended: a manual sign-out forgets the page; an expiry remembers it for after sign-in. */
export const sessionEndReason = signal<'signed-out' | 'expired' | null>(null);

/** A blocking notice about the session ("Session Expired", organization changed), shown before sign-in. */
export type SessionNotice = { title: string; text: string };
export const sessionNotice = signal<SessionNotice | null>(null);

export const permissions = computed<ReadonlySet<string>>(
  () => sessionProfile.value?.permissions ?? new Set<string>(),
);

const subscribedOrganizationId = signal<string | null>(null);

/** The organizations the user may switch among: own, managed, accessed (access §4, §6). */
export const switchableOrganizations = computed<readonly Organization[]>(() => {
  const profile = sessionProfile.value;
  return profile ? viewableOrganizations(profile) : [];
});

/** The organization whose live picture is shown: the one switched to, else the user's own. */
export const subscribedOrganization = computed<Organization | null>(() => {
  const profile = sessionProfile.value;
  if (!profile) return null;
  const wanted = subscribedOrganizationId.value;
  return (
    switchableOrganizations.value.find((organization) => organization.id === wanted) ??
    profile.userOrganization
  );
});

// Every time the kit shows is in the viewed organization's zone (client/ui/displayTime.ts).
readOrganizationZoneFrom(() => subscribedOrganization.value?.timezone);

const awarenessModeChosen = signal(false);

/** Situational awareness mode counts only where the user's organization offers the infinite timeout. */
export const awarenessMode = computed(
  () =>
    awarenessModeChosen.value && (sessionProfile.value?.userOrganization.showInfiniteTimeoutOption ?? false),
);

export function setAwarenessMode(on: boolean): void {
  awarenessModeChosen.value = on;
  writeStorage('local', AWARENESS_MODE_STORAGE_KEY, on ? 'on' : null);
}

export function restoreSession(now: number): void {
  const stored = readStoredSession(now);
  batch(() => {
    sessionToken.value = stored
      ? {
          accessToken: stored.accessToken,
          refreshToken: stored.refreshToken,
          tokenType: stored.tokenType,
          scope: stored.scope,
          uuid: stored.uuid,
          expiresAt: stored.expiresAt,
        }
      : null;
    tokenOrganizationId.value = stored?.organizationId ?? null;
    subscribedOrganizationId.value = readStorage('local', SUBSCRIBED_ORGANIZATION_STORAGE_KEY);
    awarenessModeChosen.value = readStorage('local', AWARENESS_MODE_STORAGE_KEY) === 'on';
  });
}

function persistToken(token: StoredToken, organizationId: string | null): void {
  writeStorage('local', TOKEN_STORAGE_KEY, JSON.stringify({ ...token, organizationId }));
}

export function startSession(token: StoredToken): void {
  persistToken(token, null);
  batch(() => {
    sessionEndReason.value = null;
    sessionNotice.value = null;
    tokenOrganizationId.value = null;
    sessionToken.value = token;
  });
}

/** A refreshed token replaces the old one in state and storage (access §4). */
export function replaceToken(token: StoredToken): void {
  persistToken(token, tokenOrganizationId.peek());
  sessionToken.value = token;
}

/**
 * Accepts a freshly loaded profile. A token kept from a visit under another organization is refused: the caller
 * shows the message and signs the user out.
 */
export function acceptProfile(profile: Profile): Result {
  if (organizationChanged(tokenOrganizationId.peek(), profile.organizationId)) {
    return { ok: false, message: ORGANIZATION_CHANGED };
  }
  const token = sessionToken.peek();
  if (token) persistToken(token, profile.organizationId);
  batch(() => {
    tokenOrganizationId.value = profile.organizationId;
    sessionProfile.value = profile;
  });
  return { ok: true };
}

export function endSession(reason: 'signed-out' | 'expired' = 'signed-out'): void {
  writeStorage('local', TOKEN_STORAGE_KEY, null);
  if (reason === 'signed-out') writeStorage('session', RETURN_PATH_STORAGE_KEY, null);
  batch(() => {
    sessionEndReason.value = reason;
    sessionProfile.value = null;
    tokenOrganizationId.value = null;
    sessionToken.value = null;
  });
}

/** Switches the viewed organization; the live picture restarts for it (access §4 "Organization switch"). */
export function switchOrganization(organizationId: string): void {
  writeStorage('local', SUBSCRIBED_ORGANIZATION_STORAGE_KEY, organizationId);
  subscribedOrganizationId.value = organizationId;
}

export function rememberReturnPath(path: string): void {
  writeStorage('session', RETURN_PATH_STORAGE_KEY, path);
}

/** The remembered dashboard path, consumed once; anything outside /dashboard is ignored. */
export function takeReturnPath(): string | null {
  const path = readStorage('session', RETURN_PATH_STORAGE_KEY);
  writeStorage('session', RETURN_PATH_STORAGE_KEY, null);
  return path && /^\/dashboard(\/|$|\?)/.test(path) ? path : null;
}

let client: ApiClient | null = null;

/** The REST client for this page, sending the current session's bearer token. */
export function apiClient(): ApiClient {
  client ??= createApiClient({
    baseUrl: currentEnvironment().apiBaseUrl,
    getToken: () => sessionToken.peek()?.accessToken ?? null,
  });
  return client;
}
