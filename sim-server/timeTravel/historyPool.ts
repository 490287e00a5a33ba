// The places in which past pictures and pages of past messages are built (timeTravelLimits.ts): a request is let in,
// made to wait its turn (first come, first served) or refused, by the pure admission rule; a place is given back
// when its answer has been written or its connection closed, and a waiting request whose client went away leaves
// the queue without having read anything.
import {
  admitHistoryRequest,
  type HistoryRequester,
  type PoolState,
  type TimeTravelLimits,
} from './timeTravelLimits.ts';

/** Gives the place back; once only, later calls do nothing. */
export type ReleasePlace = () => void;

export type PlaceRequest =
  | { kind: 'refused'; reason: 'user' | 'organization' | 'busy' }
  /** `place` settles with the release once the request may run, or null when it was withdrawn first. */
  | { kind: 'admitted'; place: Promise<ReleasePlace | null>; withdraw(): void };

export type HistoryPool = {
  request(requester: HistoryRequester): PlaceRequest;
  /** What the pool holds, for tests and the benchmark. */
  state(): PoolState;
};

type Waiter = { requester: HistoryRequester; start(release: ReleasePlace | null): void };

export function createHistoryPool(limits: TimeTravelLimits): HistoryPool {
  let running = 0;
  const waiting: Waiter[] = [];
  const byUser = new Map<string, number>();
  const byOrganization = new Map<string, number>();

  const count = (map: Map<string, number>, key: string, by: number) => {
    const next = (map.get(key) ?? 0) + by;
    if (next <= 0) map.delete(key);
    else map.set(key, next);
  };
  const hold = (requester: HistoryRequester, by: number) => {
    count(byUser, requester.userId, by);
    count(byOrganization, requester.organizationId, by);
  };
  const state = (): PoolState => ({ running, waiting: waiting.length, byUser, byOrganization });

  function releaseFor(requester: HistoryRequester): ReleasePlace {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      running -= 1;
      hold(requester, -1);
      const next = waiting.shift();
      if (next) {
        running += 1;
        next.start(releaseFor(next.requester));
      }
    };
  }

  return {
    state,
    request(requester) {
      const admission = admitHistoryRequest(state(), requester, limits);
      switch (admission.kind) {
        case 'refuse':
          return { kind: 'refused', reason: admission.reason };
        case 'run':
          running += 1;
          hold(requester, 1);
          return {
            kind: 'admitted',
            place: Promise.resolve(releaseFor(requester)),
            withdraw: () => undefined,
          };
        case 'wait': {
          hold(requester, 1);
          let waiter: Waiter | null = null;
          const place = new Promise<ReleasePlace | null>((resolve) => {
            waiter = { requester, start: resolve };
            waiting.push(waiter);
          });
          const withdraw = () => {
            const index = waiter ? waiting.indexOf(waiter) : -1;
            if (index < 0) return;
            waiting.splice(index, 1);
            hold(requester, -1);
            waiter?.start(null);
          };
          return { kind: 'admitted', place, withdraw };
        }
        default: {
          const unexpected: never = admission;
          throw new Error(`Unknown admission ${JSON.stringify(unexpected)}`);
        }
      }
    },
  };
}
