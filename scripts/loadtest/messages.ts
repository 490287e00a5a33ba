// What the load test's processes say to each other over their IPC channels.
import type { DeviceType } from '#domain/things/thing';
import type { HistogramSnapshot } from './latencyHistogram.ts';

export type ServerKind = 'cable' | 'bare';

export type LoadDevice = { id: string; type: DeviceType };

export type ServerReady = {
  type: 'ready';
  kind: ServerKind;
  /** http://127.0.0.1:port */
  url: string;
  /** Where the device feed posts `{ samples }`, and the bearer token it sends. */
  ingestPath: string;
  token: string;
  /** Websocket URL, the subprotocols a client offers, and the subscribe identifier (null: no subscribe). */
  socketUrl: string;
  subprotocols: string[];
  identifier: string | null;
  devices: LoadDevice[];
  /** The simulator's SQLite file (cable server only), whose size the soak samples. */
  databasePath: string | null;
};

export type ServerStats = {
  /** Share of one core used by the server process while measuring (1 = a whole core). */
  cpu: number;
  rssPeakMb: number;
  rssEndMb: number;
  heapUsedEndMb: number;
  eventLoopLagP50Ms: number;
  eventLoopLagP99Ms: number;
  eventLoopLagMaxMs: number;
  /** The cable's own counters (cable server only). */
  droppedFrames: number;
  slowConsumerDisconnects: number;
};

export type ToServer = { type: 'stats:start' } | { type: 'stats:stop' } | { type: 'stop' };
export type FromServer =
  ServerReady | { type: 'stats'; stats: ServerStats } | { type: 'failed'; error: string };

export type SecondOfDeliveries = {
  /** Seconds since the measurement started. */
  second: number;
  deliveries: number;
  p50: number;
  p99: number;
  max: number;
};

/** `--churn`: each client drops its socket about every `everyMs` and comes back `pauseMs` later, resuming. */
export type ChurnOptions = { everyMs: number; pauseMs: number };

/** What the churning clients saw: drops, resumes, what came twice, and how long a resume took. */
export type ChurnMeasurement = {
  drops: number;
  resumes: number;
  /** History requests the server refused (each one is a client that could not resume). */
  rejected: number;
  /** Broadcasts received a second time (an offset at or below the last one): must be zero. */
  duplicates: number;
  /** From the socket's drop to the server's `confirm_history` on the new one. */
  resumeHistogram: HistogramSnapshot;
};

export type SwarmMeasurement = {
  received: number;
  perSecond: SecondOfDeliveries[];
  histogram: HistogramSnapshot;
  /** Sockets that closed or were told to disconnect while measuring (not counting the churn's own drops). */
  disconnects: number;
  churn: ChurnMeasurement | null;
};

export type ToSwarm =
  | {
      type: 'connect';
      socketUrl: string;
      subprotocols: string[];
      identifier: string | null;
      clients: number;
      churn: ChurnOptions | null;
    }
  | { type: 'measure:start' }
  /** The feed has ended: no more drops, so that the drain sees every client connected. */
  | { type: 'churn:stop' }
  | { type: 'measure:stop' }
  | { type: 'count' }
  | { type: 'disconnect' }
  | { type: 'stop' };

export type FromSwarm =
  | { type: 'connected'; clients: number }
  | { type: 'measuring' }
  /** One second closed: its deliveries and their latencies (the soak merges them into 10 s windows). */
  | { type: 'tick'; second: number; deliveries: number; histogram: HistogramSnapshot }
  | { type: 'count'; received: number }
  | { type: 'measured'; measurement: SwarmMeasurement }
  | { type: 'disconnected' }
  | { type: 'failed'; error: string };
