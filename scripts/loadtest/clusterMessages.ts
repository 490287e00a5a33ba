// What the cluster load test's runner and its client swarm (clusterSwarm.ts) say to each other over IPC.
import type { HistogramSnapshot } from './latencyHistogram.ts';
import type { OffsetRuns } from './offsetRuns.ts';

/** One node as the swarm sees it: where its cable is, and the tokens its clients take in turn (a few per token). */
export type SwarmNode = { socketUrl: string; tokens: string[] };

/** One client's reconnection after its socket closed under it. */
export type SwarmResume = {
  from: number;
  to: number;
  /** Wall clock (ms since the Unix epoch) of the close, and of `confirm_history` or `reject_history`. */
  droppedAt: number;
  answeredAt: number;
  refused: boolean;
  /** Connection attempts that failed before the one that held (a node that was down). */
  failedAttempts: number;
};

export type SwarmClientResult = {
  /** 0-based node index the client started on (client c on node c % N). */
  home: number;
  /** Where it was connected at the end; null when it was not. */
  finalNode: number | null;
  /** Point offsets received, each once, and how many came again. */
  runs: OffsetRuns;
  points: number;
  duplicates: number;
  resumes: SwarmResume[];
};

export type SwarmNodeResult = {
  node: number;
  /** Point frames this node delivered (first receipts only) and their message-to-client latency. */
  deliveries: number;
  histogram: HistogramSnapshot;
  /** The epoch its broadcasts carried (null: none seen), which tells whether the nodes share one log. */
  epoch: string | null;
  /** Deliveries per second of the measurement. */
  perSecond: number[];
};

export type ClusterMeasurement = { clients: SwarmClientResult[]; nodes: SwarmNodeResult[] };

export type ToClusterSwarm =
  | {
      type: 'connect';
      nodes: SwarmNode[];
      /** The subscribe identifier and its stream name (for `history`). */
      identifier: string;
      stream: string;
      clients: number;
    }
  | { type: 'measure:start' }
  | { type: 'measure:stop' }
  | { type: 'count' }
  | { type: 'stop' };

export type FromClusterSwarm =
  | { type: 'connected'; clients: number }
  | { type: 'measuring' }
  | { type: 'tick'; second: number; deliveries: number }
  | { type: 'count'; received: number; connected: number; resuming: number }
  | { type: 'measured'; measurement: ClusterMeasurement }
  | { type: 'failed'; error: string };
