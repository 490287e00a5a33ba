// The signed-in session: the stored token, the loaded profile, and the path a signed-out visitor asked for.
// The token lives in localStorage (access §7: token results are kept in persistent storage).
import { computed, signal } from '@preact/signals-react';
import * as v from 'valibot';
import type { Profile, StoredToken } from '../api/auth.ts';
import { createApiClient, type ApiClient } from '../api/httpClient.ts';
import { currentEnvironment } from './environment.ts';

export const TOKEN_STORAGE_KEY = 'fleetDashboard.token';
export const RETURN_PATH_STORAGE_KEY = 'fleetDashboard.returnPath';

const StoredTokenSchema = v.object({
  accessToken: v.string(),
  refreshToken: v.nullable(v.string()),
  tokenType: v.string(),
  scope: v.nullable(v.string()),
  uuid: v.nullable(v.string()),
  expiresAt: v.number(),
});

function readStoredToken(now: number): StoredToken | null {
  try {
    const raw = window.localStorage.getItem(TOKEN_STORAGE_KEY);
    if (!raw) return null;
    const parsed = v.safeParse(StoredTokenSchema, JSON.parse(raw));
    if (!parsed.success || parsed.output.expiresAt <= now) return null;
    return parsed.output;
  } catch {
    return null;
  }
}

/** Null until `restoreSession` runs at start-up; then the token in force or null when signed out. */
export const sessionToken = signal<StoredToken | null>(null);
export const sessionProfile = signal<Profile | null>(null);
export const isSignedIn = computed(() => sessionToken.value !== null);

/** The organization whose assets are shown: the user's own until organization switching arrives. */
export const subscribedOrganization = computed(() => {
  const profile = sessionProfile.value;
  return profile ? { id: profile.user_org.id, name: profile.user_org.name ?? '' } : null;
});

export function restoreSession(now: number): void {
  sessionToken.value = readStoredToken(now);
}

export function startSession(token: StoredToken): void {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(token));
  } catch {
    // Without storage the session lasts for this page only.
  }
  sessionToken.value = token;
}

export function setProfile(profile: Profile): void {
  sessionProfile.value = profile;
}

export function endSession(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
    window.sessionStorage.removeItem(RETURN_PATH_STORAGE_KEY);
  } catch {
    // Nothing stored to clear.
  }
  sessionProfile.value = null;
  sessionToken.value = null;
}

export function rememberReturnPath(path: string): void {
  try {
    window.sessionStorage.setItem(RETURN_PATH_STORAGE_KEY, path);
  } catch {
    // Losing the remembered path only means landing on the default section.
  }
}

/** The remembered dashboard path, consumed once; anything outside /dashboard is ignored. */
export function takeReturnPath(): string | null {
  try {
    const path = window.sessionStorage.getItem(RETURN_PATH_STORAGE_KEY);
    window.sessionStorage.removeItem(RETURN_PATH_STORAGE_KEY);
    return path && /^\/dashboard(\/|$)/.test(path) ? path : null;
  } catch {
    return null;
  }
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
