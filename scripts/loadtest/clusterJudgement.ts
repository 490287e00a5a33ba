// The cluster load test's figures, from what the swarm measured and what the shared log committed: per node and in
// total, deliveries/s, message-to-client latency, reconnect-and-resume times and loss by offset. Loss is judged only
// when the nodes share one log: PostgreSQL holds the window's points and every node's broadcasts carried one epoch.
// Nodes that keep their own logs number their positions apart, so an offset from one means nothing on another.
import { LatencyHistogram } from './latencyHistogram.ts';
import type { ClusterMeasurement, SwarmClientResult } from './clusterMessages.ts';
import { countOf, describeRuns, missingRuns, type OffsetRuns } from './offsetRuns.ts';

export type ResumeFigures = {
  count: number;
  refused: number;
  /** Reconnections that never got their history answered (still away at the end, or the server never replied). */
  unanswered: number;
  /** From the socket's close to `confirm_history` on the next node. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** From the kill to the last resume answered (what a dashboard on the killed node waited, worst case). */
  killToLastResumeMs: number | null;
};

export type NodeFigures = {
  /** 1-based; 0 for the total. */
  node: number;
  clients: number;
  deliveries: number;
  deliveriesPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  resumes: ResumeFigures;
  /** Over the clients that started on this node; null when loss is not judged. */
  lost: number | null;
  duplicates: number;
  /** Offsets received that the log does not hold as a watched point in the window; null when not judged. */
  unexpected: number | null;
  /** Deliveries in each second of the run. */
  perSecond: number[];
};

export type ClusterJudgement = {
  epochs: (string | null)[];
  loss: {
    judged: boolean;
    /** Why not, when not. */
    reason: string | null;
    expectedPositions: number | null;
    expectedDeliveries: number | null;
    /** The first missing positions of the first client that lacks any. */
    firstMissing: string | null;
    /** Judged, nothing lost and nothing twice: the test's verdict on loss. */
    none: boolean;
  };
  nodes: NodeFigures[];
  total: NodeFigures;
  held: boolean;
};

export type JudgeInputs = {
  expected: OffsetRuns | null;
  accepted: number;
  clients: number;
  elapsedMs: number;
  killAtWallMs: number | null;
  p99LimitMs: number;
  failedRequests: number;
};

function whyNotJudged(epochs: readonly (string | null)[], expected: OffsetRuns | null): string | null {
  if (expected === null) return 'PostgreSQL holds no events table: the nodes keep their own logs';
  if (expected.length === 0)
    return 'PostgreSQL holds no point of the window: no write reached the shared log';
  const seen = new Set(epochs.filter((epoch) => epoch !== null));
  if (seen.size > 1) return `the nodes' broadcasts carry ${seen.size} epochs: they do not share one log`;
  return null;
}

function resumeFigures(clients: readonly SwarmClientResult[], killAtWallMs: number | null): ResumeFigures {
  const resumes = clients.flatMap((client) => client.resumes);
  const answered = resumes.filter((resume) => resume.answeredAt > 0);
  const times = new LatencyHistogram();
  for (const resume of answered) times.record(resume.answeredAt - resume.droppedAt);
  const last = Math.max(0, ...answered.map((resume) => resume.answeredAt));
  return {
    count: resumes.length,
    refused: resumes.filter((resume) => resume.refused).length,
    unanswered: resumes.length - answered.length,
    p50Ms: times.percentile(0.5),
    p99Ms: times.percentile(0.99),
    maxMs: times.max,
    killToLastResumeMs: killAtWallMs !== null && last > 0 ? last - killAtWallMs : null,
  };
}

function lossOf(clients: readonly SwarmClientResult[], expected: OffsetRuns | null) {
  if (expected === null) return { lost: null, unexpected: null, firstMissing: null };
  let lost = 0;
  let unexpected = 0;
  let firstMissing: string | null = null;
  for (const client of clients) {
    const missing = missingRuns(expected, client.runs);
    lost += countOf(missing);
    unexpected += countOf(missingRuns(client.runs, expected));
    if (firstMissing === null && missing.length > 0) firstMissing = describeRuns(missing);
  }
  return { lost, unexpected, firstMissing };
}

export function judgeCluster(measurement: ClusterMeasurement, inputs: JudgeInputs): ClusterJudgement {
  const epochs = measurement.nodes.map((node) => node.epoch);
  const reason = whyNotJudged(epochs, inputs.expected);
  const judgedExpected = reason === null ? inputs.expected : null;
  const elapsedSeconds = Math.max(inputs.elapsedMs, 1) / 1_000;
  const figures = (
    node: number,
    served: LatencyHistogram,
    perSecond: number[],
    clients: SwarmClientResult[],
  ) => {
    const deliveries = perSecond.reduce((sum, count) => sum + count, 0);
    const loss = lossOf(clients, judgedExpected);
    return {
      figures: {
        node,
        clients: clients.length,
        deliveries,
        deliveriesPerSecond: Math.round(deliveries / elapsedSeconds),
        latencyMs: { p50: served.percentile(0.5), p99: served.percentile(0.99), max: served.max },
        resumes: resumeFigures(clients, inputs.killAtWallMs),
        lost: loss.lost,
        duplicates: clients.reduce((sum, client) => sum + client.duplicates, 0),
        unexpected: loss.unexpected,
        perSecond,
      } satisfies NodeFigures,
      firstMissing: loss.firstMissing,
    };
  };
  const all = new LatencyHistogram();
  const nodes = measurement.nodes.map((node) => {
    const served = LatencyHistogram.from(node.histogram);
    all.merge(served);
    const homed = measurement.clients.filter((client) => client.home === node.node);
    return figures(node.node + 1, served, node.perSecond, homed).figures;
  });
  const seconds = Math.max(0, ...measurement.nodes.map((node) => node.perSecond.length));
  const summed = Array.from({ length: seconds }, (_, second) =>
    measurement.nodes.reduce((sum, node) => sum + (node.perSecond[second] ?? 0), 0),
  );
  const total = figures(0, all, summed, measurement.clients);
  const expectedPositions = judgedExpected === null ? null : countOf(judgedExpected);
  const held =
    reason === null &&
    total.figures.lost === 0 &&
    total.figures.duplicates === 0 &&
    total.figures.resumes.refused === 0 &&
    total.figures.resumes.unanswered === 0 &&
    inputs.failedRequests === 0 &&
    total.figures.latencyMs.p99 < inputs.p99LimitMs;
  return {
    epochs,
    loss: {
      judged: reason === null,
      reason,
      expectedPositions,
      expectedDeliveries: expectedPositions === null ? null : expectedPositions * inputs.clients,
      firstMissing: total.firstMissing,
      none: reason === null && total.figures.lost === 0 && total.figures.duplicates === 0,
    },
    nodes,
    total: total.figures,
    held,
  };
}
