// How many cable connections one user, and one access token, may hold at once (issue 34: 300 sockets on one token
// were all welcomed, each costing a session, pings and its share of every broadcast). The dashboard opens one per
// tab; the official clients one per page. A connection over a cap is refused after its token is resolved, with
// `{"type":"disconnect","reason":"too_many_connections","reconnect":true}`: the dashboard then shows its connection
// banner and keeps trying with its backoff, so a tab gets in once another closes (docs/cable.md "Connection").

export type ConnectionCaps = {
  /** Open connections per user, over all their tokens (browsers, devices). */
  perUser: number;
  /** Open connections per access token: one browser's tabs share its token. */
  perToken: number;
};

/** Sixteen tabs in one browser, thirty-two over all of a user's browsers and devices. */
export const DEFAULT_CONNECTION_CAPS: ConnectionCaps = { perUser: 32, perToken: 16 };

export function resolveConnectionCaps(overrides: Partial<ConnectionCaps> = {}): ConnectionCaps {
  const caps = { ...DEFAULT_CONNECTION_CAPS, ...overrides };
  if (!(
    Number.isInteger(caps.perUser) &&
    caps.perUser >= 1 &&
    Number.isInteger(caps.perToken) &&
    caps.perToken >= 1
  ))
    throw new Error('cable connection caps: perUser and perToken must be integers >= 1');
  return caps;
}

/** Who holds a counted connection: its user and its token. */
export type CapHolder = { readonly userId: string; readonly token: string };

/** Counts the open connections per user and per token; a holder is counted from `admit` to `release`. */
export class ConnectionCounts {
  private readonly perUser = new Map<string, number>();
  private readonly perToken = new Map<string, number>();

  constructor(private readonly caps: ConnectionCaps) {}

  /** Counts the holder in and returns true, or returns false when either cap is reached. */
  admit(holder: CapHolder): boolean {
    const users = this.perUser.get(holder.userId) ?? 0;
    const tokens = this.perToken.get(holder.token) ?? 0;
    if (users >= this.caps.perUser || tokens >= this.caps.perToken) return false;
    this.perUser.set(holder.userId, users + 1);
    this.perToken.set(holder.token, tokens + 1);
    return true;
  }

  release(holder: CapHolder): void {
    decrement(this.perUser, holder.userId);
    decrement(this.perToken, holder.token);
  }
}

function decrement(counts: Map<string, number>, key: string): void {
  const count = (counts.get(key) ?? 0) - 1;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}
