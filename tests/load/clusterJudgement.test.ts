// The cluster load test's judge and its device routing, without a cluster: what counts as lost, twice or not
// judged, the figures per node, and where a device posts when its node is dead.
import { describe, expect, it } from 'vitest';
import { nodeFor } from '../../scripts/loadtest/clusterFeed.ts';
import { judgeCluster, type JudgeInputs } from '../../scripts/loadtest/clusterJudgement.ts';
import type { ClusterMeasurement, SwarmClientResult } from '../../scripts/loadtest/clusterMessages.ts';
import { LatencyHistogram } from '../../scripts/loadtest/latencyHistogram.ts';
import { runsOf } from '../../scripts/loadtest/offsetRuns.ts';

const histogramOf = (...latencies: number[]) => {
  const histogram = new LatencyHistogram();
  for (const latency of latencies) histogram.record(latency);
  return histogram.snapshot();
};

function client(
  home: number,
  offsets: number[],
  overrides: Partial<SwarmClientResult> = {},
): SwarmClientResult {
  return {
    home,
    finalNode: home,
    runs: runsOf(offsets),
    points: offsets.length,
    duplicates: 0,
    resumes: [],
    ...overrides,
  };
}

function measurement(
  clients: SwarmClientResult[],
  epochs: (string | null)[] = ['e1', 'e1'],
): ClusterMeasurement {
  return {
    clients,
    nodes: epochs.map((epoch, node) => ({
      node,
      deliveries: 4,
      histogram: histogramOf(10, 20, 30, 400),
      epoch,
      perSecond: [3, 1],
    })),
  };
}

const inputs = (overrides: Partial<JudgeInputs> = {}): JudgeInputs => ({
  expected: runsOf([10, 11, 12, 14]),
  accepted: 4,
  clients: 2,
  elapsedMs: 2_000,
  killAtWallMs: null,
  p99LimitMs: 500,
  failedRequests: 0,
  ...overrides,
});

describe('judging a cluster run by offset', () => {
  it('given every client holds every committed point, then nothing is lost and the run is held', () => {
    const judged = judgeCluster(
      measurement([client(0, [10, 11, 12, 14]), client(1, [10, 11, 12, 14])]),
      inputs(),
    );
    expect(judged.loss).toMatchObject({
      judged: true,
      expectedPositions: 4,
      expectedDeliveries: 8,
      none: true,
    });
    expect(judged.total).toMatchObject({ lost: 0, duplicates: 0, unexpected: 0, deliveries: 8, clients: 2 });
    expect(judged.total.deliveriesPerSecond).toBe(4);
    expect(judged.nodes.map((node) => node.node)).toEqual([1, 2]);
    expect(judged.held).toBe(true);
  });

  it('given a client lacks a position and another got one twice, then both are counted on their home node', () => {
    const judged = judgeCluster(
      measurement([client(0, [10, 11, 14]), client(1, [10, 11, 12, 14], { duplicates: 1 })]),
      inputs(),
    );
    expect(judged.nodes[0]).toMatchObject({ lost: 1, duplicates: 0 });
    expect(judged.nodes[1]).toMatchObject({ lost: 0, duplicates: 1 });
    expect(judged.total).toMatchObject({ lost: 1, duplicates: 1 });
    expect(judged.loss.firstMissing).toBe('12');
    expect(judged.loss.none).toBe(false);
    expect(judged.held).toBe(false);
  });

  it('given nodes whose broadcasts carry different epochs, then loss is not judged and the run is not held', () => {
    const judged = judgeCluster(measurement([client(0, [10, 11, 12, 14])], ['e1', 'e2']), inputs());
    expect(judged.loss.judged).toBe(false);
    expect(judged.loss.reason).toMatch(/2 epochs/);
    expect(judged.total.lost).toBeNull();
    expect(judged.held).toBe(false);
  });

  it('given no log in PostgreSQL, then loss is not judged', () => {
    const judged = judgeCluster(measurement([client(0, [10])]), inputs({ expected: null }));
    expect(judged.loss).toMatchObject({ judged: false, none: false });
    expect(judged.loss.reason).toMatch(/no events table/);
  });

  it('given clients that resumed after the kill, then the resume times and the time from the kill are reported', () => {
    const resumed = (droppedAt: number, answeredAt: number, refused = false) => ({
      from: 1,
      to: 0,
      droppedAt,
      answeredAt,
      refused,
      failedAttempts: 0,
    });
    const judged = judgeCluster(
      measurement([
        client(0, [10, 11, 12, 14]),
        client(1, [10, 11, 12, 14], { resumes: [resumed(1_000, 1_050)] }),
        client(1, [10, 11, 12, 14], { resumes: [resumed(1_010, 1_210)] }),
      ]),
      inputs({ killAtWallMs: 990, clients: 3 }),
    );
    expect(judged.nodes[1]?.resumes).toMatchObject({
      count: 2,
      refused: 0,
      unanswered: 0,
      p50Ms: 50,
      maxMs: 200,
    });
    expect(judged.nodes[1]?.resumes.killToLastResumeMs).toBe(220);
    expect(judged.nodes[0]?.resumes.count).toBe(0);
    expect(judged.total.resumes.count).toBe(2);
  });

  it('given a client still away at the end, then its reconnection counts as unanswered and the run is not held', () => {
    const away = { from: 1, to: 1, droppedAt: 1_000, answeredAt: 0, refused: false, failedAttempts: 30 };
    const judged = judgeCluster(
      measurement([client(0, [10, 11, 12, 14]), client(1, [10, 11, 12, 14], { resumes: [away] })]),
      inputs(),
    );
    expect(judged.total.resumes).toMatchObject({ count: 1, unanswered: 1 });
    expect(judged.held).toBe(false);
  });
});

describe('where a device posts', () => {
  it('given every node alive, then device d posts to node d % N', () => {
    expect([0, 1, 2, 3, 4].map((index) => nodeFor(index, [true, true, true]))).toEqual([0, 1, 2, 0, 1]);
  });

  it('given its node dead, then to the next live one, and none when all are dead', () => {
    expect(nodeFor(2, [true, true, false])).toBe(0);
    expect(nodeFor(1, [true, false, true])).toBe(2);
    expect(nodeFor(0, [false, false, false])).toBeNull();
  });
});
