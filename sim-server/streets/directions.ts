// The simulator's stand-in for the maps provider's directions service (live §7): the shortest drive along its
// street graph from the street position nearest the origin to the one nearest the destination, as the road path a
// closure follows. Waypoints farther than MAX_SNAP_METRES from any street have no route, as a real service answers
// for a point in a lake.
import type { EdgeIndex, StreetPosition } from './edgeIndex.ts';
import { edgeSlice, type StreetNetwork } from './streetNetwork.ts';
import type { LngLat } from './geometry.ts';
import { shortestRoute, type RouteLeg } from './streetRouting.ts';

export const MAX_SNAP_METRES = 150;

export type Directions =
  | { ok: true; path: LngLat[]; streetStart: string; streetEnd: string; distanceMetres: number }
  | { ok: false; reason: 'start' | 'end' | 'unconnected' };

function legPoints(network: StreetNetwork, legs: readonly RouteLeg[]): LngLat[] {
  return legs.flatMap((leg) => {
    const edge = network.edges[leg.edgeId];
    if (!edge) return [];
    return leg.forward ? edge.points : [...edge.points].reverse();
  });
}

function legsLength(network: StreetNetwork, legs: readonly RouteLeg[]): number {
  return legs.reduce((sum, leg) => sum + (network.edges[leg.edgeId]?.length ?? 0), 0);
}

/** Drops repeated vertices where pieces meet. */
function joined(points: readonly LngLat[]): LngLat[] {
  const out: LngLat[] = [];
  for (const point of points) {
    const last = out[out.length - 1];
    if (!last || Math.abs(last[0] - point[0]) > 1e-9 || Math.abs(last[1] - point[1]) > 1e-9) out.push(point);
  }
  return out;
}

type Candidate = { length: number; points: LngLat[] };

/** Leaves the start edge by one of its ends, drives the legs, enters the end edge by one of its ends. */
function viaEnds(network: StreetNetwork, start: StreetPosition, end: StreetPosition): Candidate | null {
  const startEdge = network.edges[start.edgeId];
  const endEdge = network.edges[end.edgeId];
  if (!startEdge || !endEdge) return null;
  let best: Candidate | null = null;
  for (const exit of [
    { node: startEdge.from, along: 0 },
    { node: startEdge.to, along: startEdge.length },
  ]) {
    for (const entry of [
      { node: endEdge.from, along: 0 },
      { node: endEdge.to, along: endEdge.length },
    ]) {
      const legs = shortestRoute(network, exit.node, entry.node);
      if (legs.length === 0 && exit.node !== entry.node) continue;
      const length =
        Math.abs(start.along - exit.along) + legsLength(network, legs) + Math.abs(end.along - entry.along);
      if (best !== null && length >= best.length) continue;
      best = {
        length,
        points: [
          ...edgeSlice(startEdge, start.along, exit.along),
          ...legPoints(network, legs),
          ...edgeSlice(endEdge, entry.along, end.along),
        ],
      };
    }
  }
  return best;
}

export function directions(
  network: StreetNetwork,
  index: EdgeIndex,
  origin: LngLat,
  destination: LngLat,
): Directions {
  const start = index.nearest(origin);
  if (!start || start.distance > MAX_SNAP_METRES) return { ok: false, reason: 'start' };
  const end = index.nearest(destination);
  if (!end || end.distance > MAX_SNAP_METRES) return { ok: false, reason: 'end' };
  const startEdge = network.edges[start.edgeId];
  const endEdge = network.edges[end.edgeId];
  if (!startEdge || !endEdge) return { ok: false, reason: 'unconnected' };
  let best = viaEnds(network, start, end);
  if (start.edgeId === end.edgeId) {
    const along = {
      length: Math.abs(end.along - start.along),
      points: edgeSlice(startEdge, start.along, end.along),
    };
    if (best === null || along.length <= best.length) best = along;
  }
  if (best === null) return { ok: false, reason: 'unconnected' };
  const path = joined(best.points);
  if (path.length < 2) return { ok: false, reason: 'unconnected' };
  return {
    ok: true,
    path,
    streetStart: startEdge.name,
    streetEnd: endEdge.name,
    distanceMetres: Math.round(best.length),
  };
}
