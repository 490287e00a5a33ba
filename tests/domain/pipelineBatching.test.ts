// The pipeline's batching on virtual time (RxJS TestScheduler): messages applied together at the one-second boundary,
// and the clock ticking with no messages. Sources are marble Observables; time is the scheduler's, starting at 0.
import { distinctUntilChanged, map, takeUntil, timer } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createLivePipeline, type CableSignal } from '#domain/pipeline/livePipeline';
import {
  LARGE,
  LARGE_STREAMING,
  SMALL,
  page,
  pointMessage,
  recordPipeline,
  testScheduler,
} from './support/virtualPipeline.ts';

describe('batching', () => {
  it('applies the messages that arrive within a second together, at the next one-second boundary', () => {
    const scheduler = testScheduler();
    const recorded = recordPipeline(
      scheduler,
      () => ({
        sources: {
          organization$: scheduler.createColdObservable('a', { a: SMALL }),
          fetchThingsPage: () => scheduler.createColdObservable('(r|)', { r: page(['t1', 't2']) }),
          openCable: () =>
            scheduler.createColdObservable<CableSignal>('c 199ms x 299ms y 299ms z', {
              c: { kind: 'connected' },
              x: pointMessage('t1'),
              y: pointMessage('t1'),
              z: pointMessage('t2'),
            }),
        },
      }),
      2500,
    );
    const withRuns = recorded.filter((entry) => (entry.things.get('t1')?.runPointsCount ?? 0) > 0);
    expect(withRuns[0]?.at).toBe(1000);
    expect(withRuns[0]?.things.get('t1')?.runPointsCount).toBe(2);
    expect(withRuns[0]?.things.get('t2')?.runPointsCount).toBe(1);
    expect(recorded.some((entry) => entry.at > 0 && entry.at < 1000)).toBe(false);
  });

  it('as marbles: a point at 200 ms and one at 500 ms appear together at 1000 ms, one at 1200 ms at 2000 ms', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const pipeline = createLivePipeline({
        scheduler,
        sources: {
          organization$: cold('a', { a: LARGE_STREAMING }),
          fetchThingsPage: () => cold('(r|)', { r: page(['t1']) }),
          openCable: () =>
            cold<CableSignal>('c 199ms x 299ms y 699ms z', {
              c: { kind: 'connected' },
              x: pointMessage('t1'),
              y: pointMessage('t1'),
              z: pointMessage('t1'),
            }),
        },
      });
      const runLength = pipeline.picture$.pipe(
        map((picture) => picture.things.get('t1')?.runPointsCount ?? -1),
        distinctUntilChanged(),
        takeUntil(timer(2500, scheduler)),
      );
      // -1 before the load, 0 once loaded (frame 0); 2 after the first batch; 3 after the second.
      expectObservable(runLength).toBe('(ab) 996ms c 999ms d 499ms |', { a: -1, b: 0, c: 2, d: 3 });
    });
  });

  it('ticks the clock every second even with no messages: an asset goes stale 30 s after it was last heard from', () => {
    const scheduler = testScheduler();
    const recorded = recordPipeline(
      scheduler,
      () => ({
        sources: {
          organization$: scheduler.createColdObservable('a', { a: LARGE }),
          fetchThingsPage: () => scheduler.createColdObservable('(r|)', { r: page(['t1']) }),
        },
      }),
      40_000,
    );
    const turnedStale = recorded.find((entry) => entry.things.get('t1')?.isStale);
    expect(turnedStale?.at).toBe(30_000);
  });
});
