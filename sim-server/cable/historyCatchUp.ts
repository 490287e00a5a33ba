// Whether a history being sent will ever reach the live stream. A client that reads its history more slowly than
// the organization's stream grows trails it for good: every message arrives, ever later, and none live. Such a
// history is better answered `reject_history`, so that the client reloads once over REST and rejoins the live
// stream (docs/cable.md "A history that cannot catch up").

export type HistoryCatchUpLimits = {
  /**
   * In every window this long the distance from what the history has read to the stream's live end must shrink;
   * a history that has not gained on it over a whole window is rejected.
   */
  historyWindowMs: number;
  /** A history still short of the live end after this long is rejected, however it is doing. */
  historyMaxMs: number;
};

/**
 * 5 s is several of the client's 1 s batches and several server slices, long enough not to judge a pause of the
 * client's own (a garbage collection, a frame) as trailing; 30 s of history is already more than a REST reload of
 * 25,000 assets costs on a busy machine.
 */
export const DEFAULT_HISTORY_CATCH_UP: HistoryCatchUpLimits = {
  historyWindowMs: 5_000,
  historyMaxMs: 30_000,
};

export type CatchUpVerdict = 'catching up' | 'trailing';

/**
 * Watches one history's distance to the live end (in log positions). Created when the history starts; `judge` is
 * called before each slice, with the distance left and the time.
 */
export class CatchUpWatch {
  private readonly startedAt: number;
  private windowStartedAt: number;
  private windowDistance: number | null = null;

  constructor(
    private readonly limits: HistoryCatchUpLimits,
    now: number,
  ) {
    this.startedAt = now;
    this.windowStartedAt = now;
  }

  judge(distance: number, now: number): CatchUpVerdict {
    if (now - this.startedAt > this.limits.historyMaxMs) return 'trailing';
    if (this.windowDistance === null) {
      this.windowDistance = distance;
      return 'catching up';
    }
    if (now - this.windowStartedAt < this.limits.historyWindowMs) return 'catching up';
    // Nothing left to gain on: the stream was quiet and the history has read what there is.
    if (distance > 0 && distance >= this.windowDistance) return 'trailing';
    this.windowStartedAt = now;
    this.windowDistance = distance;
    return 'catching up';
  }
}
