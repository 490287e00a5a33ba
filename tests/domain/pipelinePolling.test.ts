// The pipeline's loads on virtual time (RxJS TestScheduler): polling while the cable is down or absent, the refetch
// on reconnection, paging, and failed loads. Sources are marble Observables; time is the scheduler's, starting at 0.
import { defer } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { CableSignal } from '#domain/pipeline/livePipeline';
import type { LoadRequest, ThingsPageRequest } from '#domain/pipeline/snapshotLoads';
import { LARGE, SMALL, page, recordPipeline, testScheduler } from './support/virtualPipeline.ts';

describe('polling and streaming', () => {
  function requestLog(scheduler: TestScheduler) {
    const log: { at: number; since: number | null; page: number }[] = [];
    const fetchThingsPage = (request: ThingsPageRequest) =>
      defer(() => {
        log.push({ at: scheduler.now(), since: request.since, page: request.page });
        return scheduler.createColdObservable('(r|)', { r: page(['t1']) });
      });
    return { log, fetchThingsPage };
  }

  /** Runs the pipeline over the small organization for `durationMs` with a cable that follows the marbles; returns the
   * requests it made and the pictures it published. */
  function runWithCable(durationMs: number, marbles: string, values?: Record<string, CableSignal>) {
    const scheduler = testScheduler();
    const { log, fetchThingsPage } = requestLog(scheduler);
    const recorded = recordPipeline(
      scheduler,
      () => ({
        settings: { incrementalOverlapMs: 0 },
        sources: {
          organization$: scheduler.createColdObservable('a', { a: SMALL }),
          fetchThingsPage,
          openCable: () => scheduler.createColdObservable<CableSignal>(marbles, values),
        },
      }),
      durationMs,
    );
    return { log, recorded };
  }

  it('a large organization polls every 15 s, incrementally from the previous load, and never opens the cable', () => {
    const scheduler = testScheduler();
    const { log, fetchThingsPage } = requestLog(scheduler);
    let cableOpened = false;
    recordPipeline(
      scheduler,
      () => ({
        settings: { incrementalOverlapMs: 0 },
        sources: {
          organization$: scheduler.createColdObservable('a', { a: LARGE }),
          fetchThingsPage,
          openCable: () => {
            cableOpened = true;
            return scheduler.createColdObservable<CableSignal>('c');
          },
        },
      }),
      46_000,
    );
    expect(log).toEqual([
      { at: 0, since: null, page: 1 },
      { at: 15_000, since: 0, page: 1 },
      { at: 30_000, since: 15_000, page: 1 },
      { at: 45_000, since: 30_000, page: 1 },
    ]);
    expect(cableOpened).toBe(false);
  });

  it('polls while the live connection is down; on reconnection polling stops and one incremental refetch runs', () => {
    const { log, recorded } = runWithCable(90_000, 'c 9999ms d 39999ms c', {
      c: { kind: 'connected' },
      d: { kind: 'disconnected' },
    });
    expect(log.map((entry) => [entry.at, entry.since])).toEqual([
      [0, null], // the first, full load
      [0, 0], // the refetch for the first connection, queued behind it
      [25_000, 0], // connection lost at 10 s: polling every 15 s
      [40_000, 25_000],
      [50_000, 40_000], // reconnected at 50 s: one incremental refetch, then no more polling
    ]);
    const sources = recorded
      .map((entry) => entry.picture.eventSource)
      .filter((source, index, all) => index === 0 || source !== all[index - 1]);
    expect(sources).toEqual(['streaming', 'polling', 'streaming', 'polling', 'streaming']);
  });

  it('does not poll while a resumable connection is away, and loads nothing when it comes back resumed', () => {
    const { log } = runWithCable(90_000, 'c 9999ms d 39999ms r 9999ms d 9999ms x', {
      c: { kind: 'connected' },
      d: { kind: 'disconnected', resuming: true },
      r: { kind: 'connected', resumed: true },
      x: { kind: 'connected', resumed: false },
    });
    expect(log.map((entry) => [entry.at, entry.since])).toEqual([
      [0, null],
      [0, 0],
      // Away 40 s and resumed from the history: no poll, no refetch. Away again, the history refused: one refetch.
      [70_000, 0],
    ]);
  });

  it('polls from the start when the live connection never comes up', () => {
    const { log, recorded } = runWithCable(31_000, '-');
    expect(log.map((entry) => [entry.at, entry.since])).toEqual([
      [0, null],
      [15_000, 0],
      [30_000, 15_000],
    ]);
    expect(recorded.at(-1)?.picture.eventSource).toBe('polling');
  });

  it('fetches extra pages one after the other and drops, after a full load, what it did not return', () => {
    const scheduler = testScheduler();
    const requested: { at: number; page: number }[] = [];
    const pages: Record<number, ReturnType<typeof page>> = {
      1: page(['a', 'b'], 1, 5, 2),
      2: page(['c', 'd'], 2, 5, 2),
      3: page(['e'], 3, 5, 2),
    };
    const recorded = recordPipeline(
      scheduler,
      () => ({
        sources: {
          organization$: scheduler.createColdObservable('a', { a: LARGE }),
          fetchThingsPage: (request) =>
            defer(() => {
              requested.push({ at: scheduler.now(), page: request.page });
              return scheduler.createColdObservable('100ms (r|)', { r: pages[request.page] });
            }),
        },
      }),
      1000,
    );
    expect(requested).toEqual([
      { at: 0, page: 1 },
      { at: 100, page: 2 },
      { at: 200, page: 3 },
    ]);
    const sizes = recorded
      .filter((entry) => entry.at > 0 && entry.at < 1000)
      .map((entry) => [entry.at, entry.things.size]);
    expect(sizes).toEqual([
      [100, 2],
      [200, 4],
      [300, 5],
    ]);
  });

  it('records a failed load with its status, and the next poll asks for everything again', () => {
    const scheduler = testScheduler();
    const sinces: (number | null)[] = [];
    let calls = 0;
    const recorded = recordPipeline(
      scheduler,
      () => ({
        sources: {
          organization$: scheduler.createColdObservable('a', { a: LARGE }),
          fetchThingsPage: (request: LoadRequest) =>
            defer(() => {
              sinces.push(request.since);
              calls += 1;
              return calls === 1
                ? scheduler.createColdObservable('#', undefined, { status: 404 })
                : scheduler.createColdObservable('(r|)', { r: page(['t1']) });
            }),
        },
      }),
      16_000,
    );
    expect(recorded.find((entry) => entry.at === 0 && entry.picture.loadErrors.things === 404)).toBeDefined();
    expect(sinces).toEqual([null, null]);
    expect(recorded.at(-1)?.things.size).toBe(1);
    expect(recorded.at(-1)?.picture.loadErrors.things).toBeUndefined();
  });
});

describe('a failed load while streaming', () => {
  it('is tried again after the polling interval, though no poll runs while streaming', () => {
    const scheduler = testScheduler();
    const calls: { at: number; since: number | null }[] = [];
    const recorded = recordPipeline(
      scheduler,
      () => ({
        sources: {
          organization$: scheduler.createColdObservable('a', { a: SMALL }),
          openCable: () => scheduler.createColdObservable<CableSignal>('c', { c: { kind: 'connected' } }),
          fetchThingsPage: (request) =>
            defer(() => {
              calls.push({ at: scheduler.now(), since: request.since });
              return calls.length <= 2
                ? scheduler.createColdObservable('#', undefined, { status: 500 })
                : scheduler.createColdObservable('(r|)', { r: page(['t1']) });
            }),
        },
      }),
      40_000,
    );
    // The first load and the first connection's refetch fail at 0; one retry 15 s later loads everything.
    expect(calls).toEqual([
      { at: 0, since: null },
      { at: 0, since: null },
      { at: 15_000, since: null },
    ]);
    expect(recorded.at(-1)?.things.size).toBe(1);
    expect(recorded.at(-1)?.picture.eventSource).toBe('streaming');
  });
});
