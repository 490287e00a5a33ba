// What the browser benchmark and its server process say to each other over IPC.
import type { ListedThing } from '#tests/e2e/simulatorApi';

export type BenchServerMessage =
  | { type: 'ready'; url: string; organizationId: string; things: ListedThing[]; userToken: string }
  /** The first asset's slice of a second was sent at `at`; its new position, as the map will show it. */
  | { type: 'sent'; at: number; firstPosition: string }
  /**
   * The slice sent at `sentAt` was ingested (persisted and broadcast) in `ms`; the server's running counters.
   */
  | { type: 'ingested'; sentAt: number; ms: number; ok: boolean; counters: ServerCounters };

/**
 * The cable's broadcast frames dropped for slow subscribers and its slow-consumer disconnects (docs/cable.md flow
 * control), and the server's CPU time, each counted since the server started.
 */
export type ServerCounters = {
  droppedFrames: number;
  slowConsumerDisconnects: number;
  /** The server process's CPU time so far (user and system), in milliseconds. */
  serverCpuMs: number;
  /** When `serverCpuMs` was read (epoch ms): its rate is taken over the real time between two readings. */
  readAt: number;
  /**
   * Bytes written to the cable's sockets that the pages have not read yet (the sum of `bufferedAmount`): when a
   * page reads its socket slower than the server writes, the backlog grows here, below the high-water mark at which
   * the cable drops frames.
   */
  cableBufferedBytes: number;
  /** Messages the cable sent from its history (to a page that resumed after a reconnect) since the server started. */
  historyFrames: number;
  /** History requests answered `reject_history` (a history that could not catch up included) since it started. */
  historyRejected: number;
};

/** `drive`: every asset reports once a second, in `slices` requests spread evenly over the second. */
export type BenchServerCommand =
  | { type: 'drive'; slices: number }
  /** Stops sending samples (`--profile-frame`: nothing moves while the frame is taken apart). */
  | { type: 'pause' }
  | { type: 'stop' };
