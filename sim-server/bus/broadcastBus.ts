// The bus interface: how committed broadcasts travel from the node that committed them to every node's cable. A
// batch is what one committed transaction means to the cable (its messages, each at its log position) and the last
// log position it covers. Two implementations: in-process (inProcessBus.ts, the default: `npm start` needs nothing)
// and Redis Streams (redisStreamsBus.ts, `SIM_BUS=redis://host:port`). The cable publishes and listens through this
// interface only, so no route, decider or projection knows which one runs (docs/scale-out.md).

/** What one committed transaction sends: its messages in order, and the last log position it covers. */
export type CommittedBatch<Message> = { position: number; messages: readonly Message[] };

export type BatchListener<Message> = (batch: CommittedBatch<Message>) => void;

/**
 * Entries this node's reader will never get: the stream was trimmed past it, or started again (a Redis restart
 * without persistence), while it was behind. `after` is the last position it delivered; `before` the position the
 * next entry it read follows (null when the stream started again). What lies between is in the log, not the stream.
 */
export type MissedEntries = { after: number; before: number | null };

/** How a message crosses a wire: one line of text (no `\n` in it) and back. */
export type BusCodec<Message, Received = Message> = {
  encode(message: Message): string;
  decode(line: string): Received;
};

export type BusStats = {
  kind: BusKind;
  /** Whether the bus can append and read now (always for the in-process one). */
  connected: boolean;
  /** Committed batches (and their messages) not yet appended to the stream: held in memory until it takes them. */
  heldBatches: number;
  heldMessages: number;
  appendedBatches: number;
  deliveredBatches: number;
  /** Times a connection to the stream came back after it was lost. */
  reconnects: number;
  /** Times the reader found entries it had not read gone from the stream (`onMissed`). */
  missedGaps: number;
};

export type BusKind = 'in-process' | 'redis-streams';

/** Why writes are refused for now, and when to try again: the bus holds more than it may of what it could not append. */
export type BusRefusal = { retryAfterSeconds: number; reason: string };

export interface BroadcastBus<Message, Received = Message> {
  readonly kind: BusKind;
  /** Connects (Redis) and finds where the stream ends; listeners hear what is appended after that. */
  start(): Promise<void>;
  /**
   * Appends a committed batch, after its commit. Never throws: a batch the stream cannot take now is held and
   * appended, in order, once it can (the event is in the log whatever happens here).
   */
  publish(batch: CommittedBatch<Message>): void;
  /** Hears every batch appended after `start`, in append order, each once, including this node's own. */
  listen(listener: BatchListener<Received>): () => void;
  /**
   * Hears each time the reader finds that entries it had not read are gone (never on the in-process bus), before it
   * hands on the entry after them: the listener makes its clients resume from the log (cable/broadcastPlugin.ts).
   */
  onMissed(listener: (missed: MissedEntries) => void): () => void;
  /** Non-null while writes should be refused (answered 503 with Retry-After). */
  refusal(): BusRefusal | null;
  stats(): BusStats;
  close(): Promise<void>;
}
