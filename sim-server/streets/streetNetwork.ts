// A graph of the street lines that vehicles can drive on (off-street trails left out). The source lines are not
// noded at intersections, so vertices within a few metres of each other are merged, and a line is cut wherever
// it meets another line or ends. Only the largest connected part is kept, so a vehicle can reach every street
// from any other.
import { distanceMetres, toLocalMetres, type LngLat } from './geometry.ts';
import type { StreetLine } from './streetLines.ts';

export type StreetEdge = {
  id: number;
  name: string;
  from: number;
  to: number;
  /** The original street vertices from `from` to `to`. */
  points: LngLat[];
  /** Distance from the start to each vertex, in metres; the last entry is the length. */
  cumulative: number[];
  length: number;
};

export type StreetNetwork = {
  nodes: LngLat[];
  edges: StreetEdge[];
  /** Edge ids meeting at each node. */
  edgesAtNode: number[][];
};

export const DEFAULT_SNAP_METRES = 5;

type VertexCluster = { point: LngLat; lines: Set<number> };

/** Groups vertices that lie within `snapMetres` of each other; returns a cluster id per vertex of each line. */
function clusterVertices(lines: readonly StreetLine[], snapMetres: number) {
  const originLatitude = lines[0]?.coordinates[0]?.[1] ?? 0;
  const clusters: VertexCluster[] = [];
  const grid = new Map<string, number[]>();
  const clusterOfVertex = lines.map((line, lineIndex) =>
    line.coordinates.map((point) => {
      const local = toLocalMetres(point, originLatitude);
      const cellX = Math.floor(local.x / snapMetres);
      const cellY = Math.floor(local.y / snapMetres);
      let found = -1;
      for (let dx = -1; dx <= 1 && found < 0; dx += 1) {
        for (let dy = -1; dy <= 1 && found < 0; dy += 1) {
          for (const candidate of grid.get(`${cellX + dx}:${cellY + dy}`) ?? []) {
            const cluster = clusters[candidate];
            if (cluster && distanceMetres(cluster.point, point) <= snapMetres) {
              found = candidate;
              break;
            }
          }
        }
      }
      if (found < 0) {
        found = clusters.length;
        clusters.push({ point, lines: new Set() });
        const key = `${cellX}:${cellY}`;
        const cell = grid.get(key);
        if (cell) cell.push(found);
        else grid.set(key, [found]);
      }
      clusters[found]?.lines.add(lineIndex);
      return found;
    }),
  );
  return { clusters, clusterOfVertex };
}

function cumulativeLengths(points: readonly LngLat[]): number[] {
  const cumulative = [0];
  for (let index = 1; index < points.length; index += 1) {
    const previous = points[index - 1];
    const current = points[index];
    const before = cumulative[index - 1] ?? 0;
    cumulative.push(previous && current ? before + distanceMetres(previous, current) : before);
  }
  return cumulative;
}

type RawEdge = { name: string; from: number; to: number; points: LngLat[] };

function cutLinesAtJunctions(
  lines: readonly StreetLine[],
  snapMetres: number,
): { edges: RawEdge[]; nodes: LngLat[] } {
  const { clusters, clusterOfVertex } = clusterVertices(lines, snapMetres);
  const edges: RawEdge[] = [];
  lines.forEach((line, lineIndex) => {
    const vertexClusters = clusterOfVertex[lineIndex] ?? [];
    const last = vertexClusters.length - 1;
    let start = 0;
    for (let index = 1; index <= last; index += 1) {
      const cluster = vertexClusters[index] ?? -1;
      const isJunction = index === last || (clusters[cluster]?.lines.size ?? 0) >= 2;
      if (!isJunction) continue;
      const from = vertexClusters[start] ?? -1;
      const points = line.coordinates.slice(start, index + 1);
      // A piece that starts and ends in the same merged vertex is a kink, not a street.
      if (from !== cluster) edges.push({ name: line.name, from, to: cluster, points });
      start = index;
    }
  });
  return { edges, nodes: clusters.map((cluster) => cluster.point) };
}

function largestComponent(nodeCount: number, edges: readonly RawEdge[]): Set<number> {
  const parent = Array.from({ length: nodeCount }, (_, index) => index);
  const find = (node: number): number => {
    let root = node;
    while (parent[root] !== root) root = parent[root] ?? root;
    let current = node;
    while (parent[current] !== root) {
      const next = parent[current] ?? root;
      parent[current] = root;
      current = next;
    }
    return root;
  };
  for (const edge of edges) parent[find(edge.from)] = find(edge.to);
  const sizes = new Map<number, number>();
  for (const edge of edges) sizes.set(find(edge.from), (sizes.get(find(edge.from)) ?? 0) + 1);
  let best = -1;
  let bestSize = 0;
  for (const [root, size] of sizes) {
    if (size > bestSize) {
      best = root;
      bestSize = size;
    }
  }
  const nodes = new Set<number>();
  for (let node = 0; node < nodeCount; node += 1) if (find(node) === best) nodes.add(node);
  return nodes;
}

export function buildStreetNetwork(
  lines: readonly StreetLine[],
  snapMetres: number = DEFAULT_SNAP_METRES,
): StreetNetwork {
  const raw = cutLinesAtJunctions(
    lines.filter((line) => line.drivable),
    snapMetres,
  );
  const keep = largestComponent(raw.nodes.length, raw.edges);
  const newNodeId = new Map<number, number>();
  const nodes: LngLat[] = [];
  for (const oldId of [...keep].sort((a, b) => a - b)) {
    const point = raw.nodes[oldId];
    if (!point) continue;
    newNodeId.set(oldId, nodes.length);
    nodes.push(point);
  }
  const edges: StreetEdge[] = [];
  const edgesAtNode: number[][] = nodes.map(() => []);
  for (const edge of raw.edges) {
    const from = newNodeId.get(edge.from);
    const to = newNodeId.get(edge.to);
    if (from === undefined || to === undefined) continue;
    const cumulative = cumulativeLengths(edge.points);
    const length = cumulative[cumulative.length - 1] ?? 0;
    if (length < 1) continue;
    const id = edges.length;
    edges.push({ id, name: edge.name, from, to, points: edge.points, cumulative, length });
    edgesAtNode[from]?.push(id);
    edgesAtNode[to]?.push(id);
  }
  return { nodes, edges, edgesAtNode };
}

/** The point `along` metres from the edge's `from` end, and the direction of travel there (from → to). */
export function pointAlongEdge(edge: StreetEdge, along: number): { point: LngLat; segment: number } {
  const clamped = Math.min(Math.max(along, 0), edge.length);
  let low = 0;
  let high = edge.cumulative.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if ((edge.cumulative[middle] ?? 0) <= clamped) low = middle;
    else high = middle;
  }
  const start = edge.points[low];
  const end = edge.points[high];
  const startAt = edge.cumulative[low] ?? 0;
  const span = (edge.cumulative[high] ?? 0) - startAt;
  if (!start || !end) throw new Error(`Edge ${edge.id} has no segment at ${along} m`);
  const fraction = span > 0 ? (clamped - startAt) / span : 0;
  return {
    point: [start[0] + (end[0] - start[0]) * fraction, start[1] + (end[1] - start[1]) * fraction],
    segment: low,
  };
}

/** The edge's shape between two distances along it, in the order asked (from → to may run backwards). */
export function edgeSlice(edge: StreetEdge, from: number, to: number): LngLat[] {
  const low = Math.min(from, to);
  const high = Math.max(from, to);
  const inner = edge.points.filter((_, index) => {
    const at = edge.cumulative[index] ?? 0;
    return at > low && at < high;
  });
  const points = [pointAlongEdge(edge, low).point, ...inner, pointAlongEdge(edge, high).point];
  return from <= to ? points : points.reverse();
}

const networkByKey = new Map<string, StreetNetwork>();

/** Builds the network once per source for the whole process (seed, replay and tests share it). */
export function cachedStreetNetwork(key: string, lines: () => readonly StreetLine[]): StreetNetwork {
  const cached = networkByKey.get(key);
  if (cached) return cached;
  const network = buildStreetNetwork(lines());
  networkByKey.set(key, network);
  return network;
}
