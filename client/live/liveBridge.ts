// Wires the live path for one organization: cable subscription, REST snapshot, one batch per second into the
// signals. Started by the dashboard on mount; the function it returns tears everything down.
import { fetchThingsSnapshot } from '../api/things.ts';
import type { ApiClient } from '../api/httpClient.ts';
import { openCableConnection, reconnectDelay, type CableConnectionOptions } from './cableConnection.ts';
import type { LiveMessage } from './cableFrames.ts';
import { applyLiveBatch, applySnapshot } from './liveThingsState.ts';
import {
  cableStatus,
  clockNow,
  publishBatch,
  resetThings,
  snapshotState,
  thingsById,
} from './thingsStore.ts';

export const BATCH_INTERVAL_MS = 1_000;
const CLOCK_TICK_MS = 30_000;
/** How far before the moment the connection dropped the catch-up fetch reaches, to absorb clock skew. */
const CATCH_UP_MARGIN_MS = 5 * 60 * 1000;

export type LiveBridgeOptions = {
  client: ApiClient;
  cableUrl: string;
  token: string;
  organizationId: string;
  /** The provider refused the session (cable disconnect or a 401): the caller signs the user out. */
  onUnauthorized(): void;
  createSocket?: CableConnectionOptions['createSocket'];
};

export function startLiveBridge(options: LiveBridgeOptions): () => void {
  const abort = new AbortController();
  let pending: LiveMessage[] = [];
  let snapshotLoaded = false;
  let lostAt: number | null = null;
  let retryTimer: number | null = null;
  let snapshotAttempts = 0;

  resetThings();
  clockNow.value = Date.now();

  async function loadSnapshot(mode: 'full' | 'incremental', changedSince?: number) {
    if (mode === 'full') snapshotState.value = { phase: 'loading' };
    const outcome = await fetchThingsSnapshot(options.client, options.organizationId, {
      changedSince,
      signal: abort.signal,
    }).catch((error: unknown) => {
      if (abort.signal.aborted) return null;
      throw error;
    });
    if (!outcome || abort.signal.aborted) return;
    if (!outcome.ok) {
      if (outcome.status === 401) {
        options.onUnauthorized();
        return;
      }
      if (mode === 'full') {
        snapshotState.value = { phase: 'error', message: outcome.message };
        retryTimer = window.setTimeout(() => void loadSnapshot('full'), reconnectDelay(snapshotAttempts++));
      }
      return;
    }
    snapshotAttempts = 0;
    publishBatch(applySnapshot(thingsById.peek(), outcome.snapshot, mode));
    if (mode === 'full') {
      snapshotLoaded = true;
      snapshotState.value = { phase: 'loaded' };
    }
  }

  // Subscribe first and hold broadcasts until the snapshot is in, so nothing sent in between is lost.
  const connection = openCableConnection({
    url: options.cableUrl,
    token: options.token,
    organizationId: options.organizationId,
    createSocket: options.createSocket,
    onMessage: (message) => pending.push(message),
    onStatus: (status) => {
      if (status === 'reconnecting' && lostAt === null) lostAt = Date.now();
      cableStatus.value = status;
      if (status === 'unauthorized') options.onUnauthorized();
    },
    onResubscribed: () => {
      const since = (lostAt ?? Date.now()) - CATCH_UP_MARGIN_MS;
      lostAt = null;
      if (snapshotLoaded) void loadSnapshot('incremental', since);
    },
  });

  void loadSnapshot('full');

  const batchTimer = window.setInterval(() => {
    if (!snapshotLoaded || pending.length === 0) return;
    const messages = pending;
    pending = [];
    publishBatch(applyLiveBatch(thingsById.peek(), messages));
  }, BATCH_INTERVAL_MS);

  const clockTimer = window.setInterval(() => {
    clockNow.value = Date.now();
  }, CLOCK_TICK_MS);

  return () => {
    abort.abort();
    connection.close();
    window.clearInterval(batchTimer);
    window.clearInterval(clockTimer);
    if (retryTimer !== null) window.clearTimeout(retryTimer);
    pending = [];
    resetThings();
  };
}
