// A seeded closure's road path along the street it is on (issue 37 item 11): from the street position nearest its
// anchor, `metres` along that street — edge after edge of the same name through each intersection — with every bend
// of the street line, so a closure on "E 53RD ST – E 53RD ST" is drawn down 53rd Street instead of as a straight
// line across blocks.
import { edgeIndexOf } from '../streets/edgeIndex.ts';
import type { LngLat } from '../streets/geometry.ts';
import { MAX_SNAP_METRES } from '../streets/directions.ts';
import { edgeSlice, type StreetNetwork } from '../streets/streetNetwork.ts';

export type StreetStretch = (point: LngLat, metres: number) => { path: LngLat[]; street: string } | null;

/** Paths along the network's streets; null for a point with no street within `maxMetres`. */
export function streetStretches(network: StreetNetwork, maxMetres = MAX_SNAP_METRES): StreetStretch {
  const index = edgeIndexOf(network);
  return (point, metres) => {
    const start = index.nearest(point);
    const first = start && start.distance <= maxMetres ? network.edges[start.edgeId] : undefined;
    if (!start || !first) return null;
    // Towards the edge's longer side first, so the stretch leaves the anchor along the street.
    const forward = first.length - start.along >= start.along;
    const path: LngLat[] = edgeSlice(first, start.along, forward ? first.length : 0);
    let left = metres - (forward ? first.length - start.along : start.along);
    let node = forward ? first.to : first.from;
    let edge = first;
    const used = new Set([first.id]);
    while (left > 0) {
      const next = (network.edgesAtNode[node] ?? [])
        .map((id) => network.edges[id])
        .find((candidate) => candidate && !used.has(candidate.id) && candidate.name === edge.name);
      if (!next) break;
      used.add(next.id);
      const onward = next.from === node;
      const points = edgeSlice(
        next,
        onward ? 0 : next.length,
        onward ? Math.min(left, next.length) : next.length - Math.min(left, next.length),
      );
      path.push(...points.slice(1));
      left -= next.length;
      node = onward ? next.to : next.from;
      edge = next;
    }
    return path.length >= 2 ? { path, street: first.name } : null;
  };
}
