// The cluster load test's devices: deviceFeed.ts's one point a second per device, spread over 20 slices a second,
// posted across the nodes. Device d always posts to node d % N, so one device's points reach the shared log through
// one node, in order; while that node is down (told by the runner, or found by a refused request), to the next live
// one. A request that fails on a node that just died is posted again to the next live node, as a device retries:
// the node may have committed it before it died, so the log can hold that sample twice (two positions, both to be
// delivered), never not at all. The feed ends at the planned duration even when it fell behind (a cluster that cannot
// take the load would otherwise be fed for many times the run): `sent` against devices × seconds tells by how much.
import { setTimeout as sleep } from 'node:timers/promises';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import { loadSample, postSamples } from './deviceFeed.ts';
import type { LoadDevice } from './messages.ts';

export type ClusterFeedNode = { url: string; token: string };

export type ClusterFeedOptions = {
  nodes: readonly ClusterFeedNode[];
  ingestPath: string;
  devices: readonly LoadDevice[];
  durationMs: number;
  motion: readonly TelemetrySample[];
  slicesPerSecond?: number;
  /** Requests in flight per node before the feed waits (it then falls behind rather than queueing). */
  maxInFlightPerNode?: number;
};

export type ClusterFeedResult = {
  sent: number;
  accepted: number;
  unknown: number;
  failedRequests: number;
  /** Requests posted again on another node after theirs failed. */
  retried: number;
  /** Samples accepted per node (0-based). */
  acceptedPerNode: number[];
  elapsedMs: number;
};

/** The node device `index` posts to: its own (index % N) while alive, else the next live one; null if none. */
export function nodeFor(index: number, alive: readonly boolean[]): number | null {
  const count = alive.length;
  for (let step = 0; step < count; step += 1) {
    const node = (index + step) % count;
    if (alive[node]) return node;
  }
  return null;
}

export type ClusterFeed = {
  /** Stops routing to `node` (0-based): the runner kills it. */
  markDead(node: number): void;
  done: Promise<ClusterFeedResult>;
};

export function startClusterFeed(options: ClusterFeedOptions): ClusterFeed {
  const alive = options.nodes.map(() => true);
  const done = runFeed(options, alive);
  return { markDead: (node) => void (alive[node] = false), done };
}

async function runFeed(options: ClusterFeedOptions, alive: boolean[]): Promise<ClusterFeedResult> {
  const slices = options.slicesPerSecond ?? 20;
  const sliceMs = 1_000 / slices;
  const maxInFlight = (options.maxInFlightPerNode ?? 4) * options.nodes.length;
  const groups: { device: LoadDevice; index: number }[][] = Array.from({ length: slices }, () => []);
  options.devices.forEach((device, index) => groups[index % slices]?.push({ device, index }));
  const result: ClusterFeedResult = {
    sent: 0,
    accepted: 0,
    unknown: 0,
    failedRequests: 0,
    retried: 0,
    acceptedPerNode: options.nodes.map(() => 0),
    elapsedMs: 0,
  };
  const inFlight = new Set<Promise<void>>();
  const startedAt = performance.now();
  const totalSlices = Math.round((options.durationMs / 1_000) * slices);

  const post = async (node: number, samples: TelemetrySample[], retry: boolean): Promise<void> => {
    const target = options.nodes[node];
    if (!target) return;
    try {
      const answer = await postSamples(target.url, options.ingestPath, target.token, samples);
      if (answer === null) {
        result.failedRequests += 1;
        return;
      }
      result.accepted += answer.accepted;
      result.unknown += answer.unknown;
      result.acceptedPerNode[node] = (result.acceptedPerNode[node] ?? 0) + answer.accepted;
    } catch {
      // No answer: the node is gone (a refused or reset connection). Its devices move to the next live node.
      alive[node] = false;
      const next = nodeFor(node, alive);
      if (!retry || next === null) {
        result.failedRequests += 1;
        return;
      }
      result.retried += 1;
      await post(next, samples, false);
    }
  };

  for (let slice = 0; slice < totalSlices; slice += 1) {
    // Behind by the whole run (the nodes could not take it): what is left is not sent, and `sent` says so.
    if (performance.now() - startedAt > options.durationMs) break;
    const dueAt = startedAt + slice * sliceMs;
    const wait = dueAt - performance.now();
    if (wait > 0) await sleep(wait);
    while (inFlight.size >= maxInFlight) await Promise.race(inFlight);
    const second = Math.floor(slice / slices);
    const time = new Date().toISOString();
    const byNode = new Map<number, TelemetrySample[]>();
    for (const { device, index } of groups[slice % slices] ?? []) {
      const node = nodeFor(index, alive);
      if (node === null) continue;
      const samples = byNode.get(node) ?? [];
      byNode.set(node, samples);
      samples.push(loadSample(device, index, { slice, second, time }, options.motion));
    }
    for (const [node, samples] of byNode) {
      result.sent += samples.length;
      const request = post(node, samples, true).finally(() => inFlight.delete(request));
      inFlight.add(request);
    }
  }
  await Promise.all(inFlight);
  result.elapsedMs = performance.now() - startedAt;
  return result;
}
