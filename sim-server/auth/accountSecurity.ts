// Account security around sign-in (access §2, §4, §8): the password grant itself (passwordGrant.ts: standing,
// lockout, unlock link, the password check, in that order), account standing (suspended, expired for inactivity,
// access managed by the organization, not enabled for the dashboard), lockout after repeated wrong passwords, unlock
// and reset links that expire (accountLinks.ts, accountMails.ts), the last 10 passwords (passwordReset.ts), and an
// outbox where the "e-mails" land for the developer to read (accountOutbox.ts), and a change of one's own e-mail
// address, confirmed by the new address and undone from the old one (emailChange.ts).
// Every change to an account is decided by the pure account decider and appended as events (accountRecords.ts);
// this module puts the parts together as `app.accountSecurity`.
import type { Clock } from '../kernel/clock.ts';
import type { EventLog } from '../store/eventLog.ts';
import type { AccountStanding } from '../store/events.ts';
import { createAccountLinks } from './accountLinks.ts';
import { createAccountMails, type AccountMails } from './accountMails.ts';
import { createAccountOutbox, type AccountOutbox } from './accountOutbox.ts';
import { createAccountRecords, type AccountRecords } from './accountRecords.ts';
import { createEmailChanges, type EmailChanges } from './emailChange.ts';
import {
  createPasswordGrant,
  type CountUnknownEmailFailure,
  type SignInWithPassword,
} from './passwordGrant.ts';
import { createPasswordReset, type ResetPassword } from './passwordReset.ts';
import type { TokenService } from './tokens.ts';

export const LOCKED_OUT_DESCRIPTION =
  'Your account is locked after too many failed sign-in attempts. Check your email to unlock it.';

export type AccountSecurity = Pick<AccountRecords, 'findUser' | 'standingOf'> &
  Omit<AccountMails, 'unlockLink' | 'sendEmailChangeMails'> &
  AccountOutbox & {
    emailChanges: EmailChanges;
    /** Records the standing of the account with this e-mail (false for none); call inside the write that asked. */
    setStanding(email: string, standing: AccountStanding): boolean;
    signInWithPassword: SignInWithPassword;
    resetPassword: ResetPassword;
  };

export function createAccountSecurity(
  eventLog: EventLog,
  tokens: TokenService,
  clock: Clock,
  log: (line: string) => void,
  /** Counts an unknown e-mail's wrong password (the throttle's store, shared on a cluster). */
  countUnknownEmailFailure: CountUnknownEmailFailure,
  /** Ends the user's open cable connections (their sessions were just revoked). */
  endCableSessions: (userId: string) => void = () => undefined,
): AccountSecurity {
  const accounts = createAccountRecords(eventLog, clock);
  const links = createAccountLinks(eventLog.db, clock, accounts);
  const outbox = createAccountOutbox(eventLog, clock, log);
  const mails = createAccountMails(accounts, links, outbox);
  return {
    findUser: accounts.findUser,
    standingOf: accounts.standingOf,
    setStanding(email, standing) {
      const user = accounts.findUser(email);
      if (!user) return false;
      accounts.decideAndRecord({ type: 'ChangeStanding', userId: user.id, standing }, user.id);
      return true;
    },
    signInWithPassword: createPasswordGrant(accounts, links, mails, tokens, countUnknownEmailFailure),
    emailChanges: createEmailChanges(eventLog, clock, accounts, mails, (userId) => {
      tokens.revokeAllOf(userId);
      endCableSessions(userId);
    }),
    resetPassword: createPasswordReset(accounts, links, clock),
    sendResetMail: mails.sendResetMail,
    sendUnlockMail: mails.sendUnlockMail,
    sendSetPasswordMail: mails.sendSetPasswordMail,
    sendEmailChangedMail: mails.sendEmailChangedMail,
    mail: outbox.mail,
    outbox: outbox.outbox,
  };
}
