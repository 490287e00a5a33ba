// The Closures screens' state: the viewed organization's closure records (loaded from the REST list, loaded again
// whenever the live worker reports a closure change, and replaced by each save's answer), their live statuses from
// the worker's closure lines, the list's filter and search, and the manual switch's pending and failed states.
// `startClosuresBridge` is the one subscription; the screens read the signals and call the commands.
import { computed, effect, signal } from '@preact/signals-react';
import type { Closure } from '#domain/closures/closure';
import {
  countClosures,
  DEFAULT_CLOSURE_FILTER,
  matchesClosureFilter,
  matchesClosureSearch,
  type ClosureFilter,
} from '#domain/closures/closureList';
import { closureQuickUpdate } from '#domain/closures/closureRules';
import { UNABLE_TO_ACTIVATE } from '#domain/closures/closureForm';
import { loadClosures, switchClosure } from '../../api/closures.ts';
import { apiClient } from '../../app/session.ts';
import { closureLines } from '../../live/mapStore.ts';

export type ClosuresLoad = { phase: 'loading' } | { phase: 'loaded' } | { phase: 'error'; message: string };

export type ClosureScope = { organizationId: string; isWzdxOrg: boolean; timeZone: string };

const records = signal<ReadonlyMap<string, Closure>>(new Map());
export const closuresLoad = signal<ClosuresLoad>({ phase: 'loading' });
export const closureFilter = signal<ClosureFilter>(DEFAULT_CLOSURE_FILTER);
export const closureSearchText = signal('');
/** The state a switch was moved to, while its call runs. */
export const switchPending = signal<ReadonlyMap<string, boolean>>(new Map());
/** "Unable to Activate/Deactivate" beside the switch whose call failed. */
export const switchFailures = signal<ReadonlyMap<string, string>>(new Map());
export const closureScope = signal<ClosureScope | null>(null);

/** The records with the statuses the live worker computes (heartbeats move an automated closure's status). */
export const closures = computed<Closure[]>(() => {
  const statuses = new Map(closureLines.value.map((line) => [line.id, line.status]));
  return [...records.value.values()]
    .map((closure) => {
      const status = statuses.get(closure.id);
      return status === undefined || status === closure.status ? closure : { ...closure, status };
    })
    .sort((a, b) => a.description.localeCompare(b.description) || (a.id < b.id ? -1 : 1));
});

export const shownClosures = computed(() =>
  closures.value.filter(
    (closure) =>
      matchesClosureFilter(closure, closureFilter.value) &&
      matchesClosureSearch(closure, closureSearchText.value),
  ),
);

export const closureCounts = computed(() => countClosures(closures.value));

export function closureById(id: string): Closure | null {
  return closures.value.find((closure) => closure.id === id) ?? null;
}

function withEntry<V>(map: ReadonlyMap<string, V>, key: string, value: V | null): ReadonlyMap<string, V> {
  const next = new Map(map);
  if (value === null) next.delete(key);
  else next.set(key, value);
  return next;
}

export function acceptClosure(closure: Closure): void {
  records.value = withEntry(records.value, closure.id, closure);
}

export function forgetClosure(id: string): void {
  records.value = withEntry(records.value, id, null);
}

/** The list's Activate/Deactivate (live §4): a month from now, or no end; the switch reverts when the call fails. */
export async function flipClosureSwitch(closure: Closure, activate: boolean, now: number): Promise<void> {
  const scope = closureScope.peek();
  if (!scope) return;
  switchPending.value = withEntry(switchPending.value, closure.id, activate);
  switchFailures.value = withEntry(switchFailures.value, closure.id, null);
  const result = await switchClosure(
    apiClient(),
    closureQuickUpdate(closure.id, activate, now, scope.timeZone),
    { now, isWzdxOrg: scope.isWzdxOrg },
  ).catch(() => ({ ok: false as const, message: UNABLE_TO_ACTIVATE }));
  if (result.ok) acceptClosure(result.value);
  else switchFailures.value = withEntry(switchFailures.value, closure.id, result.message);
  switchPending.value = withEntry(switchPending.value, closure.id, null);
}

/**
 * Loads the organization's closures, and again whenever the worker's closure lines change (a save, a deletion,
 * an activation anywhere); returns the teardown.
 */
export function startClosuresBridge(scope: ClosureScope, now: () => number): () => void {
  closureScope.value = scope;
  records.value = new Map();
  closuresLoad.value = { phase: 'loading' };
  let controller: AbortController | null = null;
  const reload = () => {
    controller?.abort();
    const current = new AbortController();
    controller = current;
    loadClosures(
      apiClient(),
      scope.organizationId,
      { now: now(), isWzdxOrg: scope.isWzdxOrg },
      current.signal,
    )
      .then((result) => {
        if (current.signal.aborted) return;
        if (!result.ok) {
          closuresLoad.value = { phase: 'error', message: result.message };
          return;
        }
        records.value = new Map(result.value.map((closure) => [closure.id, closure]));
        closuresLoad.value = { phase: 'loaded' };
      })
      .catch(() => undefined);
  };
  const stop = effect(() => {
    void closureLines.value;
    reload();
  });
  return () => {
    stop();
    controller?.abort();
    closureScope.value = null;
  };
}
