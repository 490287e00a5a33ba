// The app-update check (live §4 "App update", §9): GET /version 10 s after start, then every 10 minutes. The
// first version read is the one the page runs; when a later read differs, the notice goes up and stays up.
import {
  catchError,
  distinctUntilChanged,
  exhaustMap,
  map,
  of,
  scan,
  takeWhile,
  timer,
  type Observable,
} from 'rxjs';
import type { SchedulerLike } from 'rxjs';
import { decodeVersion, isUpdateAvailable } from '#domain/version/appVersion';

export type VersionPollOptions = {
  scheduler: SchedulerLike;
  fetchVersion: () => Observable<unknown>;
  firstDelayMs: number;
  intervalMs: number;
};

/** Emits false, then true once when a different version appears, and completes. A failed poll changes nothing. */
export function updateAvailable(options: VersionPollOptions): Observable<boolean> {
  return timer(options.firstDelayMs, options.intervalMs, options.scheduler).pipe(
    exhaustMap(() =>
      options.fetchVersion().pipe(
        map(decodeVersion),
        catchError(() => of(null)),
      ),
    ),
    scan(
      (seen: { first: string | null; latest: string | null }, version) => ({
        first: seen.first ?? version,
        latest: version ?? seen.latest,
      }),
      { first: null, latest: null },
    ),
    map((seen) => isUpdateAvailable(seen.first, seen.latest)),
    distinctUntilChanged(),
    takeWhile((available) => !available, true),
  );
}
