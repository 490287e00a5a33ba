// Account security decisions, given the account's events, without Fastify or SQLite: lockout after five failures
// (and one unlock mail), the unlock link, the reset's refusals in the order the dashboard reads them, the standing.
import { describe, expect, it } from 'vitest';
import {
  decideAccount,
  evolveAccount,
  LOCKOUT_THRESHOLD,
  NEW_ACCOUNT,
  type AccountCommand,
} from '#sim/auth/accountDecider';
import type { AccountEvent } from '#sim/store/events';

const NOW = Date.parse('2026-03-02T15:00:00Z');
const USER = 'user-1';
const failed: AccountEvent = { type: 'SignInFailed', data: { user_id: USER } };
const locked: AccountEvent = { type: 'AccountLocked', data: { user_id: USER } };
const liveLink = { userId: USER, expiresAt: NOW + 60_000 };

function given(events: readonly AccountEvent[]) {
  const state = events.reduce(evolveAccount, NEW_ACCOUNT);
  return { state, when: (command: AccountCommand) => decideAccount(command, state, NOW) };
}

const failures = (count: number): AccountEvent[] => Array.from({ length: count }, () => failed);

const reset = (
  overrides: Partial<Extract<AccountCommand, { type: 'ResetPassword' }>> = {},
): AccountCommand => ({
  type: 'ResetPassword',
  link: liveLink,
  meetsRules: true,
  reused: false,
  passwordHash: 'scrypt$new',
  ...overrides,
});

describe('a failed sign-in', () => {
  it('counts without locking below the threshold', () => {
    expect(given(failures(LOCKOUT_THRESHOLD - 2)).when({ type: 'RecordFailedSignIn', userId: USER })).toEqual(
      {
        accepted: [failed],
        mailUnlock: false,
      },
    );
  });

  it('locks the account at the fifth failure in a row and asks for the unlock mail once', () => {
    expect(given(failures(LOCKOUT_THRESHOLD - 1)).when({ type: 'RecordFailedSignIn', userId: USER })).toEqual(
      {
        accepted: [failed, locked],
        mailUnlock: true,
      },
    );
    expect(
      given([...failures(LOCKOUT_THRESHOLD), locked]).when({ type: 'RecordFailedSignIn', userId: USER }),
    ).toEqual({ accepted: [failed], mailUnlock: false });
  });

  it('starts counting again after an unlock or a new password', () => {
    const unlocked: AccountEvent = { type: 'AccountUnlocked', data: { user_id: USER } };
    const changed: AccountEvent = { type: 'PasswordChanged', data: { user_id: USER, password_hash: 'h' } };
    for (const clearing of [unlocked, changed]) {
      const history = [...failures(LOCKOUT_THRESHOLD), locked, clearing, ...failures(LOCKOUT_THRESHOLD - 2)];
      expect(given(history).when({ type: 'RecordFailedSignIn', userId: USER })).toEqual({
        accepted: [failed],
        mailUnlock: false,
      });
    }
  });
});

describe('the unlock link', () => {
  const unlock = (link: { userId: string; expiresAt: number } | null): AccountCommand => ({
    type: 'UnlockWithLink',
    userId: USER,
    link,
  });

  it('lifts the lock while it holds', () => {
    expect(given([...failures(LOCKOUT_THRESHOLD), locked]).when(unlock(liveLink))).toEqual({
      accepted: [{ type: 'AccountUnlocked', data: { user_id: USER } }],
      mailUnlock: false,
    });
  });

  it('is refused when unknown, expired or another user’s', () => {
    const { when } = given([locked]);
    expect(when(unlock(null))).toEqual({ refused: 'invalid-link' });
    expect(when(unlock({ userId: USER, expiresAt: NOW }))).toEqual({ refused: 'invalid-link' });
    expect(when(unlock({ userId: 'someone-else', expiresAt: NOW + 1 }))).toEqual({ refused: 'invalid-link' });
  });
});

describe('a password reset', () => {
  it('changes the password and, through evolve, lifts a lockout and an inactivity expiry', () => {
    const expired: AccountEvent = {
      type: 'AccountStandingChanged',
      data: { user_id: USER, standing: 'expired' },
    };
    const { when, state } = given([expired, ...failures(LOCKOUT_THRESHOLD), locked]);
    const decision = when(reset());
    expect(decision).toEqual({
      accepted: [{ type: 'PasswordChanged', data: { user_id: USER, password_hash: 'scrypt$new' } }],
      mailUnlock: false,
    });
    if (!('accepted' in decision)) throw new Error('refused');
    expect(decision.accepted.reduce(evolveAccount, state)).toEqual({
      standing: 'active',
      failedAttempts: 0,
      locked: false,
    });
  });

  it('is refused in the catalogue’s order: unknown link, expired link, suspended, weak, reused', () => {
    const suspended: AccountEvent = {
      type: 'AccountStandingChanged',
      data: { user_id: USER, standing: 'suspended' },
    };
    expect(given([suspended]).when(reset({ link: null, meetsRules: false }))).toEqual({
      refused: 'unknown-token',
    });
    expect(given([suspended]).when(reset({ link: { userId: USER, expiresAt: NOW } }))).toEqual({
      refused: 'expired-token',
    });
    expect(given([suspended]).when(reset({ meetsRules: false }))).toEqual({ refused: 'suspended' });
    expect(given([]).when(reset({ meetsRules: false, reused: true }))).toEqual({ refused: 'weak' });
    expect(given([]).when(reset({ reused: true }))).toEqual({ refused: 'reused' });
  });
});

it('an operator sets the standing', () => {
  expect(given([]).when({ type: 'ChangeStanding', userId: USER, standing: 'suspended' })).toEqual({
    accepted: [{ type: 'AccountStandingChanged', data: { user_id: USER, standing: 'suspended' } }],
    mailUnlock: false,
  });
});
