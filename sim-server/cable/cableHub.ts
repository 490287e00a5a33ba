// Who is subscribed to what, and how broadcasts reach them. Broadcasts are collected for one event-loop turn and
// then written per subscriber as one batch; each frame is serialised once per distinct identifier string and the
// same Buffer goes to every socket that subscribed with that string. Whether a subscriber gets a batch is decided
// once, from what its socket held before it (flowControl.ts).

import type { CableBroadcaster, CableMessageType, CableStats } from './broadcaster.ts';
import type { CableConnection } from './cableConnection.ts';
import { organizationOfIdentifier } from '#domain/cable/cableProtocol';
import { decideFlow, type FlowControlLimits } from './flowControl.ts';
import {
  broadcastFrame,
  broadcastFramePrefix,
  broadcastMessageJson,
  disconnectFrame,
  pingFrame,
  type SubscriptionReply,
} from './protocol.ts';

export type CableHubOptions = {
  limits: FlowControlLimits;
  /** Milliseconds since the epoch; injected so that stall timeouts can be tested without waiting. */
  now: () => number;
};

/** Subscribers of one organization, grouped by the identifier string they subscribed with. */
type Topic = Map<string, Set<CableConnection>>;

export class CableHub implements CableBroadcaster {
  private readonly limits: FlowControlLimits;
  private readonly now: () => number;
  private readonly connections = new Set<CableConnection>();
  private readonly topics = new Map<string, Topic>();
  /** Serialised `{type,data}` messages per organization, waiting for the end of the turn. */
  private pending = new Map<string, string[]>();
  private flushHandle: NodeJS.Immediate | null = null;
  private readonly counters = {
    broadcasts: 0,
    sentFrames: 0,
    droppedFrames: 0,
    unauthorized: 0,
    slowConsumer: 0,
  };

  constructor(options: CableHubOptions) {
    this.limits = options.limits;
    this.now = options.now;
  }

  broadcast(organizationId: string, type: CableMessageType, data: unknown): void {
    this.broadcastToEach([organizationId], type, data);
  }

  broadcastToEach(organizationIds: readonly string[], type: CableMessageType, data: unknown): void {
    this.counters.broadcasts += organizationIds.length;
    // Serialised now, not at flush, so a caller that reuses or mutates `data` afterwards cannot change what is sent;
    // once for all the organizations, and only when one of them is listening.
    let messageJson: string | null = null;
    for (const organizationId of organizationIds) {
      if (!this.topics.has(organizationId)) continue;
      messageJson ??= broadcastMessageJson(type, data);
      const queue = this.pending.get(organizationId);
      if (queue) queue.push(messageJson);
      else this.pending.set(organizationId, [messageJson]);
    }
    if (messageJson !== null) this.flushHandle ??= setImmediate(() => this.flush());
  }

  subscriberCount(organizationId?: string): number {
    if (organizationId !== undefined) return this.subscribersOf(organizationId).size;
    let count = 0;
    for (const connection of this.connections) if (connection.subscriptions.size > 0) count += 1;
    return count;
  }

  stats(): CableStats {
    const subscribersByOrganization: Record<string, number> = {};
    for (const organizationId of this.topics.keys()) {
      subscribersByOrganization[organizationId] = this.subscribersOf(organizationId).size;
    }
    return {
      connections: this.connections.size,
      broadcasts: this.counters.broadcasts,
      sentFrames: this.counters.sentFrames,
      droppedFrames: this.counters.droppedFrames,
      disconnects: { unauthorized: this.counters.unauthorized, slowConsumer: this.counters.slowConsumer },
      subscribersByOrganization,
    };
  }

  attach(connection: CableConnection): void {
    this.connections.add(connection);
  }

  /** Forgets a connection whose socket has closed. */
  detach(connection: CableConnection): void {
    this.unsubscribeAll(connection);
    this.connections.delete(connection);
  }

  /** The reply to send, or null for a duplicate subscribe, which ActionCable ignores. */
  subscribe(connection: CableConnection, identifier: string): SubscriptionReply | null {
    if (connection.subscriptions.has(identifier)) return null;
    const organizationId = organizationOfIdentifier(identifier);
    if (organizationId === null || !connection.session?.organizationIds.has(organizationId)) {
      return 'reject_subscription';
    }
    connection.subscriptions.set(identifier, organizationId);
    let topic = this.topics.get(organizationId);
    if (!topic) {
      topic = new Map();
      this.topics.set(organizationId, topic);
    }
    let group = topic.get(identifier);
    if (!group) {
      group = new Set();
      topic.set(identifier, group);
    }
    group.add(connection);
    return 'confirm_subscription';
  }

  unsubscribe(connection: CableConnection, identifier: string): void {
    const organizationId = connection.subscriptions.get(identifier);
    if (organizationId === undefined) return;
    connection.subscriptions.delete(identifier);
    const topic = this.topics.get(organizationId);
    const group = topic?.get(identifier);
    if (!topic || !group) return;
    group.delete(connection);
    if (group.size === 0) topic.delete(identifier);
    if (topic.size === 0) {
      this.topics.delete(organizationId);
      this.pending.delete(organizationId);
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
    this.counters.unauthorized += 1;
    connection.disconnect(disconnectFrame('unauthorized'));
  }

  /**
   * One ping frame for everybody. Pings also apply the flow policy, so a stalled subscriber's time runs out, and a
   * recovered one is told to resync, even while its organization is quiet.
   */
  ping(): void {
    const now = this.now();
    const frame = Buffer.from(pingFrame(Math.floor(now / 1000)));
    for (const connection of this.connections) {
      if (!connection.session || !connection.isOpen) continue;
      const decision = decideFlow(connection, connection.socket.bufferedAmount, now, this.limits);
      if (decision === 'send') connection.send(frame);
      else if (decision === 'disconnect') this.disconnectSlowConsumer(connection);
    }
  }

  /** Tells every connection the server is going away and waits, at most `graceMs`, for their sockets to close. */
  async shutdown(graceMs: number): Promise<void> {
    if (this.flushHandle) clearImmediate(this.flushHandle);
    this.flushHandle = null;
    this.pending.clear();
    const farewell = disconnectFrame('server_restart');
    const closed = [...this.connections].map((connection) => {
      connection.disconnect(farewell);
      return new Promise<void>((resolve) => {
        if (connection.socket.readyState === connection.socket.CLOSED) resolve();
        else connection.socket.once('close', () => resolve());
      });
    });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.all(closed), deadline]);
    clearTimeout(timer);
    for (const connection of this.connections) connection.socket.terminate();
  }

  private flush(): void {
    this.flushHandle = null;
    const batches = this.pending;
    this.pending = new Map();
    const now = this.now();
    for (const [organizationId, messages] of batches) {
      const topic = this.topics.get(organizationId);
      if (!topic) continue;
      for (const [identifier, group] of topic) {
        const prefix = broadcastFramePrefix(identifier);
        const frames = messages.map((messageJson) => Buffer.from(broadcastFrame(prefix, messageJson)));
        for (const connection of group) this.deliver(connection, frames, now);
      }
    }
  }

  private deliver(connection: CableConnection, frames: readonly Buffer[], now: number): void {
    if (!connection.isOpen) return;
    const decision = decideFlow(connection, connection.socket.bufferedAmount, now, this.limits);
    switch (decision) {
      case 'send':
        connection.batch(() => {
          for (const frame of frames) connection.send(frame);
        });
        this.counters.sentFrames += frames.length;
        break;
      case 'drop':
        connection.droppedFrames += frames.length;
        this.counters.droppedFrames += frames.length;
        break;
      case 'disconnect':
        this.disconnectSlowConsumer(connection);
        break;
      default: {
        const unhandled: never = decision;
        throw new Error(`unknown flow decision ${String(unhandled)}`);
      }
    }
  }

  private disconnectSlowConsumer(connection: CableConnection): void {
    this.counters.slowConsumer += 1;
    // Unsubscribed first so that its remaining frames in this flush are not even considered.
    this.unsubscribeAll(connection);
    connection.disconnect(disconnectFrame('slow_consumer'));
  }

  private unsubscribeAll(connection: CableConnection): void {
    for (const identifier of [...connection.subscriptions.keys()]) this.unsubscribe(connection, identifier);
  }

  private subscribersOf(organizationId: string): Set<CableConnection> {
    const subscribers = new Set<CableConnection>();
    for (const group of this.topics.get(organizationId)?.values() ?? []) {
      for (const connection of group) subscribers.add(connection);
    }
    return subscribers;
  }
}
