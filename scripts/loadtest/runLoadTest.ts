// Runs a load test: the server and the client swarm in their own processes (pinned to cores with taskset when
// asked), the device feed here. For each step of the device ramp it measures the simulator's cable and then,
// when asked, the bare `ws` floor with the same feed, the same clients and the same duration.
import { spawn, spawnSync, type ChildProcess, type Serializable } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import { parseRecording } from '#sim/replay/recording';
import { repoRoot } from '#sim/kernel/paths';
import { runDeviceFeed } from './deviceFeed.ts';
import { LatencyHistogram } from './latencyHistogram.ts';
import type {
  ChurnOptions,
  FromServer,
  FromSwarm,
  LoadDevice,
  SecondOfDeliveries,
  ServerKind,
  ServerReady,
  ServerStats,
  ToServer,
  ToSwarm,
} from './messages.ts';

export type LoadTestOptions = {
  /** Fleet sizes to run, in order (a ramp); each device sends one point a second. */
  deviceSteps: number[];
  clients: number;
  durationSeconds: number;
  /** Also run the bare `ws` floor at every step. */
  floor: boolean;
  /** taskset CPU lists, e.g. "0" and "1"; null leaves a process to the scheduler. */
  serverCpus: string | null;
  clientCpus: string | null;
  /** Latency a step must stay under (p99) to count as held. */
  p99LimitMs: number;
  recordingPath: string;
  /** Clients drop and resume through the extended protocol's history (cable phases only; the floor cannot). */
  churn?: ChurnOptions | null;
  onProgress?: (progress: Progress) => void;
};

/** What churn did in a phase: loss is in `lost` as always; these say how the resumes went. */
export type ChurnResult = {
  drops: number;
  resumes: number;
  rejected: number;
  duplicates: number;
  resumeMs: { p50: number; p99: number; max: number };
};

export type Progress = {
  server: ServerKind;
  devices: number;
  clients: number;
  second: number;
  of: number;
  deliveriesLastSecond: number;
  stage: 'starting' | 'connecting' | 'running' | 'draining';
};

export type PhaseResult = {
  server: ServerKind;
  devices: number;
  clients: number;
  durationSeconds: number;
  samplesSent: number;
  samplesAccepted: number;
  failedRequests: number;
  expectedDeliveries: number;
  deliveries: number;
  lost: number;
  deliveriesPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  perSecond: SecondOfDeliveries[];
  clientDisconnects: number;
  serverStats: ServerStats;
  churn: ChurnResult | null;
  held: boolean;
};

export type LoadTestReport = {
  startedAt: string;
  machine: { cpus: number; loadAverage: number[]; node: string; taskset: boolean };
  options: Omit<LoadTestOptions, 'onProgress'>;
  phases: PhaseResult[];
  /** The most deliveries/s held (zero loss, p99 under the limit) by each server, and cable / bare. */
  capacity: { cable: number; bare: number | null; ratio: number | null };
};

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DRAIN_QUIET_MS = 3_000;
const DRAIN_LIMIT_MS = 15_000;

export function tasksetAvailable(): boolean {
  return spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0;
}

export function spawnNode(
  script: string,
  args: string[],
  cpus: string | null,
  taskset: boolean,
): ChildProcess {
  const nodeArgs = ['--import', 'tsx', path.join(HERE, script), ...args];
  const [command, commandArgs] =
    cpus !== null && taskset
      ? ['taskset', ['-c', cpus, process.execPath, ...nodeArgs]]
      : [process.execPath, nodeArgs];
  return spawn(command, commandArgs, { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

/** The next message from `child` of the given type, after sending it `ask` if given; rejects on a reported failure
 * or an early exit. */
export function nextMessage<M extends { type: string }, T extends M['type']>(
  child: ChildProcess,
  type: T,
  ask?: Serializable,
): Promise<Extract<M, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: M) => {
      if (message.type === type) {
        cleanUp();
        resolve(message as Extract<M, { type: T }>);
      } else if (message.type === 'failed') {
        cleanUp();
        reject(new Error(`child process failed: ${(message as { error?: string }).error ?? ''}`));
      }
    };
    const onExit = (code: number | null) => {
      cleanUp();
      reject(new Error(`child process exited (${code}) while waiting for ${type}`));
    };
    const cleanUp = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
    if (ask !== undefined) child.send(ask);
  });
}

export const toServer = (child: ChildProcess, message: ToServer) => child.send(message);
export const toSwarm = (child: ChildProcess, message: ToSwarm) => child.send(message);
export const fromServer = <T extends FromServer['type']>(child: ChildProcess, type: T) =>
  nextMessage<FromServer, T>(child, type);
export const fromSwarm = <T extends FromSwarm['type']>(child: ChildProcess, type: T) =>
  nextMessage<FromSwarm, T>(child, type);

export async function stopChild(child: ChildProcess, stop: () => void): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  stop();
  const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
  if (timedOut) child.kill('SIGKILL');
}

export function readMotion(recordingPath: string): TelemetrySample[] {
  const recording = parseRecording(fs.readFileSync(recordingPath, 'utf8'));
  return recording.samples.filter((sample) => sample.kind === 'point');
}

/** Waits until the swarm has received `expected` frames, or nothing came for 3 s, or `limitMs` passed. */
export async function drainSwarm(swarm: ChildProcess, expected: number, limitMs: number): Promise<number> {
  let received = 0;
  let lastChange = performance.now();
  const drainStarted = performance.now();
  for (;;) {
    const counted = fromSwarm(swarm, 'count');
    toSwarm(swarm, { type: 'count' });
    const { received: now } = await counted;
    if (now !== received) lastChange = performance.now();
    received = now;
    const waited = performance.now();
    if (received >= expected || waited - lastChange > DRAIN_QUIET_MS || waited - drainStarted > limitMs)
      return received;
    await sleep(100);
  }
}

async function runPhase(
  server: ChildProcess,
  ready: ServerReady,
  swarm: ChildProcess,
  devices: LoadDevice[],
  motion: TelemetrySample[],
  options: LoadTestOptions,
): Promise<PhaseResult> {
  const progress = (stage: Progress['stage'], second = 0, deliveriesLastSecond = 0) =>
    options.onProgress?.({
      server: ready.kind,
      devices: devices.length,
      clients: options.clients,
      second,
      of: options.durationSeconds,
      deliveriesLastSecond,
      stage,
    });
  progress('connecting');
  const churn = ready.kind === 'cable' ? (options.churn ?? null) : null;
  const connected = fromSwarm(swarm, 'connected');
  toSwarm(swarm, {
    type: 'connect',
    socketUrl: ready.socketUrl,
    subprotocols: ready.subprotocols,
    identifier: ready.identifier,
    clients: options.clients,
    churn,
  });
  await connected;

  const onTick = (message: FromSwarm) => {
    if (message.type === 'tick') progress('running', message.second + 1, message.deliveries);
  };
  swarm.on('message', onTick);
  toServer(server, { type: 'stats:start' });
  // The feed starts only once the swarm counts, so no early frame goes uncounted.
  const measuring = fromSwarm(swarm, 'measuring');
  toSwarm(swarm, { type: 'measure:start' });
  await measuring;
  progress('running');
  const feed = await runDeviceFeed({
    url: ready.url,
    ingestPath: ready.ingestPath,
    token: ready.token,
    devices,
    durationMs: options.durationSeconds * 1_000,
    motion,
  });

  // The drops stop with the feed: a client away now would come back after the drain has given up on it.
  toSwarm(swarm, { type: 'churn:stop' });
  progress('draining', options.durationSeconds);
  const expected = feed.accepted * options.clients;
  await drainSwarm(swarm, expected, DRAIN_LIMIT_MS);
  swarm.off('message', onTick);
  const measured = fromSwarm(swarm, 'measured');
  toSwarm(swarm, { type: 'measure:stop' });
  const statsReply = fromServer(server, 'stats');
  toServer(server, { type: 'stats:stop' });
  const [{ measurement }, { stats }] = await Promise.all([measured, statsReply]);
  const disconnected = fromSwarm(swarm, 'disconnected');
  toSwarm(swarm, { type: 'disconnect' });
  await disconnected;

  const histogram = LatencyHistogram.from(measurement.histogram);
  const latencyMs = {
    p50: histogram.percentile(0.5),
    p95: histogram.percentile(0.95),
    p99: histogram.percentile(0.99),
    max: histogram.max,
  };
  const lost = Math.max(0, expected - measurement.received);
  const churnResult: ChurnResult | null = measurement.churn
    ? (() => {
        const { resumeHistogram, ...counts } = measurement.churn;
        const resumes = LatencyHistogram.from(resumeHistogram);
        return {
          ...counts,
          resumeMs: { p50: resumes.percentile(0.5), p99: resumes.percentile(0.99), max: resumes.max },
        };
      })()
    : null;
  const resumedCleanly = churnResult === null || (churnResult.duplicates === 0 && churnResult.rejected === 0);
  return {
    server: ready.kind,
    devices: devices.length,
    clients: options.clients,
    durationSeconds: options.durationSeconds,
    samplesSent: feed.sent,
    samplesAccepted: feed.accepted,
    failedRequests: feed.failedRequests,
    expectedDeliveries: expected,
    deliveries: measurement.received,
    lost,
    deliveriesPerSecond: Math.round(measurement.received / (feed.elapsedMs / 1_000)),
    latencyMs,
    perSecond: measurement.perSecond,
    clientDisconnects: measurement.disconnects,
    serverStats: stats,
    churn: churnResult,
    held: lost === 0 && resumedCleanly && feed.failedRequests === 0 && latencyMs.p99 < options.p99LimitMs,
  };
}

async function startServer(kind: ServerKind, devices: number, options: LoadTestOptions, taskset: boolean) {
  const child = spawnNode(
    'serverProcess.ts',
    ['--kind', kind, '--devices', String(devices)],
    options.serverCpus,
    taskset,
  );
  const ready = await fromServer(child, 'ready');
  return { child, ready };
}

export async function runLoadTest(options: LoadTestOptions): Promise<LoadTestReport> {
  const taskset = (options.serverCpus !== null || options.clientCpus !== null) && tasksetAvailable();
  const startedAt = new Date().toISOString();
  const maxDevices = Math.max(...options.deviceSteps);
  const motion = readMotion(options.recordingPath);
  const firstStep = options.deviceSteps[0] ?? maxDevices;
  const starting = (server: ServerKind) =>
    options.onProgress?.({
      server,
      devices: firstStep,
      clients: options.clients,
      second: 0,
      of: options.durationSeconds,
      deliveriesLastSecond: 0,
      stage: 'starting',
    });

  starting('cable');
  const swarm = spawnNode('clientSwarm.ts', [], options.clientCpus, taskset);
  const servers: { child: ChildProcess }[] = [];
  const phases: PhaseResult[] = [];
  try {
    const cable = await startServer('cable', maxDevices, options, taskset);
    servers.push(cable);
    const bare = options.floor ? await startServer('bare', 0, options, taskset) : null;
    if (bare) servers.push(bare);
    for (const [stepIndex, devices] of options.deviceSteps.entries()) {
      const fleet = cable.ready.devices.slice(0, devices);
      const order = bare ? (stepIndex % 2 === 0 ? [cable, bare] : [bare, cable]) : [cable];
      for (const server of order)
        phases.push(await runPhase(server.child, server.ready, swarm, fleet, motion, options));
    }
  } finally {
    await Promise.all([
      stopChild(swarm, () => toSwarm(swarm, { type: 'stop' })),
      ...servers.map(({ child }) => stopChild(child, () => toServer(child, { type: 'stop' }))),
    ]);
  }

  const best = (kind: ServerKind) =>
    Math.max(
      0,
      ...phases
        .filter((phase) => phase.server === kind && phase.held)
        .map((phase) => phase.deliveriesPerSecond),
    );
  const cableCapacity = best('cable');
  const bareCapacity = options.floor ? best('bare') : null;
  const { onProgress: _ignored, ...reportedOptions } = options;
  return {
    startedAt,
    machine: {
      cpus: os.cpus().length,
      loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
      node: process.version,
      taskset,
    },
    options: reportedOptions,
    phases,
    capacity: {
      cable: cableCapacity,
      bare: bareCapacity,
      ratio: bareCapacity ? Math.round((cableCapacity / bareCapacity) * 100) / 100 : null,
    },
  };
}

export const DEFAULT_RECORDING = path.join(repoRoot, 'fixtures', 'recordings', 'responders.ndjson');
