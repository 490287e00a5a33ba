// The writing half of the Redis Streams bus: each committed batch is encoded at once (a caller that mutates its
// objects afterwards cannot change what is sent) and held, in commit order, until Redis has confirmed its XADD.
// Held batches go out oldest first, many per call of a small Lua script (one call in flight), with an approximate
// MAXLEN trim; the script stops at a failed entry, so Redis always has a prefix of them. When the connection is lost
// they stay held and go out, still in order, once it is ready again; an append whose reply was lost is sent again
// and skipped by Redis as already there (streamEntries.ts), so nothing is lost and nothing doubled. What is
// held is bounded by `maxHeldMessages`: past it the bus asks for writes to be refused (503) until it drains.
import type { Redis } from 'ioredis';
import type { BusCodec, CommittedBatch } from './broadcastBus.ts';
import { encodeMessages, entryIdOf, MESSAGES_FIELD, PREVIOUS_FIELD } from './streamEntries.ts';

export type StreamAppenderOptions = {
  streamKey: string;
  /** The approximate length the stream is trimmed to (`MAXLEN ~`): how far back a reader may fall and resume. */
  maxLength: number;
  /** Messages held unappended beyond which writes are refused. */
  maxHeldMessages: number;
  /** Batches per append call at most, and their bytes (one batch goes alone whatever its size). */
  sliceBatches: number;
  sliceBytes: number;
  /** How long to wait before trying a refused append again while connected (ms). */
  retryMs: number;
  onError: (error: unknown) => void;
};

type HeldBatch = { id: string; payload: string; messages: number };

/**
 * Appends `ARGV` as (id, payload) pairs in order, stopping at the first XADD that fails for any reason but the entry
 * being there already, so that what Redis holds is always a prefix of what was sent: a pipeline would go on after a
 * failed entry (an out-of-memory refusal, say), append the next ones, and the failed one, sent again, would then be
 * refused as below the top and be lost. One call for many entries also saves a round trip per entry.
 * Each entry names the one before it (`${PREVIOUS_FIELD}`), kept in its own key (`KEYS[2]`) so that finding it costs
 * no read of the stream's top entry; a stream from before that key is asked once. Every node appends through this
 * script, so the chain holds whichever node appended an entry (streamReader.ts reads it).
 */
const APPEND_BATCHES_SCRIPT = `
local previous = redis.call('GET', KEYS[2])
if not previous then
  local top = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
  previous = top[1] and top[1][1] or ''
end
local appended = 0
local failure = false
for index = 2, #ARGV, 2 do
  local reply = redis.pcall('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], ARGV[index],
    '${MESSAGES_FIELD}', ARGV[index + 1], '${PREVIOUS_FIELD}', previous)
  if type(reply) == 'table' and reply.err then
    if not string.find(reply.err, 'equal or smaller', 1, true) then
      failure = reply.err
      break
    end
  else
    previous = reply
  end
  appended = appended + 1
end
redis.call('SET', KEYS[2], previous)
return { appended, failure }
`;

/** The key that holds the id of the stream's last entry (its entries' `p` chain). */
export const topKeyOf = (streamKey: string): string => `${streamKey}:top`;

type AppendingRedis = Redis & {
  appendBatches(
    streamKey: string,
    topKey: string,
    maxLength: string,
    ...idsAndPayloads: string[]
  ): Promise<unknown>;
};

export type StreamAppender = {
  hold(batch: CommittedBatch<unknown>): void;
  heldBatches(): number;
  heldMessages(): number;
  appendedBatches(): number;
  overCap(): boolean;
  /** Waits until nothing is held (or `timeoutMs` passes); whether it drained. */
  drained(timeoutMs: number): Promise<boolean>;
  stop(): void;
};

export function createStreamAppender<Message>(
  redis: Redis,
  codec: BusCodec<Message, unknown>,
  options: StreamAppenderOptions,
): StreamAppender {
  const held: HeldBatch[] = [];
  let head = 0;
  let heldMessages = 0;
  let appended = 0;
  let appending = false;
  let scheduled: NodeJS.Immediate | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let stopped = false;
  const maxLength = String(options.maxLength);

  function schedule(): void {
    if (stopped || scheduled !== null) return;
    scheduled = setImmediate(() => {
      scheduled = null;
      void drain();
    });
  }

  function retryLater(): void {
    if (stopped || retryTimer !== null) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      schedule();
    }, options.retryMs);
  }

  function release(count: number): void {
    for (let index = 0; index < count; index += 1) {
      heldMessages -= held[head]?.messages ?? 0;
      head += 1;
    }
    appended += count;
    // Compacted now and then, not per batch: shifting a long array on every confirmation would be quadratic.
    if (head === held.length) {
      held.length = 0;
      head = 0;
    } else if (head > 1024 && head * 2 > held.length) {
      held.splice(0, head);
      head = 0;
    }
  }

  /** Appends the oldest held batches in one script call; how many Redis has now, counted from the oldest. */
  async function appendSlice(): Promise<{ confirmed: number; sent: number }> {
    const slice: string[] = [];
    let bytes = 0;
    for (let index = head; index < held.length && slice.length < options.sliceBatches * 2; index += 1) {
      const batch = held[index] as HeldBatch;
      if (slice.length > 0 && bytes + batch.payload.length > options.sliceBytes) break;
      slice.push(batch.id, batch.payload);
      bytes += batch.payload.length;
    }
    const [appendedCount, error] = (await (redis as AppendingRedis).appendBatches(
      options.streamKey,
      topKeyOf(options.streamKey),
      maxLength,
      ...slice,
    )) as [number, string | false | null];
    if (error) options.onError(new Error(`XADD to ${options.streamKey} failed: ${error}`));
    return { confirmed: appendedCount, sent: slice.length / 2 };
  }

  async function drain(): Promise<void> {
    if (appending || stopped) return;
    appending = true;
    try {
      while (head < held.length && redis.status === 'ready' && !stopped) {
        const { confirmed, sent } = await appendSlice();
        release(confirmed);
        if (confirmed < sent) break;
      }
    } catch (error) {
      // The batches stay held: `ready` sends them again after a lost connection, the retry timer otherwise.
      if (redis.status === 'ready') options.onError(error);
    } finally {
      appending = false;
    }
    if (head < held.length && !stopped) retryLater();
  }

  redis.defineCommand('appendBatches', { numberOfKeys: 2, lua: APPEND_BATCHES_SCRIPT });
  redis.on('ready', schedule);

  return {
    hold(batch) {
      const payload = encodeMessages(batch.messages as readonly Message[], codec);
      held.push({ id: entryIdOf(batch.position), payload, messages: batch.messages.length });
      heldMessages += batch.messages.length;
      schedule();
    },
    heldBatches: () => held.length - head,
    heldMessages: () => heldMessages,
    appendedBatches: () => appended,
    overCap: () => heldMessages > options.maxHeldMessages,
    async drained(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (head < held.length && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      return head === held.length;
    },
    stop() {
      stopped = true;
      if (scheduled !== null) clearImmediate(scheduled);
      if (retryTimer !== null) clearTimeout(retryTimer);
      redis.off('ready', schedule);
    },
  };
}
