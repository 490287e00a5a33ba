// What the browser benchmark and its server process say to each other over IPC.
import type { ListedThing } from '#tests/e2e/simulatorApi';

export type BenchServerMessage =
  | { type: 'ready'; url: string; organizationId: string; things: ListedThing[]; userToken: string }
  /** One second of samples was sent at `at`; the first asset's new position, as the map will show it. */
  | { type: 'sent'; at: number; firstPosition: string }
  /**
   * One second was ingested in `ms`; the cable's running counts of broadcast frames it dropped for slow
   * subscribers and of the subscribers it disconnected as slow consumers (docs/cable.md flow control).
   */
  | { type: 'ingested'; ms: number; ok: boolean; cable: CableLoss };

export type CableLoss = { droppedFrames: number; slowConsumerDisconnects: number };

export type BenchServerCommand = { type: 'drive' } | { type: 'stop' };
