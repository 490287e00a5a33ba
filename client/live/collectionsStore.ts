// Signals holding the collections the live worker sends the screens (collectionsView.ts): closures, areas, zones and
// the pickers' asset choices, each loading, loaded or failed for the viewed organization. Only the live bridge writes
// them; screens read them while they watch the collection (liveBridge.ts `watchCollection`), and a write made with
// the bridge's `applyOwnWrite` settles here once the collections hold it.
import { batch, signal, type Signal } from '@preact/signals-react';
import type { Area } from '#domain/areas/area';
import type { Closure } from '#domain/closures/closure';
import type { AssetChoice } from '#domain/things/assetChoices';
import type { AlertingZone } from '#domain/zones/alertingZone';
import type { CollectionName, CollectionsFrame, CollectionState } from './collectionsProtocol.ts';

const NOT_LOADED = { phase: 'loading', organizationId: null } as const;

export const closureCollection = signal<CollectionState<Closure>>(NOT_LOADED);
export const areaCollection = signal<CollectionState<Area>>(NOT_LOADED);
export const zoneCollection = signal<CollectionState<AlertingZone>>(NOT_LOADED);
export const assetChoiceCollection = signal<CollectionState<AssetChoice>>(NOT_LOADED);

const SIGNALS: { [Name in CollectionName]: Signal<CollectionState<unknown>> } = {
  closures: closureCollection as Signal<CollectionState<unknown>>,
  areas: areaCollection as Signal<CollectionState<unknown>>,
  zones: zoneCollection as Signal<CollectionState<unknown>>,
  assetChoices: assetChoiceCollection as Signal<CollectionState<unknown>>,
};

const waiting = new Map<number, () => void>();
/** A worker that never answers (it failed) must not hold a form in "saving": the save itself went through. */
const WRITE_ANSWER_LIMIT_MS = 5_000;

/** Resolves once the worker acknowledged the write `seq` with the collections that hold it (liveBridge.ts). */
export function writeApplied(seq: number): Promise<void> {
  return new Promise((resolve) => {
    waiting.set(seq, resolve);
    setTimeout(() => {
      if (waiting.get(seq) !== resolve) return;
      waiting.delete(seq);
      resolve();
    }, WRITE_ANSWER_LIMIT_MS);
  });
}

function settleWrites(upTo: number): void {
  for (const [seq, resolve] of waiting) {
    if (seq > upTo) continue;
    waiting.delete(seq);
    resolve();
  }
}

/** Called by the live bridge for each `collections` message. */
export function acceptCollections(frame: CollectionsFrame): void {
  batch(() => {
    if (frame.closures) closureCollection.value = frame.closures;
    if (frame.areas) areaCollection.value = frame.areas;
    if (frame.zones) zoneCollection.value = frame.zones;
    if (frame.assetChoices) assetChoiceCollection.value = frame.assetChoices;
  });
  if (frame.appliedWrite !== null) settleWrites(frame.appliedWrite);
}

/** The session ended: nothing is known, and no write waits for a worker that is gone. */
export function resetCollections(): void {
  batch(() => {
    for (const collection of Object.values(SIGNALS)) collection.value = NOT_LOADED;
  });
  settleWrites(Infinity);
}

/** The collection as the screen of `organizationId` shows it: loading while the worker still holds another's. */
export function collectionOf<T>(
  state: CollectionState<T>,
  organizationId: string | null,
): CollectionState<T> {
  return state.organizationId === organizationId ? state : { phase: 'loading', organizationId };
}
