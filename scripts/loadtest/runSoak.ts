// A soak: the load test's processes (the simulator in its own process, the client swarm in another, the device
// feed here) held at one load for minutes, sampled every 10 s — server RSS and heap, event-loop lag, the
// deliveries' p99 latency in that window, the SQLite file's size — and judged at the end: memory flat (the last
// minute's mean RSS within 10% of the second minute's), p99 steady (the last minute's p99 at most 1.5 × the second
// minute's + 20 ms), zero loss (every sample accepted, every accepted sample delivered to every client).
import fs from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { runDeviceFeed, type FeedResult } from './deviceFeed.ts';
import { LatencyHistogram } from './latencyHistogram.ts';
import type { FromSwarm, ServerStats } from './messages.ts';
import {
  drainSwarm,
  fromServer,
  fromSwarm,
  readMotion,
  spawnNode,
  stopChild,
  tasksetAvailable,
  toServer,
  toSwarm,
} from './runLoadTest.ts';

export type SoakOptions = {
  devices: number;
  clients: number;
  minutes: number;
  sampleSeconds: number;
  serverCpus: string | null;
  clientCpus: string | null;
  recordingPath: string;
  onSample?: (sample: SoakSample) => void;
};

export type SoakSample = {
  /** Seconds since the feed started, at the end of the window. */
  atSeconds: number;
  rssMb: number;
  heapUsedMb: number;
  eventLoopLagP99Ms: number;
  eventLoopLagMaxMs: number;
  /** Latency p99 of the deliveries in the window (device sample to dashboard client). */
  p99Ms: number;
  deliveriesPerSecond: number;
  databaseMb: number;
};

export type SoakVerdict = { name: string; passed: boolean; detail: string };

export type SoakReport = {
  machine: { cpus: number; loadAverage: number[]; node: string; taskset: boolean };
  options: Omit<SoakOptions, 'onSample'>;
  samples: SoakSample[];
  feed: FeedResult;
  expectedDeliveries: number;
  deliveries: number;
  verdicts: SoakVerdict[];
  passed: boolean;
};

const DRAIN_LIMIT_MS = 30_000;

function fileMb(filePath: string): number {
  let bytes = 0;
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      bytes += fs.statSync(`${filePath}${suffix}`).size;
    } catch {
      // A WAL or shared-memory file that is not there counts as nothing.
    }
  }
  return Math.round(bytes / 1024 / 102.4) / 10;
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

/** The samples of the reference window (the second minute, or the middle third of a run under 3 minutes) and of
 * the last one (the last minute, or the last third). */
export function comparedWindows(
  samples: readonly SoakSample[],
  totalSeconds: number,
): { reference: SoakSample[]; last: SoakSample[] } {
  const span = totalSeconds >= 180 ? 60 : totalSeconds / 3;
  const referenceStart = totalSeconds >= 180 ? 60 : span;
  return {
    reference: samples.filter((s) => s.atSeconds > referenceStart && s.atSeconds <= referenceStart + span),
    last: samples.filter((s) => s.atSeconds > totalSeconds - span),
  };
}

export function judgeSoak(
  samples: readonly SoakSample[],
  windowHistograms: readonly LatencyHistogram[],
  totalSeconds: number,
  loss: { feed: FeedResult; expected: number; delivered: number },
): SoakVerdict[] {
  const { reference, last } = comparedWindows(samples, totalSeconds);
  const histogramOf = (window: SoakSample[]) => {
    const merged = new LatencyHistogram();
    for (const sample of window) {
      const histogram = windowHistograms[samples.indexOf(sample)];
      if (histogram) merged.merge(histogram);
    }
    return merged.percentile(0.99);
  };
  const rssReference = mean(reference.map((s) => s.rssMb));
  const rssLast = mean(last.map((s) => s.rssMb));
  const rssChange = rssReference === 0 ? 0 : (rssLast - rssReference) / rssReference;
  const p99Reference = histogramOf(reference);
  const p99Last = histogramOf(last);
  const lost = loss.expected - loss.delivered;
  const enough = reference.length > 0 && last.length > 0;
  return [
    {
      name: 'memory flat',
      passed: enough && Math.abs(rssChange) <= 0.1,
      detail: `RSS ${rssReference.toFixed(0)} MB → ${rssLast.toFixed(0)} MB (${(rssChange * 100).toFixed(1)}%, limit ±10%)`,
    },
    {
      name: 'p99 steady',
      passed: enough && p99Last <= p99Reference * 1.5 + 20,
      detail: `p99 ${p99Reference} ms → ${p99Last} ms (limit ${Math.round(p99Reference * 1.5 + 20)} ms)`,
    },
    {
      name: 'zero loss',
      passed:
        lost === 0 &&
        loss.feed.failedRequests === 0 &&
        loss.feed.accepted === loss.feed.sent &&
        loss.expected > 0,
      detail:
        `${loss.feed.accepted.toLocaleString('en-US')} of ${loss.feed.sent.toLocaleString('en-US')} samples accepted, ` +
        `${loss.delivered.toLocaleString('en-US')} of ${loss.expected.toLocaleString('en-US')} deliveries, ` +
        `${loss.feed.failedRequests} failed requests`,
    },
  ];
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const taskset = (options.serverCpus !== null || options.clientCpus !== null) && tasksetAvailable();
  const motion = readMotion(options.recordingPath);
  const swarm = spawnNode('clientSwarm.ts', [], options.clientCpus, taskset);
  const server = spawnNode(
    'serverProcess.ts',
    ['--kind', 'cable', '--devices', String(options.devices)],
    options.serverCpus,
    taskset,
  );
  try {
    const ready = await fromServer(server, 'ready');
    if (!ready.databasePath) throw new Error('the soak needs the simulator (cable) server');
    const connected = fromSwarm(swarm, 'connected');
    toSwarm(swarm, {
      type: 'connect',
      socketUrl: ready.socketUrl,
      subprotocols: ready.subprotocols,
      identifier: ready.identifier,
      clients: options.clients,
      churn: null,
    });
    await connected;

    let window = new LatencyHistogram();
    const onTick = (message: FromSwarm) => {
      if (message.type === 'tick') window.merge(message.histogram);
    };
    swarm.on('message', onTick);
    const measuring = fromSwarm(swarm, 'measuring');
    toSwarm(swarm, { type: 'measure:start' });
    await measuring;
    toServer(server, { type: 'stats:start' });

    const durationMs = options.minutes * 60_000;
    const startedAt = performance.now();
    const feed = runDeviceFeed({
      url: ready.url,
      ingestPath: ready.ingestPath,
      token: ready.token,
      devices: ready.devices.slice(0, options.devices),
      durationMs,
      motion,
    });
    let feedDone = false;
    void feed.then(() => {
      feedDone = true;
    });

    const samples: SoakSample[] = [];
    const windowHistograms: LatencyHistogram[] = [];
    // Sampled until the feed is done: a feed that falls behind takes longer than the planned minutes.
    for (let index = 1; !feedDone; index += 1) {
      const due = startedAt + index * options.sampleSeconds * 1000;
      await sleep(Math.max(0, due - performance.now()));
      const statsReply = fromServer(server, 'stats');
      toServer(server, { type: 'stats:stop' });
      const { stats }: { stats: ServerStats } = await statsReply;
      toServer(server, { type: 'stats:start' });
      const closed = window;
      window = new LatencyHistogram();
      const sample: SoakSample = {
        atSeconds: index * options.sampleSeconds,
        rssMb: stats.rssEndMb,
        heapUsedMb: stats.heapUsedEndMb,
        eventLoopLagP99Ms: stats.eventLoopLagP99Ms,
        eventLoopLagMaxMs: stats.eventLoopLagMaxMs,
        p99Ms: closed.percentile(0.99),
        deliveriesPerSecond: Math.round(closed.total / options.sampleSeconds),
        databaseMb: fileMb(ready.databasePath),
      };
      samples.push(sample);
      windowHistograms.push(closed);
      options.onSample?.(sample);
    }
    const fed = await feed;

    const expected = fed.accepted * options.clients;
    const delivered = await drainSwarm(swarm, expected, DRAIN_LIMIT_MS);
    swarm.off('message', onTick);
    const measured = fromSwarm(swarm, 'measured');
    toSwarm(swarm, { type: 'measure:stop' });
    const finalStats = fromServer(server, 'stats');
    toServer(server, { type: 'stats:stop' });
    await Promise.all([measured, finalStats]);

    const verdicts = judgeSoak(samples, windowHistograms, samples.at(-1)?.atSeconds ?? 0, {
      feed: fed,
      expected,
      delivered,
    });
    const { onSample: _ignored, ...reported } = options;
    return {
      machine: {
        cpus: os.cpus().length,
        loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
        node: process.version,
        taskset,
      },
      options: reported,
      samples,
      feed: fed,
      expectedDeliveries: expected,
      deliveries: delivered,
      verdicts,
      passed: verdicts.every((verdict) => verdict.passed),
    };
  } finally {
    await Promise.all([
      stopChild(swarm, () => toSwarm(swarm, { type: 'stop' })),
      stopChild(server, () => toServer(server, { type: 'stop' })),
    ]);
  }
}

const COLUMNS = ['t (s)', 'RSS MB', 'heap MB', 'loop lag p99/max ms', 'p99 ms', 'deliveries/s', 'DB MB'];

export function formatSoakRow(sample: SoakSample): string {
  const cells = [
    String(sample.atSeconds),
    sample.rssMb.toFixed(1),
    sample.heapUsedMb.toFixed(1),
    `${sample.eventLoopLagP99Ms} / ${sample.eventLoopLagMaxMs}`,
    String(sample.p99Ms),
    sample.deliveriesPerSecond.toLocaleString('en-US'),
    sample.databaseMb.toFixed(1),
  ];
  return `| ${cells.map((cell, index) => cell.padStart(COLUMNS[index]?.length ?? 0)).join(' | ')} |`;
}

export function soakHeader(): string {
  return `| ${COLUMNS.join(' | ')} |\n|${COLUMNS.map((column) => `-${'-'.repeat(column.length)}-`).join('|')}|`;
}

export function formatVerdicts(report: SoakReport): string {
  const lines = report.verdicts.map(
    (verdict) => `${verdict.passed ? 'PASS' : 'FAIL'}  ${verdict.name.padEnd(12)} ${verdict.detail}`,
  );
  const offered = report.options.devices * report.options.minutes * 60;
  lines.push(
    `      feed pace    ${report.feed.sent.toLocaleString('en-US')} of ${offered.toLocaleString('en-US')} samples in ` +
      `${Math.round(report.feed.elapsedMs / 1000)} s (planned ${report.options.minutes * 60} s)`,
  );
  lines.push(
    `${report.passed ? 'PASS' : 'FAIL'}  soak ${report.options.devices.toLocaleString('en-US')} devices × ` +
      `${report.options.clients} clients × ${report.options.minutes} min (load average ${report.machine.loadAverage.join(', ')})`,
  );
  return lines.join('\n');
}
