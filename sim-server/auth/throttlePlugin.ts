// `app.throttle(subjectOf)`: a preHandler that answers 429 with Retry-After while the caller's address or the
// account named must wait, and `app.throttles.count(...)` for the routes to report an attempt's outcome. The rules
// are pure (auth/throttleRules.ts); the entries live in memory, as the sessions of a process do: a restart forgets
// them, which only ever gives back the free attempts (docs/security.md).
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { sharedPlugin } from '../plugins/sharedPlugin.ts';
import {
  DEFAULT_THROTTLE_POLICY,
  afterAttempt,
  isStale,
  retryAfterSeconds,
  waitBeforeNextAttempt,
  type ThrottleAction,
  type ThrottleEntry,
  type ThrottlePolicy,
  type ThrottleRule,
} from './throttleRules.ts';

/** What a request attempts and, when it names one, the account key (auth/throttleRules.ts `accountKeyOf`). */
export type ThrottleSubject = { action: ThrottleAction; account: string | null };

export type Throttles = {
  /** Reports a checked attempt: a failure counts towards both keys; a success clears the account's count. */
  count(request: FastifyRequest, subject: ThrottleSubject, outcome: 'failed' | 'succeeded'): void;
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
};

const TOO_MANY = {
  error: 'too_many_requests',
  error_description: 'Too many attempts. Please wait a moment and try again.',
} as const;

/** Entries kept before stale ones are swept (an attacker's many addresses must not grow memory without bound). */
const SWEEP_ABOVE = 10_000;

export const throttlePlugin = sharedPlugin<ThrottlePluginOptions>('throttle', async (app, options) => {
  const policy: ThrottlePolicy = { ...DEFAULT_THROTTLE_POLICY, ...options.policy };
  const entries = new Map<string, { entry: ThrottleEntry; rule: ThrottleRule }>();

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

  function sweep(now: number) {
    if (entries.size <= SWEEP_ABOVE) return;
    for (const [key, { entry, rule }] of entries) if (isStale(entry, rule, now)) entries.delete(key);
  }

  function record(request: FastifyRequest, subject: ThrottleSubject) {
    const now = options.now();
    for (const { key, rule } of keysOf(request, subject))
      entries.set(key, { entry: afterAttempt(entries.get(key)?.entry, rule, now), rule });
    sweep(now);
  }

  app.decorate('throttles', {
    count(request, subject, outcome) {
      if (outcome === 'failed') return record(request, subject);
      for (const { key, kind } of keysOf(request, subject)) if (kind === 'account') entries.delete(key);
    },
  } satisfies Throttles);

  app.decorate(
    'throttle',
    (subjectOf: (request: FastifyRequest) => ThrottleSubject | null, { countEvery = false } = {}) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const subject = subjectOf(request);
        if (subject === null) return;
        const now = options.now();
        const wait = Math.max(
          0,
          ...keysOf(request, subject).map(({ key, rule }) =>
            waitBeforeNextAttempt(entries.get(key)?.entry, rule, now),
          ),
        );
        if (wait > 0)
          return reply
            .code(429)
            .header('retry-after', String(retryAfterSeconds(wait)))
            .send(TOO_MANY);
        if (countEvery) record(request, subject);
      },
  );
});
