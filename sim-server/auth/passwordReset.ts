// Choosing a new password through a reset link (access §4): the link must be live, the password must meet the rules
// and must not be one of the last 10. Hashing is slow, so the decider is asked first whether anything but the
// history could refuse, and asked again inside the write on the link as it is then.
import { PASSWORD_HISTORY_SIZE } from '#domain/session/passwordRules';
import type { Clock } from '../kernel/clock.ts';
import { decideAccount, type AccountDecision, type AccountRefusal } from './accountDecider.ts';
import type { AccountLinks } from './accountLinks.ts';
import type { AccountRecords } from './accountRecords.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export type ResetOutcome = { ok: true } | { ok: false; reason: Exclude<AccountRefusal, 'invalid-link'> };

export type ResetPassword = (
  token: string,
  password: string,
  meetsRules: (password: string) => boolean,
) => Promise<ResetOutcome>;

/** A reset's refusal as the route answers it; an unlock-link refusal cannot come from a reset. */
function refusalOf(decision: AccountDecision | null): Exclude<AccountRefusal, 'invalid-link'> {
  if (!decision || !('refused' in decision) || decision.refused === 'invalid-link') return 'unknown-token';
  return decision.refused;
}

export function createPasswordReset(
  accounts: AccountRecords,
  links: AccountLinks,
  clock: Clock,
): ResetPassword {
  return async (token, password, meetsRules) => {
    const link = links.live(token, 'reset');
    const command = {
      type: 'ResetPassword',
      link,
      meetsRules: meetsRules(password),
      reused: false,
      passwordHash: '',
    } as const;
    const early = link ? decideAccount(command, accounts.stateOf(link.userId), clock.now()) : null;
    if (!link || !early || 'refused' in early) return { ok: false, reason: refusalOf(early) };
    const recent = accounts.recentPasswordHashes(link.userId, PASSWORD_HISTORY_SIZE);
    if (!recent) return { ok: false, reason: 'unknown-token' };
    let reused = false;
    for (const previous of recent) {
      if (!(await verifyPassword(password, previous))) continue;
      reused = true;
      break;
    }
    const passwordHash = reused ? '' : await hashPassword(password);
    return accounts.write((): ResetOutcome => {
      // Decided again inside the write, on the token as it is now: two resets with one token must not both pass.
      const stillLink = links.live(token, 'reset');
      const decision = accounts.decideAndRecord(
        { ...command, link: stillLink, reused, passwordHash },
        link.userId,
      );
      if ('refused' in decision) return { ok: false, reason: refusalOf(decision) };
      links.markUsed(token);
      return { ok: true };
    });
  };
}
