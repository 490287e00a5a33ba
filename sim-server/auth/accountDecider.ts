// Deciding the changes to an account's security (access §4, §8) and folding its events, without IO: a failed
// sign-in counts and may lock, an unlock link lifts the lock, a reset changes the password under the rules, an
// operator sets the standing. accountSecurity.ts loads the state (account_security, the link token, the password
// history check) and appends what is decided; auth/accountProjection.ts projects the same events into SQL.
import type { AccountEvent, AccountStanding } from '../store/events.ts';

/** Failed password sign-ins in a row that lock the account. */
export const LOCKOUT_THRESHOLD = 5;

/** An account as its security events left it. */
export type AccountState = { standing: AccountStanding; failedAttempts: number; locked: boolean };

export const NEW_ACCOUNT: AccountState = { standing: 'active', failedAttempts: 0, locked: false };

/** A reset or unlock link as loaded for the command: whose it is and until when it holds; null when unknown or used. */
export type AccountLink = { userId: string; expiresAt: number } | null;

export type AccountCommand =
  | { type: 'RecordFailedSignIn'; userId: string }
  | { type: 'ChangeStanding'; userId: string; standing: AccountStanding }
  | { type: 'UnlockWithLink'; userId: string; link: AccountLink }
  | {
      type: 'ResetPassword';
      link: AccountLink;
      meetsRules: boolean;
      /** The new password is the current one or one of the nine before it. */
      reused: boolean;
      passwordHash: string;
    };

export type AccountRefusal =
  'unknown-token' | 'expired-token' | 'suspended' | 'weak' | 'reused' | 'invalid-link';

export type AccountDecision =
  | {
      accepted: readonly AccountEvent[];
      /** The account locks now: mail an unlock link. */ mailUnlock: boolean;
    }
  | { refused: AccountRefusal };

const accepted = (events: AccountEvent[], mailUnlock = false): AccountDecision => ({
  accepted: events,
  mailUnlock,
});

export function decideAccount(command: AccountCommand, state: AccountState, now: number): AccountDecision {
  switch (command.type) {
    case 'RecordFailedSignIn': {
      const failed: AccountEvent = { type: 'SignInFailed', data: { user_id: command.userId } };
      if (state.locked || state.failedAttempts + 1 < LOCKOUT_THRESHOLD) return accepted([failed]);
      return accepted([failed, { type: 'AccountLocked', data: { user_id: command.userId } }], true);
    }
    case 'ChangeStanding':
      return accepted([
        { type: 'AccountStandingChanged', data: { user_id: command.userId, standing: command.standing } },
      ]);
    case 'UnlockWithLink': {
      const { link } = command;
      if (!link || link.userId !== command.userId || link.expiresAt <= now)
        return { refused: 'invalid-link' };
      return accepted([{ type: 'AccountUnlocked', data: { user_id: command.userId } }]);
    }
    case 'ResetPassword': {
      const { link } = command;
      // The order is the order the dashboard's catalogue reads them in (access §8 "Password reset").
      if (!link) return { refused: 'unknown-token' };
      if (link.expiresAt <= now) return { refused: 'expired-token' };
      if (state.standing === 'suspended') return { refused: 'suspended' };
      if (!command.meetsRules) return { refused: 'weak' };
      if (command.reused) return { refused: 'reused' };
      return accepted([
        { type: 'PasswordChanged', data: { user_id: link.userId, password_hash: command.passwordHash } },
      ]);
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown account command ${JSON.stringify(unexpected)}`);
    }
  }
}

/** The same fold as the SQL projection: a new password or an unlock clears the failures and the lock. */
export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'SignInFailed':
      return { ...state, failedAttempts: state.failedAttempts + 1 };
    case 'AccountLocked':
      return { ...state, locked: true };
    case 'AccountUnlocked':
      return { ...state, failedAttempts: 0, locked: false };
    case 'AccountStandingChanged':
      return { ...state, standing: event.data.standing };
    case 'PasswordChanged':
      return {
        standing: state.standing === 'expired' ? 'active' : state.standing,
        failedAttempts: 0,
        locked: false,
      };
    default: {
      const unexpected: never = event;
      throw new Error(`No account evolve for ${JSON.stringify(unexpected)}`);
    }
  }
}
