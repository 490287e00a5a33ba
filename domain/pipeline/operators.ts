// Small operators the pipeline is built from. Schedulers are always passed in, never defaulted, so tests run on
// virtual time and nothing here reads the real clock.
import { concatMap, defer, finalize, Subject, throttle, type Observable, type OperatorFunction } from 'rxjs';

/**
 * Like exhaustMap, but a trigger that arrives while a run is under way is not lost: one more run follows when it
 * ends, however many triggers came meanwhile. A reconnect during the first load thus still gets its refetch.
 */
export function exhaustMapWithTrailing<T, R>(project: (value: T) => Observable<R>): OperatorFunction<T, R> {
  return (source) =>
    defer(() => {
      const runEnded = new Subject<void>();
      return source.pipe(
        throttle(() => runEnded, { leading: true, trailing: true }),
        concatMap((value) => project(value).pipe(finalize(() => runEnded.next()))),
      );
    });
}

export const MAX_RECONNECT_ATTEMPTS = 10;
const FIRST_RECONNECT_DELAY_MS = 1000;
const RECONNECT_DELAY_CAP_MS = 10_000;

/** Delay before reconnect attempt `attempt` (0 for the first): min(1 s × 2^attempt, 10 s) (live §7, access §9). */
export function reconnectDelay(attempt: number): number {
  return Math.min(FIRST_RECONNECT_DELAY_MS * 2 ** attempt, RECONNECT_DELAY_CAP_MS);
}
