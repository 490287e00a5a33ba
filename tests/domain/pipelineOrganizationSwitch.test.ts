// The pipeline across organizations on virtual time (RxJS TestScheduler): a switch resets the picture and moves the
// cable, and command results apply to the viewed organization only.
import { takeUntil, timer } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { ViewedOrganization } from '#domain/live/liveEvents';
import { createLivePipeline, type CableSignal, type LiveSources } from '#domain/pipeline/livePipeline';
import {
  LARGE,
  SMALL,
  page,
  recordPipeline,
  seen,
  testScheduler,
  type Recorded,
} from './support/virtualPipeline.ts';

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
    const recorded = recordPipeline(
      scheduler,
      () => ({
        sources: {
          organization$: scheduler.createColdObservable('a', { a: LARGE }),
          fetchThingsPage: () => scheduler.createColdObservable('(r|)', { r: page(['t1']) }),
          commandResults$: scheduler.createColdObservable('10ms x 10ms y', {
            x: {
              organizationId: 'someone-else',
              event: { type: 'ClosureRemoved', closureId: 'c1', now: 10 },
            },
            y: {
              organizationId: LARGE.id,
              event: { type: 'LoadFailed', resource: 'closures', status: 500, now: 21 },
            },
          }) as LiveSources['commandResults$'],
        },
      }),
      100,
    );
    expect(recorded.map((entry) => entry.at)).not.toContain(10);
    expect(recorded.find((entry) => entry.at === 21)?.picture.loadErrors.closures).toBe(500);
  });
});
