// The pipeline on virtual time (RxJS TestScheduler): batching, polling, reconnection, paging, organization switch
// and the version poll. Sources are marble Observables; time is the scheduler's, starting at 0.
import type { Observable } from 'rxjs';
import { defer, distinctUntilChanged, map, takeUntil, timer } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { ViewedOrganization } from '#domain/live/liveEvents';
import type { LivePicture } from '#domain/live/livePicture';
import type { Thing } from '#domain/things/thing';
import { createLivePipeline, type CableSignal, type LiveSources } from '#domain/pipeline/livePipeline';
import type { LoadRequest, ThingsPageRequest } from '#domain/pipeline/snapshotLoads';
import { updateAvailable } from '#domain/pipeline/versionPoll';
import { ORGANIZATION, serverThing } from './support/builders.ts';

function testScheduler() {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

const SMALL: ViewedOrganization = ORGANIZATION;
const LARGE: ViewedOrganization = { ...ORGANIZATION, id: 'org-large', isLargeOrg: true };
const LARGE_STREAMING: ViewedOrganization = { ...ORGANIZATION, id: 'org-streaming' };

/** A things page as the provider answers it; heartbeats are at virtual time 0. */
function page(ids: string[], pageNumber = 1, total = ids.length, perPage = 500) {
  return {
    data: ids.map((id) => serverThing({ id, heartbeat_datetime: new Date(0).toISOString() })),
    meta: { page: pageNumber, per_page: perPage, total },
  };
}

const pointMessage = (thingId: string, runId = 'r1'): CableSignal => ({
  kind: 'message',
  message: {
    type: 'point',
    data: {
      id: `p-${thingId}`,
      thing_id: thingId,
      lat: 41.86,
      lng: -87.64,
      speed: 10,
      course: 0,
      accuracy: 5,
      enroute: true,
      run_id: runId,
    },
  },
});

/**
 * A picture as a subscriber saw it when it arrived. The assets are copied then, because later batches change the
 * picture's records in place (a subscriber reads a picture when it arrives, never afterwards).
 */
type Recorded = { at: number; picture: LivePicture; things: ReadonlyMap<string, Thing> };

function seen(at: number, picture: LivePicture): Recorded {
  return { at, picture, things: new Map([...picture.things].map(([id, asset]) => [id, { ...asset }])) };
}

/** Runs the pipeline on virtual time until `until` and returns every picture with the time it appeared. */
function recordPictures(
  scheduler: TestScheduler,
  build: () => Observable<LivePicture>,
  until: number,
): Recorded[] {
  const recorded: Recorded[] = [];
  scheduler.run(() => {
    build()
      .pipe(takeUntil(timer(until, scheduler)))
      .subscribe((picture) => recorded.push(seen(scheduler.now(), picture)));
  });
  return recorded;
}

describe('batching', () => {
  it('applies the messages that arrive within a second together, at the next one-second boundary', () => {
    const scheduler = testScheduler();
    const recorded = recordPictures(
      scheduler,
      () =>
        createLivePipeline({
          scheduler,
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
        }).picture$,
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
    const recorded = recordPictures(
      scheduler,
      () =>
        createLivePipeline({
          scheduler,
          sources: {
            organization$: scheduler.createColdObservable('a', { a: LARGE }),
            fetchThingsPage: () => scheduler.createColdObservable('(r|)', { r: page(['t1']) }),
          },
        }).picture$,
      40_000,
    );
    const turnedStale = recorded.find((entry) => entry.things.get('t1')?.isStale);
    expect(turnedStale?.at).toBe(30_000);
  });
});

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
    const recorded = recordPictures(
      scheduler,
      () =>
        createLivePipeline({
          scheduler,
          settings: { incrementalOverlapMs: 0 },
          sources: {
            organization$: scheduler.createColdObservable('a', { a: SMALL }),
            fetchThingsPage,
            openCable: () => scheduler.createColdObservable<CableSignal>(marbles, values),
          },
        }).picture$,
      durationMs,
    );
    return { log, recorded };
  }

  it('a large organization polls every 15 s, incrementally from the previous load, and never opens the cable', () => {
    const scheduler = testScheduler();
    const { log, fetchThingsPage } = requestLog(scheduler);
    let cableOpened = false;
    recordPictures(
      scheduler,
      () =>
        createLivePipeline({
          scheduler,
          settings: { incrementalOverlapMs: 0 },
          sources: {
            organization$: scheduler.createColdObservable('a', { a: LARGE }),
            fetchThingsPage,
            openCable: () => {
              cableOpened = true;
              return scheduler.createColdObservable<CableSignal>('c');
            },
          },
        }).picture$,
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
    const recorded = recordPictures(
      scheduler,
      () =>
        createLivePipeline({
          scheduler,
          sources: {
            organization$: scheduler.createColdObservable('a', { a: LARGE }),
            fetchThingsPage: (request) =>
              defer(() => {
                requested.push({ at: scheduler.now(), page: request.page });
                return scheduler.createColdObservable('100ms (r|)', { r: pages[request.page] });
              }),
          },
        }).picture$,
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
    const recorded = recordPictures(
      scheduler,
      () =>
        createLivePipeline({
          scheduler,
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
        }).picture$,
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
    const recorded = recordPictures(
      scheduler,
      () =>
        createLivePipeline({
          scheduler,
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
        }).picture$,
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

describe('organization switch', () => {
  it('resets the picture, closes the previous cable and subscribes to the new organization', () => {
    const scheduler = testScheduler();
    const other: ViewedOrganization = { ...SMALL, id: 'org-2' };
    const cableA = scheduler.createHotObservable<CableSignal>('c', { c: { kind: 'connected' } });
    const cableB = scheduler.createHotObservable<CableSignal>('c', { c: { kind: 'connected' } });
    let recorded: Recorded[] = [];
    scheduler.run(({ expectSubscriptions }) => {
      const pipeline = createLivePipeline({
        scheduler,
        sources: {
          organization$: scheduler.createColdObservable('a 2999ms b', { a: SMALL, b: other }),
          fetchThingsPage: (request) =>
            scheduler.createColdObservable('(r|)', {
              r: page(request.organizationId === SMALL.id ? ['a1', 'a2'] : ['b1']),
            }),
          openCable: (organizationId) => (organizationId === SMALL.id ? cableA : cableB),
        },
      });
      pipeline.picture$
        .pipe(takeUntil(timer(5000, scheduler)))
        .subscribe((picture) => (recorded = [...recorded, seen(scheduler.now(), picture)]));
      expectSubscriptions(cableA.subscriptions).toBe('^ 2999ms !');
      expectSubscriptions(cableB.subscriptions).toBe('3000ms ^ 1999ms !');
    });
    const atSwitch = recorded.find((entry) => entry.at === 3000);
    expect(atSwitch?.picture.changes.reset).toBe(true);
    expect(atSwitch?.things.size).toBe(0);
    expect([...(recorded.at(-1)?.things.keys() ?? [])]).toEqual(['b1']);
    expect(recorded.at(-1)?.picture.organization?.id).toBe('org-2');
  });

  it('applies command results of the viewed organization only', () => {
    const scheduler = testScheduler();
    const recorded = recordPictures(
      scheduler,
      () =>
        createLivePipeline({
          scheduler,
          sources: {
            organization$: scheduler.createColdObservable('a', { a: LARGE }),
            fetchThingsPage: () => scheduler.createColdObservable('(r|)', { r: page(['t1']) }),
            commandResults$: scheduler.createColdObservable('10ms x 10ms y', {
              x: {
                organizationId: 'someone-else',
                event: { type: 'ClosureDeleted', closureId: 'c1', now: 10 },
              },
              y: {
                organizationId: LARGE.id,
                event: { type: 'LoadFailed', resource: 'closures', status: 500, now: 21 },
              },
            }) as LiveSources['commandResults$'],
          },
        }).picture$,
      100,
    );
    expect(recorded.map((entry) => entry.at)).not.toContain(10);
    expect(recorded.find((entry) => entry.at === 21)?.picture.loadErrors.closures).toBe(500);
  });
});

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
