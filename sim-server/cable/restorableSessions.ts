// Dropped extended-protocol sessions that their client may restore by sid for a while: their subscriptions, not
// their messages (the client asks for those by offset). Remembered in the order they dropped, so the expired ones
// are at the front. Only the user who owned a session can spend its sid.
import type { CableConnection } from './cableConnection.ts';

/** How long a dropped extended session can be restored by its sid. */
const RESTORE_WINDOW_MS = 5 * 60_000;
/** Dropped sessions remembered at most; the oldest are forgotten first. */
const MAX_RESTORABLE_SESSIONS = 10_000;

type RestorableSession = { userId: string; identifiers: string[]; until: number };

export class RestorableSessions {
  private readonly sessions = new Map<string, RestorableSession>();

  /** Remembers a closing connection's subscriptions, unless the server ended it or there is nothing to restore. */
  remember(connection: CableConnection, now: number): void {
    if (
      connection.sid === null ||
      connection.session === null ||
      connection.subscriptions.size === 0 ||
      connection.closing
    )
      return;
    this.sessions.set(connection.sid, {
      userId: connection.session.userId,
      identifiers: [...connection.subscriptions.keys()],
      until: now + RESTORE_WINDOW_MS,
    });
    if (this.sessions.size > MAX_RESTORABLE_SESSIONS) {
      const oldest = this.sessions.keys().next();
      if (!oldest.done) this.sessions.delete(oldest.value);
    }
  }

  /**
   * The identifiers of the same user's dropped session with this sid, once; null when there is none to restore. A
   * sid presented by another user is not spent: the owner can still restore it (issue 34).
   */
  take(previousSid: string, userId: string | undefined, now: number): string[] | null {
    const previous = this.sessions.get(previousSid);
    if (!previous || previous.userId !== userId) return null;
    this.sessions.delete(previousSid);
    return previous.until < now ? null : previous.identifiers;
  }

  forgetExpired(now: number): void {
    for (const [sid, session] of this.sessions) {
      if (session.until >= now) break;
      this.sessions.delete(sid);
    }
  }
}
