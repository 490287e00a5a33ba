// How much time-travel work the simulator takes on at once (issue 34 finding 3, docs/time-travel.md "Limits"): a
// past picture folds up to a checkpoint interval of the log into a scratch database, a page of past messages maps up
// to 100,000 positions, so each costs tens to hundreds of megabytes and up to a second of CPU. A small pool runs
// them, the rest wait in a queue, and a user or an organization with too many running or waiting is refused (429)
// before anything is read, so one dashboard replaying at its limits leaves the rest of the API answering.
// Pure: the state and the request come in, the decision goes out (historyPool.ts keeps the state).

export type TimeTravelLimits = {
  /** Past pictures and pages of past messages built at once (the machine's 2 cores: one left for the rest). */
  concurrent: number;
  /** Requests waiting for the pool; one more is refused. */
  queued: number;
  /**
   * A user's requests running or waiting. A replay holds up to four (its picture, the page it waits for and two
   * read ahead, client/live/replayFeed.ts), so one replay never meets the limit; a second at once may.
   */
  perUser: number;
  /** An organization's requests running or waiting, over all its users. */
  perOrganization: number;
  /** Seconds a refused caller is told to wait (Retry-After). */
  retryAfterSeconds: number;
  /**
   * How long an answer may take to be written to its socket. A request holds its place in the pool until the
   * client took the answer, so one that does not read holds one place; past this the connection is closed.
   */
  sendDeadlineMs: number;
};

export const DEFAULT_TIME_TRAVEL_LIMITS: TimeTravelLimits = {
  concurrent: 1,
  queued: 16,
  perUser: 4,
  perOrganization: 8,
  retryAfterSeconds: 2,
  sendDeadlineMs: 30_000,
};

/** What the pool holds now. */
export type PoolState = {
  running: number;
  waiting: number;
  /** Running or waiting, by user id and by organization id. */
  byUser: ReadonlyMap<string, number>;
  byOrganization: ReadonlyMap<string, number>;
};

export type HistoryRequester = { userId: string; organizationId: string };

export type Admission =
  { kind: 'run' } | { kind: 'wait' } | { kind: 'refuse'; reason: 'user' | 'organization' | 'busy' };

export function admitHistoryRequest(
  state: PoolState,
  requester: HistoryRequester,
  limits: TimeTravelLimits,
): Admission {
  if ((state.byUser.get(requester.userId) ?? 0) >= limits.perUser) return { kind: 'refuse', reason: 'user' };
  if ((state.byOrganization.get(requester.organizationId) ?? 0) >= limits.perOrganization)
    return { kind: 'refuse', reason: 'organization' };
  if (state.running < limits.concurrent) return { kind: 'run' };
  if (state.waiting < limits.queued) return { kind: 'wait' };
  return { kind: 'refuse', reason: 'busy' };
}

/** The refusal's text (the body's `error` and `message`, as the dashboard shows one sentence). */
export const HISTORY_BUSY = 'Too many replays at once. Try again in a few seconds';
