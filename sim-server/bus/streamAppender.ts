// The writing half of the Redis Streams bus: each committed batch is encoded at once (a caller that mutates its
// objects afterwards cannot change what is sent) and held, in commit order, until Redis has confirmed its XADD.
// Held batches go out in pipelines of up to `pipelineBatches`, with an approximate MAXLEN trim. When the connection
// is lost they stay held and go out, still in order, once it is ready again; an append whose reply was lost is sent
// again and refused by Redis as already there (streamEntries.ts), so nothing is lost and nothing doubled. What is
// held is bounded by `maxHeldMessages`: past it the bus asks for writes to be refused (503) until it drains.
import type { Redis } from 'ioredis';
import type { BusCodec, CommittedBatch } from './broadcastBus.ts';
import { encodeMessages, entryIdOf, isAlreadyAppended, MESSAGES_FIELD } from './streamEntries.ts';

export type StreamAppenderOptions = {
  streamKey: string;
  /** The approximate length the stream is trimmed to (`MAXLEN ~`): how far back a reader may fall and resume. */
  maxLength: number;
  /** Messages held unappended beyond which writes are refused. */
  maxHeldMessages: number;
  /** Batches per pipeline. */
  pipelineBatches: number;
  /** How long to wait before trying a refused append again while connected (ms). */
  retryMs: number;
  onError: (error: unknown) => void;
};

type HeldBatch = { id: string; payload: string; messages: number };

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

  /** Appends one pipeline of held batches; how many Redis confirmed, in order from the oldest. */
  async function appendSlice(): Promise<{ confirmed: number; sent: number }> {
    const slice = held.slice(head, head + options.pipelineBatches);
    const pipeline = redis.pipeline();
    for (const batch of slice)
      pipeline.xadd(options.streamKey, 'MAXLEN', '~', maxLength, batch.id, MESSAGES_FIELD, batch.payload);
    const results = (await pipeline.exec()) ?? [];
    let confirmed = 0;
    for (const [error] of results) {
      if (error && !isAlreadyAppended(error)) {
        options.onError(error);
        break;
      }
      confirmed += 1;
    }
    return { confirmed, sent: slice.length };
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
    } catch {
      // The connection went away mid-pipeline: the batches stay held, and `ready` sends them again.
    } finally {
      appending = false;
    }
    if (head < held.length && !stopped) retryLater();
  }

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
