// Finds the street position nearest to a point, through a grid of edge segments, so a vehicle whose stored
// position came from the database (or anywhere else) can be put back on a street.
import { closestOnSegment, toLocalMetres, type LngLat } from './geometry.ts';
import type { StreetNetwork } from './streetNetwork.ts';

export type StreetPosition = { edgeId: number; along: number; distance: number };

export type EdgeIndex = { nearest(point: LngLat): StreetPosition | null };

const CELL_METRES = 250;
const MAX_RINGS = 400;

export function buildEdgeIndex(network: StreetNetwork): EdgeIndex {
  const originLatitude = network.nodes[0]?.[1] ?? 0;
  const cells = new Map<string, { edgeId: number; segment: number }[]>();
  const cellOf = (point: LngLat) => {
    const local = toLocalMetres(point, originLatitude);
    return { x: Math.floor(local.x / CELL_METRES), y: Math.floor(local.y / CELL_METRES) };
  };
  for (const edge of network.edges) {
    for (let segment = 0; segment < edge.points.length - 1; segment += 1) {
      const start = edge.points[segment];
      const end = edge.points[segment + 1];
      if (!start || !end) continue;
      const a = cellOf(start);
      const b = cellOf(end);
      for (let x = Math.min(a.x, b.x); x <= Math.max(a.x, b.x); x += 1) {
        for (let y = Math.min(a.y, b.y); y <= Math.max(a.y, b.y); y += 1) {
          const key = `${x}:${y}`;
          const list = cells.get(key);
          if (list) list.push({ edgeId: edge.id, segment });
          else cells.set(key, [{ edgeId: edge.id, segment }]);
        }
      }
    }
  }

  return {
    nearest(point) {
      const centre = cellOf(point);
      let best = null as StreetPosition | null;
      for (let ring = 0; ring <= MAX_RINGS; ring += 1) {
        for (let x = centre.x - ring; x <= centre.x + ring; x += 1) {
          for (let y = centre.y - ring; y <= centre.y + ring; y += 1) {
            if (Math.max(Math.abs(x - centre.x), Math.abs(y - centre.y)) !== ring) continue;
            for (const { edgeId, segment } of cells.get(`${x}:${y}`) ?? []) {
              const edge = network.edges[edgeId];
              const start = edge?.points[segment];
              const end = edge?.points[segment + 1];
              if (!edge || !start || !end) continue;
              const { distance, fraction } = closestOnSegment(point, start, end);
              if (best === null || distance < best.distance) {
                const startAt = edge.cumulative[segment] ?? 0;
                const endAt = edge.cumulative[segment + 1] ?? startAt;
                best = { edgeId, along: startAt + (endAt - startAt) * fraction, distance };
              }
            }
          }
        }
        // Anything in a further ring is at least `ring` cells away.
        if (best !== null && best.distance <= ring * CELL_METRES) return best;
      }
      return best;
    },
  };
}

const indexes = new WeakMap<StreetNetwork, EdgeIndex>();

/** The network's one index, built on first use: the seed, the replay, directions and incident naming share it. */
export function edgeIndexOf(network: StreetNetwork): EdgeIndex {
  let index = indexes.get(network);
  if (!index) {
    index = buildEdgeIndex(network);
    indexes.set(network, index);
  }
  return index;
}

/** How far from a street a point may be and still be named by it: a scene placed off the roadway (a car park, a
 * verge) keeps the street beside it; farther than this, nothing is near enough to name the place. */
export const STREET_NAMING_REACH_METRES = 150;

/** The name of the street nearest to `point`, within the naming reach; null when none is. */
export function streetNameNear(network: StreetNetwork, point: LngLat): string | null {
  const position = edgeIndexOf(network).nearest(point);
  if (!position || position.distance > STREET_NAMING_REACH_METRES) return null;
  return network.edges[position.edgeId]?.name ?? null;
}
