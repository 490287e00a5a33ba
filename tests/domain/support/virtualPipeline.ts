// The live pipeline's test bench on virtual time (RxJS TestScheduler): the organizations, the provider's things pages
// and cable points the pipeline tests feed it, and a recorder of the pictures it publishes with the time of each.
import type { Observable } from 'rxjs';
import { takeUntil, timer } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { expect } from 'vitest';
import type { ViewedOrganization } from '#domain/live/liveEvents';
import type { LivePicture } from '#domain/live/livePicture';
import type { Thing } from '#domain/things/thing';
import {
  createLivePipeline,
  type CableSignal,
  type LivePipelineOptions,
} from '#domain/pipeline/livePipeline';
import { ORGANIZATION, serverThing } from './builders.ts';

export function testScheduler() {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

export const SMALL: ViewedOrganization = ORGANIZATION;
export const LARGE: ViewedOrganization = { ...ORGANIZATION, id: 'org-large', isLargeOrg: true };
export const LARGE_STREAMING: ViewedOrganization = { ...ORGANIZATION, id: 'org-streaming' };

/** A things page as the provider answers it; heartbeats are at virtual time 0. */
export function page(ids: string[], pageNumber = 1, total = ids.length, perPage = 500) {
  return {
    data: ids.map((id) => serverThing({ id, heartbeat_datetime: new Date(0).toISOString() })),
    meta: { page: pageNumber, per_page: perPage, total },
  };
}

export const pointMessage = (thingId: string, runId = 'r1'): CableSignal => ({
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
export type Recorded = { at: number; picture: LivePicture; things: ReadonlyMap<string, Thing> };

export function seen(at: number, picture: LivePicture): Recorded {
  return { at, picture, things: new Map([...picture.things].map(([id, asset]) => [id, { ...asset }])) };
}

/** Runs the pipeline on virtual time until `until` and returns every picture with the time it appeared. */
export function recordPictures(
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

/**
 * Runs a live pipeline on the scheduler until `until`, recording its pictures. `options` (its sources and settings)
 * is called inside the scheduler's run, where the marbles' times are virtual milliseconds.
 */
export function recordPipeline(
  scheduler: TestScheduler,
  options: () => Omit<LivePipelineOptions, 'scheduler'>,
  until: number,
): Recorded[] {
  return recordPictures(scheduler, () => createLivePipeline({ scheduler, ...options() }).picture$, until);
}
