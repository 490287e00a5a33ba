// Shortest routes over the street network (Dijkstra with a binary heap, by length). The recorder drives its
// vehicles along these routes, so a recording looks like a trip from somewhere to somewhere rather than a
// random walk.
import type { StreetNetwork } from './streetNetwork.ts';

/** One edge of a route and the direction it is driven in (`forward`: from its `from` node to its `to` node). */
export type RouteLeg = { edgeId: number; forward: boolean };

class MinHeap {
  private readonly keys: number[] = [];
  private readonly values: number[] = [];

  get size(): number {
    return this.keys.length;
  }

  push(key: number, value: number): void {
    this.keys.push(key);
    this.values.push(value);
    let child = this.keys.length - 1;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if ((this.keys[parent] ?? 0) <= key) break;
      this.swap(child, parent);
      child = parent;
    }
  }

  /** The value with the smallest key, removed. */
  pop(): { key: number; value: number } | undefined {
    const key = this.keys[0];
    const value = this.values[0];
    if (key === undefined || value === undefined) return undefined;
    const lastKey = this.keys.pop() ?? 0;
    const lastValue = this.values.pop() ?? 0;
    if (this.keys.length > 0) {
      this.keys[0] = lastKey;
      this.values[0] = lastValue;
      let parent = 0;
      for (;;) {
        const left = parent * 2 + 1;
        const right = left + 1;
        let smallest = parent;
        if (left < this.keys.length && (this.keys[left] ?? 0) < (this.keys[smallest] ?? 0)) smallest = left;
        if (right < this.keys.length && (this.keys[right] ?? 0) < (this.keys[smallest] ?? 0))
          smallest = right;
        if (smallest === parent) break;
        this.swap(parent, smallest);
        parent = smallest;
      }
    }
    return { key, value };
  }

  private swap(a: number, b: number): void {
    const key = this.keys[a] ?? 0;
    const value = this.values[a] ?? 0;
    this.keys[a] = this.keys[b] ?? 0;
    this.values[a] = this.values[b] ?? 0;
    this.keys[b] = key;
    this.values[b] = value;
  }
}

/** The shortest sequence of legs from node `from` to node `to`; empty when they are the same or not connected. */
export function shortestRoute(network: StreetNetwork, from: number, to: number): RouteLeg[] {
  if (from === to) return [];
  const distance = new Float64Array(network.nodes.length).fill(Infinity);
  const arrivedBy = new Int32Array(network.nodes.length).fill(-1);
  distance[from] = 0;
  const heap = new MinHeap();
  heap.push(0, from);
  while (heap.size > 0) {
    const next = heap.pop();
    if (!next) break;
    const { key, value: node } = next;
    if (key > (distance[node] ?? Infinity)) continue;
    if (node === to) break;
    for (const edgeId of network.edgesAtNode[node] ?? []) {
      const edge = network.edges[edgeId];
      if (!edge) continue;
      const other = edge.from === node ? edge.to : edge.from;
      const candidate = key + edge.length;
      if (candidate < (distance[other] ?? Infinity)) {
        distance[other] = candidate;
        arrivedBy[other] = edgeId;
        heap.push(candidate, other);
      }
    }
  }
  if (arrivedBy[to] === -1) return [];
  const legs: RouteLeg[] = [];
  let node = to;
  while (node !== from) {
    const edge = network.edges[arrivedBy[node] ?? -1];
    if (!edge) return [];
    const forward = edge.to === node;
    legs.push({ edgeId: edge.id, forward });
    node = forward ? edge.from : edge.to;
  }
  return legs.reverse();
}
