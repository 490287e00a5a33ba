// `app.throttle(subjectOf)`: a preHandler that answers 429 with Retry-After while the caller's address or the
// account named must wait, and `app.throttles.count(...)` for the routes to report an attempt's outcome. The rules
// are pure (auth/throttleRules.ts); the entries live in a store (auth/throttleStore.ts): the process's memory, where
// a restart forgets them, which only ever gives back the free attempts, or on a cluster Redis, shared by the nodes
// (docs/security.md). A store out of reach refuses the attempt with 503 and Retry-After, unchecked.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { sharedPlugin } from '../plugins/sharedPlugin.ts';
import { createRedisThrottleStore } from './redisThrottleStore.ts';
import {
  DEFAULT_THROTTLE_POLICY,
  accountKeyOf,
  retryAfterSeconds,
  waitBeforeNextAttempt,
  type ThrottleAction,
  type ThrottlePolicy,
  type ThrottleRule,
} from './throttleRules.ts';
import {
  createMemoryThrottleStore,
  ThrottleStoreUnavailable,
  type KeyedRule,
  type ThrottleStore,
} from './throttleStore.ts';

/** What a request attempts and, when it names one, the account key (auth/throttleRules.ts `accountKeyOf`). */
export type ThrottleSubject = { action: ThrottleAction; account: string | null };

export type Throttles = {
  /**
   * Reports a checked attempt: a failure counts towards both keys; a success clears the account's count. Resolves
   * once counted; a store out of reach is logged, not thrown (the attempt was checked, its answer stands).
   */
  count(request: FastifyRequest, subject: ThrottleSubject, outcome: 'failed' | 'succeeded'): Promise<void>;
  /**
   * Counts a wrong password for an e-mail no account has (auth/passwordGrant.ts) and answers the failures in a row:
   * on a cluster in the shared store, so its lockout comes at the same count on every node as an account's does.
   */
  failedUnknownEmail(email: string): Promise<number>;
};

declare module 'fastify' {
  interface FastifyInstance {
    throttle(
      subjectOf: (request: FastifyRequest) => ThrottleSubject | null,
      options?: { countEvery?: boolean },
    ): preHandlerAsyncHookHandler;
    throttles: Throttles;
  }
}

export type ThrottlePluginOptions = {
  /** Rules per action, over the defaults (tests set their own). */
  policy?: Partial<ThrottlePolicy>;
  now: () => number;
  /** The cluster's Redis and a prefix naming its log: counts shared by every node (absent: this process's memory). */
  shared?: { redisUrl: string; keyPrefix: string };
};

const TOO_MANY = {
  error: 'too_many_requests',
  error_description: 'Too many attempts. Please wait a moment and try again.',
} as const;

/**
 * Actions let through unchecked while the store is out of reach: a refresh token is 512 random characters, so its
 * throttle is a second line, and the dashboard ends the session on a refused refresh (client/session/), which a
 * Redis blip must not do to every desk. Sign-in and recovery wait for the store instead (503).
 */
const UNCHECKED_WHILE_UNAVAILABLE: ReadonlySet<ThrottleAction> = new Set(['refresh']);

/** How long an e-mail no account has stays counted in the shared store (in memory: until pushed out). */
const UNKNOWN_EMAIL_KEPT_MS = 24 * 60 * 60_000;

const UNAVAILABLE = {
  error: 'throttle_unavailable',
  error_description: 'Sign-in is paused for a moment. Please try again shortly.',
} as const;

export const throttlePlugin = sharedPlugin<ThrottlePluginOptions>('throttle', async (app, options) => {
  const policy: ThrottlePolicy = { ...DEFAULT_THROTTLE_POLICY, ...options.policy };
  const store: ThrottleStore = options.shared
    ? await createRedisThrottleStore(options.shared.redisUrl, options.shared.keyPrefix)
    : createMemoryThrottleStore();
  // Where an unknown e-mail's failure is counted when the shared store cannot be: the password was checked already.
  const fallback = createMemoryThrottleStore();
  app.addHook('onClose', () => store.close());

  const keysOf = (request: FastifyRequest, subject: ThrottleSubject) => {
    const rules = policy[subject.action];
    const keys: { key: string; rule: ThrottleRule; kind: 'address' | 'account' }[] = [
      { key: `${subject.action}|address|${request.ip}`, rule: rules.address, kind: 'address' },
    ];
    if (rules.account && subject.account !== null)
      keys.push({
        key: `${subject.action}|account|${subject.account}`,
        rule: rules.account,
        kind: 'account',
      });
    return keys;
  };

  app.decorate('throttles', {
    async count(request, subject, outcome) {
      const keys = keysOf(request, subject);
      try {
        if (outcome === 'failed') await store.countAttempt(keys, options.now());
        else await store.forget(keys.filter(({ kind }) => kind === 'account').map(({ key }) => key));
      } catch (error) {
        request.log.warn({ err: error }, 'throttle: attempt not counted');
      }
    },
    async failedUnknownEmail(email) {
      const key = `unknown-email|${accountKeyOf(email)}`;
      try {
        return await store.countFailure(key, UNKNOWN_EMAIL_KEPT_MS);
      } catch (error) {
        app.log.warn({ err: error }, 'throttle: unknown e-mail counted on this node only');
        return fallback.countFailure(key, UNKNOWN_EMAIL_KEPT_MS);
      }
    },
  } satisfies Throttles);

  /** How long the caller must still wait under the strictest of its keys (ms). */
  async function waitFor(keys: readonly KeyedRule[], now: number): Promise<number> {
    const entries = await store.read(keys.map(({ key }) => key));
    return Math.max(0, ...keys.map(({ rule }, index) => waitBeforeNextAttempt(entries[index], rule, now)));
  }

  app.decorate(
    'throttle',
    (subjectOf: (request: FastifyRequest) => ThrottleSubject | null, { countEvery = false } = {}) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const subject = subjectOf(request);
        if (subject === null) return;
        const now = options.now();
        const keys = keysOf(request, subject);
        try {
          const wait = await waitFor(keys, now);
          if (wait > 0)
            return reply
              .code(429)
              .header('retry-after', String(retryAfterSeconds(wait)))
              .send(TOO_MANY);
          if (countEvery) await store.countAttempt(keys, now);
        } catch (error) {
          if (!(error instanceof ThrottleStoreUnavailable)) throw error;
          if (UNCHECKED_WHILE_UNAVAILABLE.has(subject.action)) return;
          request.log.warn({ err: error }, 'throttle: store out of reach, attempt refused');
          return reply.code(503).header('retry-after', String(error.retryAfterSeconds)).send(UNAVAILABLE);
        }
      },
  );
});
