// The version poll on virtual time (RxJS TestScheduler): when it asks, and when it raises the update notice.
import type { Observable } from 'rxjs';
import { defer, map, takeUntil, timer } from 'rxjs';
import { describe, it } from 'vitest';
import { updateAvailable } from '#domain/pipeline/versionPoll';
import { testScheduler } from './support/virtualPipeline.ts';

describe('version poll', () => {
  it('first polls after 10 s, then every 10 minutes, and raises the notice when the version changes', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const answers = ['1.4.0', '1.4.0', '1.5.0'];
      let poll = 0;
      const result = updateAvailable({
        scheduler,
        firstDelayMs: 10_000,
        intervalMs: 600_000,
        fetchVersion: () => defer(() => cold('(v|)', { v: { version: answers[poll++] } })),
      });
      expectObservable(result).toBe('10s a 1199999ms (b|)', { a: false, b: true });
    });
  });

  it('a failed or unreadable poll raises nothing', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const answers: (() => Observable<unknown>)[] = [
        () => cold('(v|)', { v: { version: '2.0' } }),
        () => cold('#', undefined, { status: 0 }),
        () => cold('(v|)', { v: { nonsense: true } }),
        () => cold('(v|)', { v: { version: '2.0' } }),
      ];
      let poll = 0;
      const result = updateAvailable({
        scheduler,
        firstDelayMs: 10,
        intervalMs: 100,
        fetchVersion: () => defer(() => (answers[poll++] ?? answers[0] ?? (() => cold('|')))()),
      }).pipe(
        map((available) => (available ? 'up' : 'no')),
        takeUntil(timer(500, scheduler)),
      );
      expectObservable(result).toBe('10ms a 489ms |', { a: 'no' });
    });
  });
});
