// Where the throttle's counts live. In the process by default (a restart forgets them, which only ever gives back
// free attempts); on a cluster in Redis (redisThrottleStore.ts), so a guesser who spreads attempts over the nodes
// meets one count, not one per node. The rules stay pure and in one place (throttleRules.ts): a store keeps entries
// and applies `afterAttempt` to what it holds, atomically.
import { afterAttempt, isStale, type ThrottleEntry, type ThrottleRule } from './throttleRules.ts';

export type KeyedRule = { key: string; rule: ThrottleRule };

export interface ThrottleStore {
  /** The entries under `keys`, in order (undefined where there is none). */
  read(keys: readonly string[]): Promise<readonly (ThrottleEntry | undefined)[]>;
  /** One more counted attempt at `now` under each key, by its rule. */
  countAttempt(keyed: readonly KeyedRule[], now: number): Promise<void>;
  forget(keys: readonly string[]): Promise<void>;
  /**
   * One more failure under `key` (a plain count, for e-mails no account has: passwordGrant.ts); the count with it.
   * Kept `keepMs` at least in Redis; in memory, until `UNKNOWN_EMAILS_REMEMBERED` later keys push it out.
   */
  countFailure(key: string, keepMs: number): Promise<number>;
  close(): Promise<void>;
}

/** Failure counts held in memory; past it the stalest is forgotten, so memory stays bounded. */
export const UNKNOWN_EMAILS_REMEMBERED = 10_000;

/** The throttle's store could not be reached: the attempt is neither checked nor counted, so it is refused (503). */
export class ThrottleStoreUnavailable extends Error {
  readonly retryAfterSeconds = 1;
  constructor(cause: unknown) {
    super(
      `the throttle's store cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = 'ThrottleStoreUnavailable';
  }
}

/** Entries kept before stale ones are swept (an attacker's many addresses must not grow memory without bound). */
const SWEEP_ABOVE = 10_000;

export function createMemoryThrottleStore(): ThrottleStore {
  const entries = new Map<string, { entry: ThrottleEntry; rule: ThrottleRule }>();
  const failures = new Map<string, number>();
  function sweep(now: number) {
    if (entries.size <= SWEEP_ABOVE) return;
    for (const [key, { entry, rule }] of entries) if (isStale(entry, rule, now)) entries.delete(key);
  }
  return {
    read: async (keys) => keys.map((key) => entries.get(key)?.entry),
    async countAttempt(keyed, now) {
      for (const { key, rule } of keyed)
        entries.set(key, { entry: afterAttempt(entries.get(key)?.entry, rule, now), rule });
      sweep(now);
    },
    async forget(keys) {
      for (const key of keys) entries.delete(key);
    },
    async countFailure(key) {
      const count = (failures.get(key) ?? 0) + 1;
      // Deleted and set again, so the Map's order is the order of last failure and the first key is the stalest.
      failures.delete(key);
      failures.set(key, count);
      if (failures.size > UNKNOWN_EMAILS_REMEMBERED) {
        const stalest = failures.keys().next();
        if (!stalest.done) failures.delete(stalest.value);
      }
      return count;
    },
    async close() {
      entries.clear();
      failures.clear();
    },
  };
}
