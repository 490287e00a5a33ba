// Ending a session, on purpose or not (access §4): sign-out revokes the token and clears storage at once; an
// expiry shows its notice for 3 s first, then signs out.
import { SESSION_ALERT_MS } from '#domain/session/sessionTimers';
import { revokeToken } from '../api/auth.ts';
import { apiClient, endSession, sessionNotice, sessionToken, type SessionNotice } from './session.ts';

/** Sign Out: forget the session locally first, tell the provider, and forget again whatever it answers. */
export function signOut(): void {
  const token = sessionToken.peek()?.accessToken;
  const client = apiClient();
  endSession('signed-out');
  if (!token) return;
  void revokeToken(client, token)
    .catch(() => undefined)
    .finally(() => {
      // A sign-in in another tab may have started meanwhile; only clear what is still this token.
      if (sessionToken.peek()?.accessToken === token) endSession('signed-out');
    });
}

let pendingExpiry: number | null = null;

/** Shows the notice, then ends the session after the alert time; the token is revoked on the way out. */
export function expireSession(notice: SessionNotice): void {
  if (pendingExpiry !== null) return;
  sessionNotice.value = notice;
  const token = sessionToken.peek()?.accessToken;
  pendingExpiry = window.setTimeout(() => {
    pendingExpiry = null;
    sessionNotice.value = null;
    endSession('expired');
    if (token) void revokeToken(apiClient(), token).catch(() => undefined);
  }, SESSION_ALERT_MS);
}
