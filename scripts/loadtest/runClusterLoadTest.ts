// The load test across a cluster (issue 35 item 6, docs/load-tests.md "Across a cluster"): a local cluster
// (scripts/cluster/localCluster.ts: Redis, PostgreSQL and N nodes, replay off), devices spread over the nodes
// (clusterFeed.ts), dashboards spread over them (clusterSwarm.ts), one node killed with SIGKILL mid-run, and loss
// counted by offset against the positions the shared log committed (clusterLog.ts). The one-node test
// (runLoadTest.ts) is untouched; `npm run loadtest -- --nodes N` picks this one.
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { startLocalCluster, type LocalCluster } from '../cluster/localCluster.ts';
import { startClusterFeed, type ClusterFeedResult } from './clusterFeed.ts';
import { committedPointRuns, sharedLogEnd } from './clusterLog.ts';
import { countOf } from './offsetRuns.ts';
import type { ClusterMeasurement, FromClusterSwarm, ToClusterSwarm } from './clusterMessages.ts';
import { judgeCluster, type ClusterJudgement } from './clusterJudgement.ts';
import { tokensFor, watchedDevices, WATCHED_SHARE } from './clusterWorld.ts';
import { nextMessage, readMotion, spawnNode, stopChild } from './runLoadTest.ts';

/** The cable admits 32 connections per user on a node (connectionCaps.ts); the load test signs in one user. */
const CONNECTIONS_PER_USER = 32;
/** Mirrors clusterSwarm.ts (a child process entry, not imported): clients that share one token. */
const CLIENTS_PER_TOKEN = 8;

export type ClusterLoadTestOptions = {
  nodes: number;
  devices: number;
  clients: number;
  durationSeconds: number;
  /** Seconds into the feed at which one node is killed (SIGKILL); null: none is. */
  killNodeAtSeconds: number | null;
  /** 1-based; the last node by default. */
  killNode: number;
  p99LimitMs: number;
  recordingPath: string;
  /** Every line the nodes print (default: only the tail of a node that fails to start). */
  onNodeLine?: (line: string) => void;
  onProgress?: (progress: ClusterProgress) => void;
};

export type ClusterProgress = {
  stage: 'starting cluster' | 'connecting' | 'running' | 'draining' | 'reading the log';
  second: number;
  of: number;
  deliveriesLastSecond: number;
  killed: boolean;
};

export type ClusterLoadTestReport = {
  startedAt: string;
  machine: { cpus: number; loadAverage: number[]; node: string };
  options: Omit<ClusterLoadTestOptions, 'onProgress' | 'onNodeLine'>;
  sharedSessions: boolean;
  feed: ClusterFeedResult;
  kill: { node: number; atSeconds: number; atWallMs: number } | null;
  windowStart: number | null;
} & ClusterJudgement;

const DRAIN_QUIET_MS = 3_000;
const DRAIN_LIMIT_MS = 30_000;

const swarmSays = <T extends FromClusterSwarm['type']>(swarm: ChildProcess, type: T, ask?: ToClusterSwarm) =>
  nextMessage<FromClusterSwarm, T>(swarm, type, ask);

/** Until every client is back on a node and has all it should, nothing came for 3 s, or 30 s passed. */
async function drain(swarm: ChildProcess, expected: number): Promise<void> {
  let received = -1;
  let lastChange = performance.now();
  const started = performance.now();
  for (;;) {
    const count = await swarmSays(swarm, 'count', { type: 'count' });
    const now = performance.now();
    if (count.received !== received) lastChange = now;
    received = count.received;
    const complete = received >= expected && count.resuming === 0;
    if (complete || now - lastChange > DRAIN_QUIET_MS || now - started > DRAIN_LIMIT_MS) return;
    await sleep(100);
  }
}

async function measure(
  cluster: LocalCluster,
  swarm: ChildProcess,
  options: ClusterLoadTestOptions,
  progress: (stage: ClusterProgress['stage'], second?: number, deliveries?: number) => void,
) {
  const urls = cluster.nodes.map((node) => node.url);
  const { tokens, shared } = await tokensFor(urls, Math.ceil(options.clients / CLIENTS_PER_TOKEN));
  const feedTokens = tokens.map((own) => own[0] ?? '');
  const { organizationId, devices } = await watchedDevices(
    urls[0] ?? '',
    feedTokens[0] ?? '',
    options.devices,
  );
  progress('connecting');
  await swarmSays(swarm, 'connected', {
    type: 'connect',
    nodes: urls.map((url, index) => ({
      socketUrl: `${url.replace(/^http/, 'ws')}/cable`,
      tokens: tokens[index] ?? [],
    })),
    identifier: JSON.stringify({ channel: 'EventsChannel', organization_id: organizationId }),
    stream: `events:${organizationId}`,
    clients: options.clients,
  });
  const windowStart = await sharedLogEnd(cluster.postgresUrl);
  const onTick = (message: FromClusterSwarm) => {
    if (message.type === 'tick') progress('running', message.second + 1, message.deliveries);
  };
  swarm.on('message', onTick);
  await swarmSays(swarm, 'measuring', { type: 'measure:start' });
  let kill: ClusterLoadTestReport['kill'] = null;
  const victim = cluster.nodes[options.killNode - 1];
  const feed = startClusterFeed({
    nodes: urls.map((url, index) => ({ url, token: feedTokens[index] ?? '' })),
    ingestPath: '/api/sim/telemetry',
    devices,
    durationMs: options.durationSeconds * 1_000,
    motion: readMotion(options.recordingPath),
  });
  // By the wall clock from the feed's start, not by the feed's progress: a machine too slow to feed every second
  // still has its node killed when the run says (and the feed's shortfall shows in `sent`).
  const killAtSeconds = options.killNodeAtSeconds;
  const killTimer =
    killAtSeconds === null || !victim
      ? null
      : setTimeout(() => {
          victim.child.kill('SIGKILL');
          feed.markDead(options.killNode - 1);
          kill = { node: options.killNode, atSeconds: killAtSeconds, atWallMs: Date.now() };
        }, killAtSeconds * 1_000);
  const fed = await feed.done;
  if (killTimer !== null) clearTimeout(killTimer);
  progress('reading the log', options.durationSeconds);
  const expected =
    windowStart === null
      ? null
      : await committedPointRuns(
          cluster.postgresUrl,
          windowStart,
          devices.map((device) => device.thingId),
        );
  progress('draining', options.durationSeconds);
  // What the log committed, not what the feed was told: a request posted again after its node died may be in the
  // log twice, and draining to the accepted count would stop before the last deliveries (counted lost).
  await drain(swarm, (expected === null ? fed.accepted : countOf(expected)) * options.clients);
  swarm.off('message', onTick);
  const { measurement } = await swarmSays(swarm, 'measured', { type: 'measure:stop' });
  return { shared, fed, kill: kill as ClusterLoadTestReport['kill'], windowStart, measurement, expected };
}

export async function runClusterLoadTest(options: ClusterLoadTestOptions): Promise<ClusterLoadTestReport> {
  if (options.killNodeAtSeconds !== null && (options.killNode < 1 || options.killNode > options.nodes))
    throw new Error(`--kill-node must be between 1 and ${options.nodes}`);
  if (options.killNodeAtSeconds !== null && options.nodes < 2)
    throw new Error('killing a node needs --nodes 2 or more (the clients need somewhere to go)');
  const perNode = Math.ceil(options.clients / options.nodes);
  const afterKill = options.killNodeAtSeconds === null ? 0 : Math.ceil(perNode / (options.nodes - 1));
  if (perNode + afterKill > CONNECTIONS_PER_USER)
    throw new Error(
      `${options.clients} clients on ${options.nodes} nodes put up to ${perNode + afterKill} on one node, over the ` +
        `cable's ${CONNECTIONS_PER_USER} connections per user (sim-server/cable/connectionCaps.ts): fewer clients or more nodes`,
    );
  const startedAt = new Date().toISOString();
  let second = 0;
  let killed = false;
  const progress = (stage: ClusterProgress['stage'], at = second, deliveries = 0) => {
    second = at;
    killed ||= options.killNodeAtSeconds !== null && stage === 'running' && at > options.killNodeAtSeconds;
    options.onProgress?.({
      stage,
      second: at,
      of: options.durationSeconds,
      deliveriesLastSecond: deliveries,
      killed,
    });
  };
  progress('starting cluster');
  const cluster = await startLocalCluster({
    nodes: options.nodes,
    replay: false,
    env: {
      SIM_THINGS: String(Math.max(300, Math.ceil(options.devices / WATCHED_SHARE))),
      SIM_RETENTION_DAYS: '0',
    },
    ...(options.onNodeLine ? { onLine: options.onNodeLine } : {}),
  });
  const swarm = spawnNode('clusterSwarm.ts', [], null, false);
  const stopAll = async () => {
    await stopChild(swarm, () => swarm.send({ type: 'stop' } satisfies ToClusterSwarm));
    await cluster.stop();
  };
  // Ctrl+C mid-run: the nodes, Redis and PostgreSQL (which runs in its own process group) stop with it.
  const onSignal = () => void stopAll().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let measured: Awaited<ReturnType<typeof measure>>;
  try {
    measured = await measure(cluster, swarm, options, progress);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await stopAll();
  }
  const { onProgress: _progress, onNodeLine: _lines, ...reported } = options;
  const judgement = judgeCluster(measured.measurement satisfies ClusterMeasurement, {
    expected: measured.expected,
    accepted: measured.fed.accepted,
    clients: options.clients,
    elapsedMs: measured.fed.elapsedMs,
    killAtWallMs: measured.kill?.atWallMs ?? null,
    p99LimitMs: options.p99LimitMs,
    failedRequests: measured.fed.failedRequests,
  });
  return {
    startedAt,
    machine: {
      cpus: os.cpus().length,
      loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
      node: process.version,
    },
    options: reported,
    sharedSessions: measured.shared,
    feed: measured.fed,
    kill: measured.kill,
    windowStart: measured.windowStart,
    ...judgement,
  };
}
