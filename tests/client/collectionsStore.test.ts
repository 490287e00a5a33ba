// The page's side of the collections (client/live/collectionsStore.ts): a write the user made settles only when the
// worker's answer carries it, and by then the collection a screen reads already holds it; a reset releases it.
import { describe, expect, it } from 'vitest';
import {
  acceptCollections,
  areaCollection,
  resetCollections,
  writeApplied,
} from '#client/live/collectionsStore.ts';
import { stationArea, STATION_A } from '#tests/domain/support/builders';

describe('collections store', () => {
  it('settles a write when the collections that hold it arrive, not before', async () => {
    let settled = false;
    let heldWhenSettled: number | null = null;
    const write = writeApplied(1).then(() => {
      settled = true;
      const state = areaCollection.value;
      heldWhenSettled = state.phase === 'loaded' ? state.items.length : null;
    });
    acceptCollections({ appliedWrite: null });
    await Promise.resolve();
    expect(settled).toBe(false);

    acceptCollections({
      areas: { phase: 'loaded', organizationId: 'org-1', items: [stationArea(STATION_A)] },
      appliedWrite: 1,
    });
    await write;
    expect(heldWhenSettled).toBe(1);
  });

  it('releases waiting writes when the session ends', async () => {
    const write = writeApplied(2);
    resetCollections();
    await write;
    expect(areaCollection.value).toEqual({ phase: 'loading', organizationId: null });
  });
});
