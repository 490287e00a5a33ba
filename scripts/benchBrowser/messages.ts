// What the browser benchmark and its server process say to each other over IPC.
import type { ListedThing } from '#tests/e2e/simulatorApi';

export type BenchServerMessage =
  | { type: 'ready'; url: string; organizationId: string; things: ListedThing[]; userToken: string }
  /** The first asset's slice of a second was sent at `at`; its new position, as the map will show it. */
  | { type: 'sent'; at: number; firstPosition: string }
  /**
   * The slice sent at `sentAt` was ingested (persisted and broadcast) in `ms`; the cable's running counts of broadcast frames it dropped for slow
   * subscribers and of the subscribers it disconnected as slow consumers (docs/cable.md flow control).
   */
  | { type: 'ingested'; sentAt: number; ms: number; ok: boolean; cable: CableLoss };

export type CableLoss = { droppedFrames: number; slowConsumerDisconnects: number };

/** `drive`: every asset reports once a second, in `slices` requests spread evenly over the second. */
export type BenchServerCommand = { type: 'drive'; slices: number } | { type: 'stop' };
