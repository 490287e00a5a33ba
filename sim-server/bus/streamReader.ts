// The reading half of the Redis Streams bus: one connection of its own (XREAD BLOCK holds it) reads the stream from
// the last entry id it delivered and hands each entry, decoded, to the listener, in stream order. When the
// connection is lost the read fails, the loop waits for the client to reconnect and reads again from that same id,
// so an entry is delivered once and none is skipped, as long as the stream still holds it (MAXLEN, streamAppender.ts).
// When it no longer does (the reader fell further behind than the stream's length, or the stream started again), the
// entry after the hole names a predecessor the reader never delivered, and `onMissed` hears it before that entry.
import type { Redis } from 'ioredis';
import { fieldOf, MESSAGES_FIELD, missedBefore, PREVIOUS_FIELD } from './streamEntries.ts';

export type StreamReaderOptions = {
  streamKey: string;
  /** Entries per read at most. */
  count: number;
  /** How long one read waits for a new entry (ms); the loop then reads again. */
  blockMs: number;
  /** How long to wait between checks for the connection to be back (ms). */
  reconnectCheckMs: number;
  onEntry: (id: string, payload: string) => void;
  /** Entries after `afterId` and up to `previousId` are gone unread ('' when the stream started again). */
  onMissed: (afterId: string, previousId: string) => void;
  onError: (error: unknown) => void;
};

export type StreamReader = {
  /** Starts reading after `afterId`. */
  start(afterId: string): void;
  lastDeliveredId(): string;
  deliveredBatches(): number;
  missedGaps(): number;
  stop(): Promise<void>;
};

type XReadReply = [stream: string, entries: [id: string, fields: string[]][]][] | null;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createStreamReader(redis: Redis, options: StreamReaderOptions): StreamReader {
  let lastId = '0-0';
  let delivered = 0;
  let missed = 0;
  let running = false;
  let loop: Promise<void> = Promise.resolve();

  function deliver(reply: XReadReply): void {
    for (const [, entries] of reply ?? []) {
      for (const [id, fields] of entries) {
        const previous = fieldOf(fields, PREVIOUS_FIELD);
        if (previous !== null && missedBefore(previous, lastId)) {
          missed += 1;
          try {
            options.onMissed(lastId, previous);
          } catch (error) {
            options.onError(error);
          }
        }
        // Advanced before the listener runs: a listener that throws must not have the entry read (and sent) again.
        lastId = id;
        delivered += 1;
        try {
          options.onEntry(id, fieldOf(fields, MESSAGES_FIELD) ?? '');
        } catch (error) {
          options.onError(error);
        }
      }
    }
  }

  async function readUntilStopped(): Promise<void> {
    while (running) {
      if (redis.status !== 'ready') {
        await pause(options.reconnectCheckMs);
        continue;
      }
      let reply: XReadReply;
      try {
        reply = (await redis.xread(
          'COUNT',
          options.count,
          'BLOCK',
          options.blockMs,
          'STREAMS',
          options.streamKey,
          lastId,
        )) as XReadReply;
      } catch {
        // Lost connection (or closing): read again from the same id once it is back.
        if (running) await pause(options.reconnectCheckMs);
        continue;
      }
      if (running) deliver(reply);
    }
  }

  return {
    start(afterId) {
      lastId = afterId;
      running = true;
      loop = readUntilStopped();
    },
    lastDeliveredId: () => lastId,
    deliveredBatches: () => delivered,
    missedGaps: () => missed,
    async stop() {
      running = false;
      await loop;
    },
  };
}
