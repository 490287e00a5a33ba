// The Redis Streams bus (`SIM_BUS=redis://host:port`): a node appends each committed batch to one stream (XADD
// with an approximate MAXLEN trim, streamAppender.ts) and every node's cable reads that stream (XREAD BLOCK from the
// last id it delivered, streamReader.ts) and broadcasts what it reads, the writing node included, so one node on
// Redis runs the whole path. Two connections: a blocked read would hold up the appends. Both reconnect on their own
// (ioredis's retry strategy); nothing is resent by the client itself, the two loops resend what they still need.
import { Redis, type RedisOptions } from 'ioredis';
import type { BatchListener, BroadcastBus, BusCodec, BusStats, MissedEntries } from './broadcastBus.ts';
import { createStreamAppender } from './streamAppender.ts';
import { createStreamReader } from './streamReader.ts';
import { decodeEntry, positionOfEntryId } from './streamEntries.ts';

export type RedisStreamsBusOptions = {
  /** `redis://host:port` (`rediss://` for TLS, a password and a database number as Redis URLs give them). */
  url: string;
  /** The stream: one per log, since its entry ids are that log's positions (docs/scale-out.md). */
  streamKey: string;
  /** `MAXLEN ~`: entries kept; a reader further behind than this loses what was trimmed (default 100,000). */
  maxLength?: number;
  /** Messages held unappended before writes are refused with 503 (default 250,000: 25 s of 10,000 devices). */
  maxHeldMessages?: number;
  /** How long `start` waits for Redis before it gives up (default 10 s). */
  connectTimeoutMs?: number;
  /** Where append and listener errors go (default nowhere: the app passes its log). */
  onError?: (error: unknown) => void;
};

export const DEFAULT_STREAM_MAX_LENGTH = 100_000;
export const DEFAULT_MAX_HELD_MESSAGES = 250_000;
const READ_COUNT = 1_000;
const READ_BLOCK_MS = 1_000;
/** Per append call: batches, and bytes (about 4 MB, a few milliseconds of Redis's time). */
const SLICE_BATCHES = 1_000;
const SLICE_BYTES = 4 * 1024 * 1024;
const RETRY_MS = 200;
/** Reconnect quickly after a cut: at most a second between attempts, for ever. */
const retryStrategy = (attempt: number) => Math.min(attempt * 100, 1_000);

function connectionOptions(name: string, extra: RedisOptions): RedisOptions {
  return {
    lazyConnect: true,
    connectionName: name,
    retryStrategy,
    // Commands in flight when the connection drops fail instead of being sent again by the client: the appender
    // and the reader each know what they still need, and resend exactly that.
    autoResendUnfulfilledCommands: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    ...extra,
  };
}

async function readyWithin(redis: Redis, url: string, timeoutMs: number): Promise<void> {
  const connected = redis.connect();
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs).unref(),
  );
  try {
    await Promise.race([connected, timeout]);
  } catch (error) {
    redis.disconnect();
    throw new Error(`SIM_BUS: cannot reach Redis at ${url} (${(error as Error).message})`, { cause: error });
  }
}

/** The id of the stream's last entry, or `0-0` when it is empty or absent. */
async function streamTop(redis: Redis, streamKey: string): Promise<string> {
  const [last] = (await redis.xrevrange(streamKey, '+', '-', 'COUNT', 1)) as [string, string[]][];
  return last?.[0] ?? '0-0';
}

export function createRedisStreamsBus<Message, Received>(
  codec: BusCodec<Message, Received>,
  options: RedisStreamsBusOptions,
): BroadcastBus<Message, Received> {
  const onError = options.onError ?? (() => undefined);
  const maxHeldMessages = options.maxHeldMessages ?? DEFAULT_MAX_HELD_MESSAGES;
  // A stuck append fails after 5 s and is retried; a read gets an answer every READ_BLOCK_MS, so 5 s of silence on
  // its socket means the connection is dead even where no reset arrives (a cut cable, a paused host).
  const writer = new Redis(options.url, connectionOptions('sim-bus-append', { commandTimeout: 5_000 }));
  const reader = new Redis(
    options.url,
    connectionOptions('sim-bus-read', { socketTimeout: READ_BLOCK_MS * 5 }),
  );
  const listeners = new Set<BatchListener<Received>>();
  const missedListeners = new Set<(missed: MissedEntries) => void>();
  let reconnects = 0;
  const countReconnect = () => {
    reconnects += 1;
  };
  // Errors of the connections themselves are reconnects in progress, not failures to report one by one.
  for (const redis of [writer, reader]) redis.on('error', () => undefined);
  const appender = createStreamAppender(writer, codec, {
    streamKey: options.streamKey,
    maxLength: options.maxLength ?? DEFAULT_STREAM_MAX_LENGTH,
    maxHeldMessages,
    sliceBatches: SLICE_BATCHES,
    sliceBytes: SLICE_BYTES,
    retryMs: RETRY_MS,
    onError,
  });
  const streamReader = createStreamReader(reader, {
    streamKey: options.streamKey,
    count: READ_COUNT,
    blockMs: READ_BLOCK_MS,
    reconnectCheckMs: 50,
    onEntry(id, payload) {
      const batch = decodeEntry(id, payload, codec);
      for (const listener of listeners) listener(batch);
    },
    onMissed(afterId, previousId) {
      const missed = {
        after: positionOfEntryId(afterId),
        before: previousId === '' ? null : positionOfEntryId(previousId),
      };
      for (const listener of missedListeners) listener(missed);
    },
    onError,
  });
  let started = false;

  return {
    kind: 'redis-streams',
    async start() {
      const timeoutMs = options.connectTimeoutMs ?? 10_000;
      await Promise.all([
        readyWithin(writer, options.url, timeoutMs),
        readyWithin(reader, options.url, timeoutMs),
      ]);
      // Listeners hear what is appended from now on; what came before is the log's history (docs/cable.md).
      streamReader.start(await streamTop(reader, options.streamKey));
      // Counted from here: the first `ready` of each connection was the start itself.
      writer.on('ready', countReconnect);
      reader.on('ready', countReconnect);
      started = true;
    },
    publish(batch) {
      appender.hold(batch);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onMissed(listener) {
      missedListeners.add(listener);
      return () => missedListeners.delete(listener);
    },
    refusal() {
      if (!appender.overCap()) return null;
      return {
        retryAfterSeconds: 1,
        reason: `the broadcast bus holds ${appender.heldMessages()} messages it could not append to Redis yet`,
      };
    },
    stats(): BusStats {
      return {
        kind: 'redis-streams',
        connected: writer.status === 'ready' && reader.status === 'ready',
        heldBatches: appender.heldBatches(),
        heldMessages: appender.heldMessages(),
        appendedBatches: appender.appendedBatches(),
        deliveredBatches: streamReader.deliveredBatches(),
        reconnects,
        missedGaps: streamReader.missedGaps(),
      };
    },
    async close() {
      // What is held gets a moment to reach the stream (other nodes' dashboards want it); the log has it anyway.
      if (started && writer.status === 'ready') await appender.drained(2_000);
      appender.stop();
      const stopped = streamReader.stop();
      reader.disconnect();
      await stopped;
      writer.disconnect();
      listeners.clear();
      missedListeners.clear();
    },
  };
}
