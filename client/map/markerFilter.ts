// The asset markers a screen narrows the map to (issue 25: the Live list's Filters also filter the map). The worker
// sends every marker; while a screen names the ids it shows (`markerFilterIds`), the map draws only those. The kept
// indices are worked out once per id list and filter, then each frame copies just the attributes.
import { signal } from '@preact/signals-react';
import type { MarkerSet } from '../live/thingsStore.ts';

/** The ids the map draws, or null for every marker (no filter). Set by the screen that filters, cleared on leaving. */
export const markerFilterIds = signal<ReadonlySet<string> | null>(null);

type Kept = {
  ids: readonly string[];
  count: number;
  keep: ReadonlySet<string>;
  indices: Uint32Array;
  keptIds: string[];
};

let lastKept: Kept | null = null;

function keptOf(ids: readonly string[], count: number, keep: ReadonlySet<string>): Kept {
  if (lastKept && lastKept.ids === ids && lastKept.count === count && lastKept.keep === keep) return lastKept;
  const indices: number[] = [];
  const keptIds: string[] = [];
  for (let index = 0; index < Math.min(count, ids.length); index += 1) {
    const id = ids[index];
    if (id === undefined || !keep.has(id)) continue;
    indices.push(index);
    keptIds.push(id);
  }
  lastKept = { ids, count, keep, indices: Uint32Array.from(indices), keptIds };
  return lastKept;
}

function pick<T extends Float32Array | Uint8Array>(source: T, indices: Uint32Array, width: number): T {
  const target = new (source.constructor as new (length: number) => T)(indices.length * width);
  for (let at = 0; at < indices.length; at += 1) {
    const from = (indices[at] ?? 0) * width;
    for (let part = 0; part < width; part += 1) target[at * width + part] = source[from + part] ?? 0;
  }
  return target;
}

/** The markers of `keep` only; the set itself when there is no filter. */
export function filterMarkers(set: MarkerSet, keep: ReadonlySet<string> | null): MarkerSet {
  if (keep === null) return set;
  const { indices, keptIds } = keptOf(set.ids, set.count, keep);
  return {
    ...set,
    count: indices.length,
    ids: keptIds,
    positions: pick(set.positions, indices, 2),
    categories: pick(set.categories, indices, 1),
    ringColors: pick(set.ringColors, indices, 4),
    arrowAngles: pick(set.arrowAngles, indices, 1),
    arrowScales: pick(set.arrowScales, indices, 1),
  };
}
