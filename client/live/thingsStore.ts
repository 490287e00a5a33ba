// Signals holding the live assets for the screens and the map. Only the live bridge writes them.
import { batch, computed, signal } from '@preact/signals-react';
import type { Thing } from '#domain/things/thing';
import type { CableStatus } from './cableConnection.ts';
import type { BatchChanges, BatchResult, ThingsById } from './liveThingsState.ts';

export const thingsById = signal<ThingsById>(new Map());

/** The changes of the most recent batch; the map applies exactly these to its source. */
export const lastChanges = signal<BatchChanges>({ changed: [], removed: [], membershipChanged: false });

/** Ids sorted by display name; recomputed only when assets are added, removed or renamed. */
const sortedIds = signal<readonly string[]>([]);

export const snapshotState = signal<
  { phase: 'idle' } | { phase: 'loading' } | { phase: 'loaded' } | { phase: 'error'; message: string }
>({ phase: 'idle' });

export const cableStatus = signal<CableStatus | 'idle'>('idle');

/** A clock for rules that depend on elapsed time (offline after 96 h), ticked by the bridge. */
export const clockNow = signal<number>(0);

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export function compareThings(a: Thing, b: Thing): number {
  return (
    collator.compare(a.primaryDisplayName, b.primaryDisplayName) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

export const sortedThings = computed<readonly Thing[]>(() => {
  const byId = thingsById.value;
  const result: Thing[] = [];
  for (const id of sortedIds.value) {
    const thing = byId.get(id);
    if (thing) result.push(thing);
  }
  return result;
});

export function publishBatch(result: BatchResult): void {
  batch(() => {
    thingsById.value = result.things;
    if (result.changes.membershipChanged) {
      sortedIds.value = [...result.things.values()].sort(compareThings).map((thing) => thing.id);
    }
    lastChanges.value = result.changes;
  });
}

export function resetThings(): void {
  batch(() => {
    thingsById.value = new Map();
    sortedIds.value = [];
    lastChanges.value = { changed: [], removed: [], membershipChanged: true };
    snapshotState.value = { phase: 'idle' };
    cableStatus.value = 'idle';
  });
}
