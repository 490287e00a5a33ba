// The session clock (access §4, §9) driven by a test clock: a plain number moved forward by the test, with the
// timer loop the client runs (wait until the next deadline, then act) written out here.
import { describe, expect, it } from 'vitest';
import {
  evolveSessionClock,
  INACTIVITY_LIMIT_MS,
  nextSessionStep,
  organizationChanged,
  startSessionClock,
  type SessionClock,
  type SessionStep,
} from '#domain/session/sessionTimers';

const HOUR = 3_600_000;
const T0 = 1_700_000_000_000;

/** Runs the session like the client's keeper does, from `state` until the first step that is not "wait". */
function runUntilAction(state: SessionClock, now: number): { step: SessionStep; at: number } {
  let clock = now;
  for (;;) {
    const step = nextSessionStep(state, clock);
    if (step.kind !== 'wait') return { step, at: clock };
    expect(step.until).toBeGreaterThan(clock);
    clock = step.until;
  }
}

describe('token refresh', () => {
  it('asks for a refresh 10 s before the token expires', () => {
    const state = startSessionClock({ tokenExpiresAt: T0 + 2 * HOUR, now: T0, awarenessMode: false });
    expect(runUntilAction(state, T0)).toEqual({ step: { kind: 'refresh' }, at: T0 + 2 * HOUR - 10_000 });
  });

  it('waits for a refresh under way, then follows the new expiry', () => {
    let state = startSessionClock({ tokenExpiresAt: T0 + 60_000, now: T0, awarenessMode: false });
    state = evolveSessionClock(state, { type: 'RefreshStarted' });
    expect(nextSessionStep(state, T0 + 55_000)).toEqual({ kind: 'wait', until: T0 + 60_000 });
    state = evolveSessionClock(state, { type: 'TokenRefreshed', tokenExpiresAt: T0 + 3 * HOUR });
    expect(runUntilAction(state, T0 + 55_000).at).toBe(T0 + 3 * HOUR - 10_000);
  });

  it('expires the session when the token runs out before a refresh succeeds', () => {
    let state = startSessionClock({ tokenExpiresAt: T0 + 60_000, now: T0, awarenessMode: false });
    state = evolveSessionClock(state, { type: 'RefreshStarted' });
    state = evolveSessionClock(state, { type: 'RefreshFailed' });
    expect(nextSessionStep(state, T0 + 60_000)).toEqual({ kind: 'expire' });
    expect(nextSessionStep(state, T0 + 30 * HOUR)).toEqual({ kind: 'expire' });
  });
});

describe('inactivity', () => {
  const longToken = T0 + 48 * HOUR;

  it('warns after 4 hours without activity and signs out 10 s later', () => {
    let state = startSessionClock({ tokenExpiresAt: longToken, now: T0, awarenessMode: false });
    const warning = runUntilAction(state, T0);
    expect(warning).toEqual({ step: { kind: 'warn-inactive' }, at: T0 + INACTIVITY_LIMIT_MS });
    state = evolveSessionClock(state, { type: 'InactivityWarningShown', at: warning.at });
    expect(runUntilAction(state, warning.at)).toEqual({
      step: { kind: 'sign-out-inactive' },
      at: warning.at + 10_000,
    });
  });

  it('starts the 4 hours again after activity, and after Stay Signed In', () => {
    let state = startSessionClock({ tokenExpiresAt: longToken, now: T0, awarenessMode: false });
    state = evolveSessionClock(state, { type: 'ActivitySeen', at: T0 + 3 * HOUR });
    expect(runUntilAction(state, T0 + 3 * HOUR).at).toBe(T0 + 7 * HOUR);
    state = evolveSessionClock(state, { type: 'InactivityWarningShown', at: T0 + 7 * HOUR });
    // Activity while the warning is up does not count: only the button keeps the session.
    state = evolveSessionClock(state, { type: 'ActivitySeen', at: T0 + 7 * HOUR + 2_000 });
    expect(nextSessionStep(state, T0 + 7 * HOUR + 10_000)).toEqual({ kind: 'sign-out-inactive' });
    state = evolveSessionClock(state, { type: 'StayedSignedIn', at: T0 + 7 * HOUR + 5_000 });
    expect(runUntilAction(state, T0 + 7 * HOUR + 5_000)).toEqual({
      step: { kind: 'warn-inactive' },
      at: T0 + 11 * HOUR + 5_000,
    });
  });

  it('never warns in situational awareness mode, but still refreshes the token', () => {
    let state = startSessionClock({ tokenExpiresAt: longToken, now: T0, awarenessMode: true });
    expect(runUntilAction(state, T0)).toEqual({ step: { kind: 'refresh' }, at: longToken - 10_000 });
    state = evolveSessionClock(state, { type: 'AwarenessModeChanged', on: false, at: T0 + HOUR });
    expect(runUntilAction(state, T0 + HOUR)).toEqual({ step: { kind: 'warn-inactive' }, at: T0 + 5 * HOUR });
  });
});

describe('organization check', () => {
  it('tells a session whose organization moved to log back in', () => {
    expect(organizationChanged('org-a', 'org-b')).toBe(true);
    expect(organizationChanged('org-a', 'org-a')).toBe(false);
    expect(organizationChanged(null, 'org-a')).toBe(false);
  });
});
