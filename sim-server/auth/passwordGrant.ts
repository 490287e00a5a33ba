// The password grant (access §8), checked in this order: standing, lockout (and the unlock link), the password.
// An e-mail no account has is answered exactly as an account would be (issue 34 item 4): the same password-hash cost
// against a decoy, and a failure count of its own, keyed by the e-mail as typed (the throttle's store: memory, or on
// a cluster Redis, so every node counts alike), so the fifth wrong password answers `locked_out` for it too and the
// lockout tells nobody which e-mails exist.
import type { AccountStanding } from '../store/events.ts';
import { LOCKOUT_THRESHOLD } from './accountDecider.ts';
import type { AccountLinks } from './accountLinks.ts';
import type { AccountMails } from './accountMails.ts';
import type { AccountRecords, UserRow } from './accountRecords.ts';
import { decoyPasswordHash, verifyPassword } from './passwords.ts';
import type { TokenResult, TokenService } from './tokens.ts';

/** A well-formed password grant: what `POST /api/user_token` passes once its body has been parsed. */
export type PasswordGrant = {
  username: string;
  password: string;
  unlockToken: string | null;
  application: string;
};

export type PasswordSignIn =
  | { signedIn: TokenResult }
  | { refused: 'invalid_credentials' | 'locked_out' | Exclude<AccountStanding, 'active'> };

/**
 * An account that may not sign in is refused whatever the password; a locked one opens only with the right password
 * and a live unlock link together (the link is used only then); otherwise a wrong password counts towards the
 * lockout, and a right one opens a session. Only this counts failures, so a request refused for its shape never does.
 */
export type SignInWithPassword = (grant: PasswordGrant, origin: string) => Promise<PasswordSignIn>;

/** Counts a wrong password for an e-mail no account has and answers the failures in a row (app.throttles). */
export type CountUnknownEmailFailure = (email: string) => Promise<number>;

export function createPasswordGrant(
  accounts: AccountRecords,
  links: AccountLinks,
  mails: AccountMails,
  tokens: TokenService,
  countUnknownEmailFailure: CountUnknownEmailFailure,
): SignInWithPassword {
  /** A live unlock link of this user lifts the lock, once. */
  function useUnlockToken(userId: string, token: string): Promise<boolean> {
    return accounts.write(() => {
      const link = links.live(token, 'unlock');
      const decision = accounts.decideAndRecord({ type: 'UnlockWithLink', userId, link }, userId);
      if (!('accepted' in decision)) return false;
      links.markUsed(token);
      return true;
    });
  }

  /** Counts the failure; true when it is the one that locks the account (the unlock link is mailed then). */
  function recordFailedSignIn(user: UserRow, origin: string): Promise<boolean> {
    return accounts.write(() => {
      const decision = accounts.decideAndRecord({ type: 'RecordFailedSignIn', userId: user.id }, user.id);
      const locksNow = 'accepted' in decision && decision.mailUnlock;
      if (locksNow) mails.unlockLink(user, origin);
      return locksNow;
    });
  }

  return async (grant, origin) => {
    const user = accounts.findUser(grant.username);
    // An unknown e-mail, or an invited user who has not set a password yet (empty hash), is checked against a
    // decoy, so every refusal takes as long and neither can be probed by timing.
    const storedHash = user?.password_hash ? user.password_hash : null;
    const matches =
      (await verifyPassword(grant.password, storedHash ?? (await decoyPasswordHash()))) &&
      storedHash !== null;
    if (!user)
      return {
        refused:
          (await countUnknownEmailFailure(grant.username)) >= LOCKOUT_THRESHOLD
            ? 'locked_out'
            : 'invalid_credentials',
      };
    const { standing, locked_at: lockedAt } = accounts.standingOf(user.id);
    if (standing !== 'active') return { refused: standing };
    if (lockedAt !== null) {
      if (!matches || grant.unlockToken === null || !(await useUnlockToken(user.id, grant.unlockToken)))
        return { refused: 'locked_out' };
    } else if (!matches) {
      // The attempt that locks already answers as a locked account, so the form needs no count of its own.
      return { refused: (await recordFailedSignIn(user, origin)) ? 'locked_out' : 'invalid_credentials' };
    }
    return { signedIn: await tokens.signIn(user, grant.application) };
  };
}
