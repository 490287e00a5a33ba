// An account as the security rules read it (the user's row and its account_security row), and the one way to change
// it: the pure account decider (accountDecider.ts) decides on the current state, and what it accepts is appended as
// events (accountProjection.ts projects them in the same transaction).
import type { Clock } from '../kernel/clock.ts';
import type { EventLog } from '../store/eventLog.ts';
import type { AccountEvent, AccountStanding, SessionEvent } from '../store/events.ts';
import { decideAccount, type AccountCommand, type AccountDecision } from './accountDecider.ts';

export type UserRow = { id: string; email: string; password_hash: string; organization_id: string };
export type SecurityRow = { standing: AccountStanding; failed_attempts: number; locked_at: number | null };
/** What the account decider reads. */
export type AccountState = { standing: AccountStanding; failedAttempts: number; locked: boolean };

export type AccountRecords = {
  findUser(email: string): UserRow | null;
  standingOf(userId: string): SecurityRow;
  stateOf(userId: string): AccountState;
  /** The current password's hash and the ones before it, newest first, `count` in all at most; null for no user. */
  recentPasswordHashes(userId: string, count: number): string[] | null;
  /** Decides the command on the account's current state and appends what it accepts; call inside `write`. */
  decideAndRecord(command: AccountCommand, userId: string): AccountDecision;
  /** Appends an account or session event on the user's stream; call inside `write`. */
  recordForUser(event: AccountEvent | SessionEvent, userId: string): void;
  /** The log's top-level write (store/eventLog.ts): `work` runs as one transaction. */
  write<T>(work: () => T): Promise<T>;
};

export function createAccountRecords(eventLog: EventLog, clock: Clock): AccountRecords {
  const { db } = eventLog;
  const findUserStatement = () =>
    db.prepare<[string], UserRow>(
      'SELECT id, email, password_hash, organization_id FROM users WHERE email = ? COLLATE NOCASE',
    );
  const standingStatement = () =>
    db.prepare<[string], SecurityRow>(
      'SELECT standing, failed_attempts, locked_at FROM account_security WHERE user_id = ?',
    );
  const selectOrganization = db.prepare<[string], { organization_id: string }>(
    'SELECT organization_id FROM users WHERE id = ?',
  );

  function organizationOf(userId: string): string {
    const row = selectOrganization.get(userId);
    if (!row) throw new Error(`No user ${userId}`);
    return row.organization_id;
  }

  function standingOf(userId: string): SecurityRow {
    return standingStatement().get(userId) ?? { standing: 'active', failed_attempts: 0, locked_at: null };
  }

  function stateOf(userId: string): AccountState {
    const row = standingOf(userId);
    return { standing: row.standing, failedAttempts: row.failed_attempts, locked: row.locked_at !== null };
  }

  function recentPasswordHashes(userId: string, count: number): string[] | null {
    const current = db
      .prepare<[string], { password_hash: string }>('SELECT password_hash FROM users WHERE id = ?')
      .get(userId);
    if (!current) return null;
    const history = db
      .prepare<[string, number], { password_hash: string }>(
        'SELECT password_hash FROM password_history WHERE user_id = ? ORDER BY replaced_at DESC, rowid DESC LIMIT ?',
      )
      .all(userId, count - 1);
    // With count 10: the current password and the nine before it make the last 10.
    return [current.password_hash, ...history.map((row) => row.password_hash)];
  }

  function recordForUser(event: AccountEvent | SessionEvent, userId: string) {
    eventLog.record(event, {
      streamId: userId,
      organizationId: organizationOf(userId),
      recordedAt: clock.now(),
    });
  }

  return {
    findUser: (email) => findUserStatement().get(email.trim()) ?? null,
    standingOf,
    stateOf,
    recentPasswordHashes,
    decideAndRecord(command, userId) {
      const decision = decideAccount(command, stateOf(userId), clock.now());
      if ('accepted' in decision) for (const event of decision.accepted) recordForUser(event, userId);
      return decision;
    },
    recordForUser,
    write: (work) => eventLog.write(work),
  };
}
