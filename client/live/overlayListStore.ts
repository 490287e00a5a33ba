// The full list of a section whose items the map draws as overlays (areas, alerting zones), read by REST for the
// section's list, detail and form. The live worker draws the map from its own load; after the screen's own write
// the fresh list is handed to it (replaceOverlayRecords), because areas and zones have no cable message.
import { signal, type Signal } from '@preact/signals-react';
import type { Result } from '../ui/result.ts';
import { replaceOverlayRecords } from './liveBridge.ts';

export type OverlayList<T> =
  | { phase: 'loading'; organizationId: string | null }
  | { phase: 'loaded'; organizationId: string; items: T[] }
  | { phase: 'failed'; organizationId: string; message: string };

export type OverlayListStore<T> = {
  state: Signal<OverlayList<T>>;
  /** Reads the organization's list; `afterWrite` also hands it to the worker so the map redraws. */
  load(organizationId: string, afterWrite?: boolean): Promise<void>;
};

export function createOverlayListStore<T>(
  resource: 'areas' | 'zones',
  fetchList: (organizationId: string) => Promise<Result<{ items: T[]; records: unknown[] }>>,
): OverlayListStore<T> {
  const state = signal<OverlayList<T>>({ phase: 'loading', organizationId: null });
  let sequence = 0;
  return {
    state,
    async load(organizationId, afterWrite = false) {
      sequence += 1;
      const asked = sequence;
      const current = state.peek();
      // A reload keeps the list on screen; another organization starts from loading.
      if (current.organizationId !== organizationId) state.value = { phase: 'loading', organizationId };
      const result = await fetchList(organizationId);
      if (asked !== sequence) return;
      if (!result.ok) {
        state.value = { phase: 'failed', organizationId, message: result.message };
        return;
      }
      state.value = { phase: 'loaded', organizationId, items: result.value.items };
      if (afterWrite) replaceOverlayRecords(organizationId, resource, result.value.records);
    },
  };
}
