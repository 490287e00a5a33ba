// The way a dispatched unit drives to its scene (issue 37 item 1, docs/simulator.md "The live dispatcher"): from
// where it is, on along the street it is driving to the next corner, then the shortest way over the street network
// to the scene's street position (the nearest street position to the scene, the one the replay stands units on
// scene at, so the unit reports the street the incident names). Pure.
import type { StreetPosition } from '../streets/edgeIndex.ts';
import type { StreetEdge, StreetNetwork } from '../streets/streetNetwork.ts';
import { shortestRoute, type RouteLeg } from '../streets/streetRouting.ts';

/** Where a vehicle is: the edge, how far along it from its `from` node, and which way it drives. */
export type StreetPlace = { edge: StreetEdge; along: number; forward: boolean };

/**
 * The legs after the current edge, in order (empty when the scene is ahead on this edge), ending with the scene's
 * edge driven towards the target, where the unit stops.
 */
export type DispatchRoute = { legs: RouteLeg[]; target: { edgeId: number; along: number } };

const lengthOf = (network: StreetNetwork, legs: readonly RouteLeg[]) =>
  legs.reduce((total, leg) => total + (network.edges[leg.edgeId]?.length ?? 0), 0);

export function planDispatchRoute(
  network: StreetNetwork,
  from: StreetPlace,
  target: StreetPosition,
): DispatchRoute | null {
  const edge = network.edges[target.edgeId];
  if (!edge) return null;
  const goal = { edgeId: edge.id, along: target.along };
  const ahead = from.forward ? target.along >= from.along : target.along <= from.along;
  if (from.edge.id === edge.id && ahead) return { legs: [], target: goal };
  const corner = from.forward ? from.edge.to : from.edge.from;
  // Into the scene's edge from either end, whichever way is shorter in all.
  const options = [
    { node: edge.from, forward: true, rest: target.along },
    { node: edge.to, forward: false, rest: edge.length - target.along },
  ].map((option) => {
    const legs = shortestRoute(network, corner, option.node);
    const reached = legs.length > 0 || corner === option.node;
    return { ...option, legs, cost: reached ? lengthOf(network, legs) + option.rest : Infinity };
  });
  const best = options.reduce((a, b) => (b.cost < a.cost ? b : a));
  if (best.cost === Infinity) return null;
  return { legs: [...best.legs, { edgeId: edge.id, forward: best.forward }], target: goal };
}
