// Keeps the session alive while the dashboard is open (access §4): one timer to the session clock's next deadline,
// activity listeners, the token refresh call, the inactivity warning and the expiry notices. The rules live in
// domain/session/sessionTimers.ts; this module only turns their answers into timers and calls.
import { effect, signal } from '@preact/signals-react';
import {
  evolveSessionClock,
  nextSessionStep,
  SESSION_EXPIRED,
  SESSION_EXPIRED_ACTIVITY,
  startSessionClock,
  type SessionClock,
  type SessionClockEvent,
} from '#domain/session/sessionTimers';
import { assertNever } from '#domain/checks/assertNever';
import { refreshAccessToken } from '../api/auth.ts';
import { expireSession } from './sessionActions.ts';
import { apiClient, awarenessMode, replaceToken, sessionToken } from './session.ts';
import { failure } from '../ui/result.ts';

/** True while the "Inactivity Warning" prompt is up. */
export const inactivityWarningShown = signal(false);

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/** Browsers cap timers at 2^31 - 1 ms; a longer wait is taken in steps. */
const LONGEST_TIMER_MS = 2_147_483_647;

let stayHandler: (() => void) | null = null;

/** The "Stay Signed In" button. */
export function staySignedIn(): void {
  stayHandler?.();
}

export function startSessionKeeper(): () => void {
  const token = sessionToken.peek();
  if (!token) return () => undefined;
  let state: SessionClock = startSessionClock({
    tokenExpiresAt: token.expiresAt,
    now: Date.now(),
    awarenessMode: awarenessMode.peek(),
  });
  let timer: number | null = null;
  let stopped = false;

  const dispatch = (event: SessionClockEvent) => {
    state = evolveSessionClock(state, event);
  };

  async function refresh(refreshToken: string | null) {
    dispatch({ type: 'RefreshStarted' });
    const outcome = refreshToken ? await refreshAccessToken(apiClient(), refreshToken) : failure('');
    if (stopped) return;
    if (!outcome.ok) {
      dispatch({ type: 'RefreshFailed' });
      expireSession(SESSION_EXPIRED);
      return;
    }
    replaceToken(outcome.value);
    dispatch({ type: 'TokenRefreshed', tokenExpiresAt: outcome.value.expiresAt });
    schedule();
  }

  function schedule() {
    if (stopped) return;
    if (timer !== null) window.clearTimeout(timer);
    timer = null;
    const now = Date.now();
    const step = nextSessionStep(state, now);
    switch (step.kind) {
      case 'wait':
        timer = window.setTimeout(schedule, Math.min(Math.max(step.until - now, 0), LONGEST_TIMER_MS));
        return;
      case 'refresh':
        void refresh(sessionToken.peek()?.refreshToken ?? null);
        schedule();
        return;
      case 'warn-inactive':
        dispatch({ type: 'InactivityWarningShown', at: now });
        inactivityWarningShown.value = true;
        schedule();
        return;
      case 'sign-out-inactive':
        inactivityWarningShown.value = false;
        stopped = true;
        expireSession(SESSION_EXPIRED_ACTIVITY);
        return;
      case 'expire':
        stopped = true;
        expireSession(SESSION_EXPIRED);
        return;
      default:
        assertNever(step);
    }
  }

  let lastActivity = 0;
  const onActivity = () => {
    const now = Date.now();
    // Pointer moves come in bursts; once a second is plenty for a four-hour window.
    if (now - lastActivity < 1_000) return;
    lastActivity = now;
    dispatch({ type: 'ActivitySeen', at: now });
  };
  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });

  stayHandler = () => {
    inactivityWarningShown.value = false;
    dispatch({ type: 'StayedSignedIn', at: Date.now() });
    schedule();
  };

  const stopAwarenessWatch = effect(() => {
    const on = awarenessMode.value;
    if (on === state.awarenessMode) return;
    inactivityWarningShown.value = false;
    dispatch({ type: 'AwarenessModeChanged', on, at: Date.now() });
    schedule();
  });

  schedule();

  return () => {
    stopped = true;
    if (timer !== null) window.clearTimeout(timer);
    for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
    stopAwarenessWatch();
    stayHandler = null;
    inactivityWarningShown.value = false;
  };
}
