// A turn's broadcasts, waiting for its end: per organization that has subscribers, the serialised `{type,data}`
// messages and their offsets (-1 for a message without one), flushed once at the end of the event-loop turn
// (setImmediate); and per organization, watched or not, the offset of its latest broadcast, the live end a history
// must reach (historyReplay.ts). The cable hub (cableHub.ts) writes what is flushed.

/** Broadcasts of one organization waiting for the end of the turn; `offsets[i]` is -1 for a message without one. */
export type PendingMessages = { messages: string[]; offsets: number[] };

export class TurnQueue {
  private pending = new Map<string, PendingMessages>();
  private readonly streamEnds = new Map<string, number>();
  private flushHandle: NodeJS.Immediate | null = null;

  constructor(
    /** Whether anyone subscribes to the organization now: nobody's messages are not even serialised. */
    private readonly watched: (organizationId: string) => boolean,
    private readonly flush: (batches: ReadonlyMap<string, PendingMessages>) => void,
  ) {}

  /**
   * Queues one message for each of the organizations that has subscribers; `json` is called once for all of them,
   * and only when one has.
   */
  queue(organizationIds: readonly string[], offset: number, json: () => string): void {
    let messageJson: string | null = null;
    for (const organizationId of organizationIds) {
      // Kept for organizations nobody watches too: a client that subscribes with a history needs the end at once.
      if (offset >= 0) this.streamEnds.set(organizationId, offset);
      if (!this.watched(organizationId)) continue;
      messageJson ??= json();
      const queued = this.pending.get(organizationId);
      if (queued) {
        queued.messages.push(messageJson);
        queued.offsets.push(offset);
      } else this.pending.set(organizationId, { messages: [messageJson], offsets: [offset] });
    }
    if (messageJson !== null) this.flushHandle ??= setImmediate(() => this.flushTurn());
  }

  streamEnd(organizationId: string): number | null {
    return this.streamEnds.get(organizationId) ?? null;
  }

  /** Forgets what waits for an organization nobody subscribes to any more. */
  drop(organizationId: string): void {
    this.pending.delete(organizationId);
  }

  /** Forgets everything waiting and the pending flush (the server is going away). */
  clear(): void {
    if (this.flushHandle) clearImmediate(this.flushHandle);
    this.flushHandle = null;
    this.pending.clear();
  }

  private flushTurn(): void {
    this.flushHandle = null;
    const batches = this.pending;
    this.pending = new Map();
    this.flush(batches);
  }
}
