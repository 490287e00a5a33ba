// The Closures screens' state: the viewed organization's closures as the live worker holds them (loaded once with
// the live picture, kept current by the cable — heartbeats move an automated closure's status — and given each
// save's answer through the bridge: client/live/collectionsStore.ts), the list's filter and search, and the manual
// switch's pending and failed states. `startClosuresBridge` watches the collection while a closure screen is open;
// the screens read the signals and call the commands.
import { computed, signal } from '@preact/signals-react';
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
import { deleteClosure, saveClosure, switchClosure } from '../../api/closures.ts';
import { LOADING, loaded, loadFailed, type LoadState } from '../../ui/loadState.ts';
import { failure, type Result } from '../../ui/result.ts';
import { apiClient } from '../../session/session.ts';
import { closureCollection, collectionOf } from '../../live/collectionsStore.ts';
import { applyOwnWrite, watchCollection } from '../../live/liveBridge.ts';

export type ClosureScope = { organizationId: string; isWzdxOrg: boolean; timeZone: string };

export const closureFilter = signal<ClosureFilter>(DEFAULT_CLOSURE_FILTER);
export const closureSearchText = signal('');
/** The state a switch was moved to, while its call runs. */
export const switchPending = signal<ReadonlyMap<string, boolean>>(new Map());
/** "Unable to Activate/Deactivate" beside the switch whose call failed. */
export const switchFailures = signal<ReadonlyMap<string, string>>(new Map());
export const closureScope = signal<ClosureScope | null>(null);

const collection = computed(() =>
  collectionOf(closureCollection.value, closureScope.value?.organizationId ?? null),
);

/** The closures with the statuses the live worker computes, by description, once the worker holds them. */
export const closuresLoad = computed<LoadState<readonly Closure[]>>(() => {
  const state = collection.value;
  if (state.phase === 'loading') return LOADING;
  if (state.phase === 'failed') return loadFailed(state.message);
  return loaded(
    [...state.items].sort((a, b) => a.description.localeCompare(b.description) || (a.id < b.id ? -1 : 1)),
  );
});

export const closures = computed<readonly Closure[]>(() => {
  const load = closuresLoad.value;
  return load.phase === 'loaded' ? load.value : [];
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

/** A whole-form save (a create when `closureId` is null); once the worker holds the answer the screens show it. */
export async function saveOwnClosure(
  request: Parameters<typeof saveClosure>[1],
  context: Parameters<typeof saveClosure>[2],
): Promise<Result<Closure>> {
  const result = await saveClosure(apiClient(), request, context);
  if (!result.ok) return result;
  await applyOwnWrite(request.organizationId, { kind: 'closureSaved', ...result.value });
  return { ok: true, value: result.value.closure };
}

/** Deletes the closure (a 404 counts as deleted) and takes it off the worker's closures. */
export async function deleteOwnClosure(closure: Closure): Promise<Result<null>> {
  const result = await deleteClosure(apiClient(), closure.id);
  const organizationId = closureScope.peek()?.organizationId;
  if (result.ok && organizationId)
    await applyOwnWrite(organizationId, { kind: 'closureDeleted', closureId: closure.id });
  return result;
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
  ).catch(() => failure(UNABLE_TO_ACTIVATE));
  if (result.ok) await applyOwnWrite(scope.organizationId, { kind: 'closureSaved', ...result.value });
  else switchFailures.value = withEntry(switchFailures.value, closure.id, result.message);
  switchPending.value = withEntry(switchPending.value, closure.id, null);
}

/** Watches the worker's closures for the organization while a closure screen is open; returns the teardown. */
export function startClosuresBridge(scope: ClosureScope): () => void {
  closureScope.value = scope;
  const stopWatching = watchCollection('closures');
  return () => {
    stopWatching();
    closureScope.value = null;
  };
}
