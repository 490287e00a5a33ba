// The closure list's rules (live §2 "Closures"): the filter by types, statuses and the OOS checkbox, the online,
// offline and out-of-service counts, and the search.
import { CLOSURE_TYPES, type Closure, type ClosureStatus, type ClosureType } from './closure.ts';

export type ClosureFilter = {
  types: ReadonlySet<ClosureType>;
  statuses: ReadonlySet<Exclude<ClosureStatus, 'outOfService'>>;
  showOutOfService: boolean;
};

export const DEFAULT_CLOSURE_FILTER: ClosureFilter = {
  types: new Set(CLOSURE_TYPES),
  statuses: new Set(['active', 'standby', 'pending']),
  showOutOfService: false,
};

export function matchesClosureFilter(closure: Closure, filter: ClosureFilter): boolean {
  if (!filter.types.has(closure.closureType)) return false;
  if (closure.status === 'outOfService') return filter.showOutOfService;
  return filter.statuses.has(closure.status);
}

export type ClosureCounts = { online: number; offline: number; outOfService: number; total: number };

export function countClosures(closures: Iterable<Closure>): ClosureCounts {
  const counts: ClosureCounts = { online: 0, offline: 0, outOfService: 0, total: 0 };
  for (const closure of closures) {
    counts.total += 1;
    if (closure.status === 'outOfService') counts.outOfService += 1;
    else if (closure.status === 'offline') counts.offline += 1;
    else counts.online += 1;
  }
  return counts;
}

/** The list's search ("Search for a Closure..."): description, asset or streets, or WZDx id, ignoring case. */
export function matchesClosureSearch(closure: Closure, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (needle === '') return true;
  return [
    closure.description,
    closure.secondaryDisplayName,
    closure.wzdxId,
    closure.streetStart,
    closure.streetEnd,
  ].some((field) => field.toLowerCase().includes(needle));
}
