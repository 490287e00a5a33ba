// Throttling of the guessable endpoints (issue 24, DESIGN §8): sign-in, password recovery and unlock mails, and
// token refresh, per caller address and per account named. Pure: the time comes in, the entries go out; the plugin
// (auth/throttlePlugin.ts) keeps them and answers 429 with Retry-After.
//
// The rule: the first `freeAttempts` counted attempts pass untouched, so a person who mistypes a few times is never
// slowed; each one after must wait `baseDelayMs`, doubling, up to `maxDelayMs`, after the one before. An entry is
// forgotten after `forgetAfterMs` of quiet, so someone who keeps trying never gets a fresh set of free attempts.
// A refused (throttled) request is not counted: it was never checked, so it neither extends the wait nor counts
// towards the account lockout (auth/accountDecider.ts).
//
// Why the per-account limits cannot be used to shut a person out more easily than before: anyone who can name an
// account could already lock it with LOCKOUT_THRESHOLD (5) wrong passwords, which needs the unlock mail to undo.
// The per-account sign-in throttle starts only after twice that many failures, never waits longer than a minute,
// and is cleared by the owner's successful sign-in; so it delays by at most a minute what the lockout already
// allowed, and never denies anything the lockout did not. Recovery mails named for one address are capped to one a
// minute after the first few, which bounds mail bombing without keeping the owner from a reset for long. Keys name
// the e-mail as typed (lower-cased), whether or not an account has it, so a 429 says nothing about who exists.

export type ThrottleAction = 'sign-in' | 'recovery' | 'refresh';

export type ThrottleRule = {
  freeAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
};

/** Per action: the rule for the caller's address, and for the account named (null: none is named). */
export type ThrottlePolicy = Record<ThrottleAction, { address: ThrottleRule; account: ThrottleRule | null }>;

const MINUTE_MS = 60_000;

export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = {
  // Failed sign-ins: an office behind one address can mistype 30 times in a quarter of an hour untouched.
  'sign-in': {
    address: {
      freeAttempts: 30,
      baseDelayMs: 1_000,
      maxDelayMs: 5 * MINUTE_MS,
      forgetAfterMs: 15 * MINUTE_MS,
    },
    account: { freeAttempts: 10, baseDelayMs: 1_000, maxDelayMs: MINUTE_MS, forgetAfterMs: 15 * MINUTE_MS },
  },
  // Every forgot-password and unlock request (each sends a mail).
  recovery: {
    address: {
      freeAttempts: 20,
      baseDelayMs: 1_000,
      maxDelayMs: 5 * MINUTE_MS,
      forgetAfterMs: 15 * MINUTE_MS,
    },
    account: { freeAttempts: 5, baseDelayMs: 15_000, maxDelayMs: MINUTE_MS, forgetAfterMs: 15 * MINUTE_MS },
  },
  // Refresh tokens refused (a live one is 512 random characters: only a guesser fails often).
  refresh: {
    address: {
      freeAttempts: 30,
      baseDelayMs: 1_000,
      maxDelayMs: 5 * MINUTE_MS,
      forgetAfterMs: 15 * MINUTE_MS,
    },
    account: null,
  },
};

/** Counted attempts under one key, and when the last one was. */
export type ThrottleEntry = { attempts: number; lastAttemptAt: number };

/** The entry as it stands at `now`: forgotten after a quiet spell. */
function live(entry: ThrottleEntry | undefined, rule: ThrottleRule, now: number): ThrottleEntry | undefined {
  return entry && now - entry.lastAttemptAt < rule.forgetAfterMs ? entry : undefined;
}

/** How long the next attempt must still wait, in ms; 0 when it may go ahead. */
export function waitBeforeNextAttempt(
  entry: ThrottleEntry | undefined,
  rule: ThrottleRule,
  now: number,
): number {
  const current = live(entry, rule, now);
  if (!current || current.attempts < rule.freeAttempts) return 0;
  const delay = Math.min(rule.baseDelayMs * 2 ** (current.attempts - rule.freeAttempts), rule.maxDelayMs);
  return Math.max(0, current.lastAttemptAt + delay - now);
}

/** The entry after one more counted attempt at `now`. */
export function afterAttempt(
  entry: ThrottleEntry | undefined,
  rule: ThrottleRule,
  now: number,
): ThrottleEntry {
  const current = live(entry, rule, now);
  return { attempts: (current?.attempts ?? 0) + 1, lastAttemptAt: now };
}

/** Whether an entry can be dropped at `now` (nothing about it matters any more). */
export function isStale(entry: ThrottleEntry, rule: ThrottleRule, now: number): boolean {
  return live(entry, rule, now) === undefined;
}

/** The account key of an e-mail as typed: trimmed, lower-case (the users table compares without case). */
export function accountKeyOf(email: string): string {
  return email.trim().toLowerCase();
}

/** Retry-After is whole seconds, rounded up so a client that obeys it is never refused again for being early. */
export function retryAfterSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}
