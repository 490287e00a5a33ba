// Who is subscribed to what, and how broadcasts reach them. Broadcasts are collected for one event-loop turn
// (turnQueue.ts) and then written per subscriber as one batch; each turn's frames are serialised once per distinct identifier string
// into one Buffer of websocket frames (wireFrames.ts), and that Buffer goes to every socket of that string. Whether a
// subscriber gets a batch is decided once, from what its socket held before it (flowControl.ts). Extended-protocol subscribers get their own copy
// of each frame with the stream position added, again built once per identifier string, never per socket; they
// may ask for the stream's history (historyReplay.ts) and restore a dropped session (restorableSessions.ts).

import { randomUUID } from 'node:crypto';
import type { CableBroadcaster, CableHistorySource, CableMessageType, CableStats } from './broadcaster.ts';
import type { CableConnection } from './cableConnection.ts';
import { eventsStreamName, organizationOfIdentifier, type HistoryRequest } from '#domain/cable/cableProtocol';
import { decideFlow, type FlowControlLimits, type FlowDecision } from './flowControl.ts';
import { replayHistory } from './historyReplay.ts';
import { closeAll } from './closeAll.ts';
import { ConnectionCounts, type ConnectionCaps } from './connectionCaps.ts';
import { extendedFrames, framesAfter, lastOffsetOf, reachesBelow } from './extendedFrames.ts';
import {
  broadcastFrame,
  broadcastFramePrefix,
  broadcastMessageJson,
  disconnectFrame,
  pingFrame,
  streamPositionPrefix,
  subscriptionReplyFrame,
  type SubscriptionReply,
} from './protocol.ts';
import { hubStats, newHubCounters, subscribersOfTopic, type Topic } from './hubCounters.ts';
import { RestorableSessions } from './restorableSessions.ts';
import { TurnQueue, type PendingMessages } from './turnQueue.ts';
import { wireBatch, type WireBatch } from './wireFrames.ts';

/** A dashboard needs one subscription, the official client a handful; more is abuse (issue 24). */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 20;

export type CableHubOptions = {
  limits: FlowControlLimits;
  /** Connections per user and per token (connectionCaps.ts). */
  caps: ConnectionCaps;
  /** Milliseconds since the epoch; injected so that stall timeouts can be tested without waiting. */
  now: () => number;
};

export class CableHub implements CableBroadcaster {
  private readonly limits: FlowControlLimits;
  private readonly now: () => number;
  private readonly connections = new Set<CableConnection>();
  /** When each connection's socket opened: its first seconds get more room (flowControl.ts `openingMs`). */
  private readonly openedAt = new WeakMap<CableConnection, number>();
  private readonly topics = new Map<string, Topic>();
  /** The turn's broadcasts per organization, and each organization's live end (turnQueue.ts). */
  private readonly turn = new TurnQueue(
    (organizationId) => this.topics.has(organizationId),
    (batches) => this.flush(batches),
  );
  private history: CableHistorySource | null = null;
  /** Without a history source the epoch still names this process, so no position from elsewhere is taken. */
  private readonly ownEpoch = randomUUID().slice(0, 8);
  private readonly restorable = new RestorableSessions();
  private readonly counts: ConnectionCounts;
  private readonly counters = newHubCounters();

  constructor(options: CableHubOptions) {
    this.limits = options.limits;
    this.now = options.now;
    this.counts = new ConnectionCounts(options.caps);
  }

  broadcast(organizationId: string, type: CableMessageType, data: unknown, offset?: number): void {
    this.broadcastToEach([organizationId], type, data, offset);
  }

  useHistory(source: CableHistorySource): void {
    this.history = source;
  }

  broadcastToEach(
    organizationIds: readonly string[],
    type: CableMessageType,
    data: unknown,
    offset = -1,
  ): void {
    // Serialised now, not at flush, so a caller that reuses or mutates `data` afterwards cannot change what is sent;
    // once for all the organizations, and only when one of them is listening.
    this.queueForEach(organizationIds, offset, () => broadcastMessageJson(type, data));
  }

  broadcastJsonToEach(organizationIds: readonly string[], messageJson: string, offset = -1): void {
    this.queueForEach(organizationIds, offset, () => messageJson);
  }

  private queueForEach(organizationIds: readonly string[], offset: number, json: () => string): void {
    this.counters.broadcasts += organizationIds.length;
    this.turn.queue(organizationIds, offset, json);
  }

  subscriberCount(organizationId?: string): number {
    if (organizationId !== undefined) return this.subscribersOf(organizationId).size;
    let count = 0;
    for (const connection of this.connections) if (connection.subscriptions.size > 0) count += 1;
    return count;
  }

  stats(): CableStats {
    return hubStats(this.counters, this.connections.size, this.topics);
  }

  attach(connection: CableConnection): void {
    this.connections.add(connection);
    this.openedAt.set(connection, this.now());
  }

  /**
   * Forgets a connection whose socket has closed. An extended session that the server did not end itself can be
   * restored by its sid for a while (its subscriptions, not its messages: the client asks for those by offset).
   */
  detach(connection: CableConnection): void {
    this.release(connection);
    this.restorable.remember(connection, this.now());
    this.unsubscribeAll(connection);
    this.connections.delete(connection);
  }

  /**
   * Counts a connection whose token has just been resolved against its user's and token's caps, or refuses it with
   * `too_many_connections`; whether it may go on. A reconnect that presents the sid of its own still-open socket
   * takes that one over first, so a client coming back from a drop is not refused by its own ghost.
   */
  admit(connection: CableConnection, token: string, restoreSid: string | null): boolean {
    const userId = connection.session?.userId;
    if (userId === undefined) return false;
    if (restoreSid !== null) this.takeOverStillOpen(connection, restoreSid);
    const holder = { userId, token };
    if (!this.counts.admit(holder)) {
      this.counters.tooManyConnections += 1;
      connection.disconnect(disconnectFrame('too_many_connections'));
      return false;
    }
    connection.capHolder = holder;
    return true;
  }

  /** Stops counting a connection against the caps: once it closes, or once the server has decided to end it. */
  private release(connection: CableConnection): void {
    if (connection.capHolder === null) return;
    this.counts.release(connection.capHolder);
    connection.capHolder = null;
  }

  /**
   * Restores the subscriptions of a dropped session of the same user (extended protocol): returns the identifiers
   * subscribed again, or null when there is nothing to restore. They get no live frames until the client sends its
   * `history` command, so that what it missed arrives before what follows.
   */
  restore(connection: CableConnection, previousSid: string): string[] | null {
    this.takeOverStillOpen(connection, previousSid);
    const identifiers = this.restorable.take(previousSid, connection.session?.userId, this.now());
    if (identifiers === null) return null;
    const restored: string[] = [];
    for (const identifier of identifiers) {
      if (this.addSubscription(connection, identifier) !== 'confirm_subscription') continue;
      const organizationId = connection.subscriptions.get(identifier);
      if (organizationId === undefined) continue;
      connection.paused ??= new Set();
      connection.paused.add(organizationId);
      restored.push(identifier);
    }
    if (restored.length === 0) return null;
    this.counters.restoredSessions += 1;
    return restored;
  }

  /**
   * A network drop often goes unseen on this side: the old socket looks open until TCP gives up on it, minutes later.
   * When its client is back with that sid, the old one is ended now (its subscriptions become restorable) instead of
   * being written to, unread, until then.
   */
  private takeOverStillOpen(connection: CableConnection, previousSid: string): void {
    for (const open of this.connections) {
      if (open === connection || open.sid !== previousSid) continue;
      if (open.session?.userId !== connection.session?.userId) return;
      this.detach(open);
      open.closing = true;
      open.socket.terminate();
      return;
    }
  }

  /**
   * Answers a subscribe: confirms or rejects it, and for an extended client that asked, sends the history and
   * `confirm_history` (or `reject_history`). A duplicate subscribe is ignored, as ActionCable ignores it.
   */
  subscribe(connection: CableConnection, identifier: string, history?: HistoryRequest): void {
    const reply = this.addSubscription(connection, identifier);
    if (reply === null) return;
    connection.send(subscriptionReplyFrame(identifier, reply));
    if (reply === 'confirm_subscription' && connection.extended && history)
      this.sendHistory(connection, identifier, history);
  }

  /** The `history` command of the extended protocol, for a subscribed identifier. */
  requestHistory(connection: CableConnection, identifier: string, history: HistoryRequest | undefined): void {
    if (!connection.extended || !connection.subscriptions.has(identifier)) return;
    this.sendHistory(connection, identifier, history ?? {});
  }

  /** The reply to send, or null for a duplicate subscribe. */
  private addSubscription(connection: CableConnection, identifier: string): SubscriptionReply | null {
    if (connection.subscriptions.has(identifier)) return null;
    const organizationId = organizationOfIdentifier(identifier);
    if (organizationId === null || !connection.session?.organizationIds.has(organizationId)) {
      return 'reject_subscription';
    }
    // One subscription per organization and a handful per socket: one socket must not multiply the stream it
    // receives (issue 24: 201 subscriptions of one organization, each frame 201 times).
    if (connection.subscriptions.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION) return 'reject_subscription';
    for (const subscribed of connection.subscriptions.values())
      if (subscribed === organizationId) return 'reject_subscription';
    connection.subscriptions.set(identifier, organizationId);
    let topic = this.topics.get(organizationId);
    if (!topic) {
      topic = new Map();
      this.topics.set(organizationId, topic);
    }
    let group = topic.get(identifier);
    if (!group) {
      group = { plain: new Set(), extended: new Set() };
      topic.set(identifier, group);
    }
    (connection.extended ? group.extended : group.plain).add(connection);
    return 'confirm_subscription';
  }

  private epoch(): string {
    return this.history?.epoch() ?? this.ownEpoch;
  }

  private sendHistory(connection: CableConnection, identifier: string, request: HistoryRequest): void {
    replayHistory(connection, identifier, request, {
      history: this.history,
      epoch: this.epoch(),
      flow: (batchBytes) => this.flowFor(connection, this.now(), batchBytes),
      shed: () => this.disconnectSlowConsumer(connection),
      counters: this.counters,
      catchUp: this.limits,
      streamEnd: () => this.turn.streamEnd(connection.subscriptions.get(identifier) ?? ''),
      now: this.now,
    });
  }

  unsubscribe(connection: CableConnection, identifier: string): void {
    const organizationId = connection.subscriptions.get(identifier);
    if (organizationId === undefined) return;
    connection.subscriptions.delete(identifier);
    connection.paused?.delete(organizationId);
    connection.sentThrough.delete(organizationId);
    connection.historyRuns.delete(organizationId);
    const topic = this.topics.get(organizationId);
    const group = topic?.get(identifier);
    if (!topic || !group) return;
    group.plain.delete(connection);
    group.extended.delete(connection);
    if (group.plain.size === 0 && group.extended.size === 0) topic.delete(identifier);
    if (topic.size === 0) {
      this.topics.delete(organizationId);
      this.turn.drop(organizationId);
    }
  }

  endSessionsOf(userId: string): number {
    let ended = 0;
    for (const connection of [...this.connections]) {
      if (connection.session?.userId !== userId) continue;
      this.rejectUnauthorized(connection);
      ended += 1;
    }
    return ended;
  }

  rejectUnauthorized(connection: CableConnection): void {
    this.release(connection);
    this.counters.unauthorized += 1;
    connection.disconnect(disconnectFrame('unauthorized'));
  }

  /**
   * One ping frame for everybody. Pings also apply the flow policy, so a stalled subscriber's time runs out, and a
   * recovered one is told to resync, even while its organization is quiet.
   */
  ping(): void {
    const now = this.now();
    this.restorable.forgetExpired(now);
    const frame = Buffer.from(pingFrame(Math.floor(now / 1000)));
    for (const connection of this.connections) {
      if (!connection.session || !connection.isOpen) continue;
      const decision = this.flowFor(connection, now);
      if (decision === 'send') connection.send(frame);
      else if (decision === 'disconnect') this.disconnectSlowConsumer(connection);
    }
  }

  /**
   * Tells every connection to reconnect and resume from its own stream positions, which the log's history serves:
   * the node's bus lost broadcasts it had not delivered yet (bus/streamReader.ts), so the live stream cannot bring
   * them. Unsubscribed first, so nothing after the hole reaches a client that has not had what came before it.
   */
  resyncAll(): number {
    const connections = [...this.connections];
    for (const connection of connections) {
      this.release(connection);
      this.unsubscribeAll(connection);
      connection.disconnect(disconnectFrame('server_restart'));
    }
    return connections.length;
  }

  /** Tells every connection the server is going away and waits, at most `graceMs`, for their sockets to close. */
  async shutdown(graceMs: number): Promise<void> {
    this.turn.clear();
    await closeAll(this.connections, disconnectFrame('server_restart'), graceMs);
  }

  private flush(batches: ReadonlyMap<string, PendingMessages>): void {
    const now = this.now();
    let epoch: string | null = null;
    for (const [organizationId, { messages, offsets }] of batches) {
      const topic = this.topics.get(organizationId);
      if (!topic) continue;
      let positionPrefix: string | null = null;
      for (const [identifier, group] of topic) {
        const prefix = broadcastFramePrefix(identifier);
        if (group.plain.size > 0) {
          const batch = wireBatch(messages.map((messageJson) => broadcastFrame(prefix, messageJson)));
          for (const connection of group.plain) this.deliver(connection, batch, now);
        }
        if (group.extended.size > 0) {
          epoch ??= this.epoch();
          positionPrefix ??= streamPositionPrefix(eventsStreamName(organizationId), epoch);
          const frames = extendedFrames(prefix, positionPrefix, messages, offsets);
          const last = lastOffsetOf(offsets);
          let batch: WireBatch | null = null;
          for (const connection of group.extended) {
            if (connection.paused?.has(organizationId)) continue;
            const floor = connection.sentThrough.get(organizationId);
            const sent =
              floor === undefined || !reachesBelow(floor, offsets)
                ? this.deliver(connection, (batch ??= wireBatch(frames)), now)
                : this.deliver(connection, wireBatch(framesAfter(floor, frames, offsets)), now);
            if (sent && last > (floor ?? -1)) connection.sentThrough.set(organizationId, last);
          }
        }
      }
    }
  }

  /** Writes the batch if the flow policy lets it; whether it went out. */
  private deliver(connection: CableConnection, batch: WireBatch, now: number): boolean {
    if (!connection.isOpen || batch.frames === 0) return false;
    const decision = this.flowFor(connection, now, batch.bytes.length);
    switch (decision) {
      case 'send':
        connection.sendBatch(batch);
        this.counters.sentFrames += batch.frames;
        return true;
      case 'drop':
        connection.droppedFrames += batch.frames;
        this.counters.droppedFrames += batch.frames;
        return false;
      case 'disconnect':
        this.disconnectSlowConsumer(connection);
        return false;
      default: {
        const unhandled: never = decision;
        throw new Error(`unknown flow decision ${String(unhandled)}`);
      }
    }
  }

  private disconnectSlowConsumer(connection: CableConnection): void {
    this.release(connection);
    this.counters.slowConsumer += 1;
    // Unsubscribed first so that its remaining frames in this flush are not even considered.
    this.unsubscribeAll(connection);
    connection.disconnect(disconnectFrame('slow_consumer'));
  }

  private unsubscribeAll(connection: CableConnection): void {
    for (const identifier of [...connection.subscriptions.keys()]) this.unsubscribe(connection, identifier);
  }

  /** The flow policy for a batch on what the socket holds now; in its opening the hard limit replaces the mark. */
  private flowFor(connection: CableConnection, now: number, batchBytes = 0): FlowDecision {
    const opening = now - (this.openedAt.get(connection) ?? -Infinity) < this.limits.openingMs;
    return decideFlow(connection, connection.socket.bufferedAmount, now, this.limits, opening, batchBytes);
  }

  private subscribersOf(organizationId: string): Set<CableConnection> {
    return subscribersOfTopic(this.topics.get(organizationId));
  }
}
