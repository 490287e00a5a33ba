// The cable hub's bookkeeping apart from the hub itself: the shape of its subscriptions (topics and their groups),
// what it counts (deliveries, refusals, history) and how `stats()` reports them.
import type { CableStats } from './broadcaster.ts';
import type { CableConnection } from './cableConnection.ts';

/** Subscribers with one identifier string: those framed plainly and those that get stream positions. */
export type Group = { plain: Set<CableConnection>; extended: Set<CableConnection> };

/** Subscribers of one organization, grouped by the identifier string they subscribed with. */
export type Topic = Map<string, Group>;

/** Everyone subscribed to an organization, whatever the identifier string or protocol. */
export function subscribersOfTopic(topic: Topic | undefined): Set<CableConnection> {
  const subscribers = new Set<CableConnection>();
  for (const group of topic?.values() ?? []) {
    for (const connection of group.plain) subscribers.add(connection);
    for (const connection of group.extended) subscribers.add(connection);
  }
  return subscribers;
}

export type HubCounters = {
  broadcasts: number;
  sentFrames: number;
  droppedFrames: number;
  unauthorized: number;
  slowConsumer: number;
  tooManyConnections: number;
  historyFrames: number;
  historyRejected: number;
  restoredSessions: number;
};

export function newHubCounters(): HubCounters {
  return {
    broadcasts: 0,
    sentFrames: 0,
    droppedFrames: 0,
    unauthorized: 0,
    slowConsumer: 0,
    tooManyConnections: 0,
    historyFrames: 0,
    historyRejected: 0,
    restoredSessions: 0,
  };
}

export function hubStats(
  counters: HubCounters,
  connections: number,
  topics: ReadonlyMap<string, Topic>,
): CableStats {
  const subscribersByOrganization: Record<string, number> = {};
  for (const [organizationId, topic] of topics) {
    subscribersByOrganization[organizationId] = subscribersOfTopic(topic).size;
  }
  return {
    connections,
    broadcasts: counters.broadcasts,
    sentFrames: counters.sentFrames,
    droppedFrames: counters.droppedFrames,
    disconnects: {
      unauthorized: counters.unauthorized,
      slowConsumer: counters.slowConsumer,
      tooManyConnections: counters.tooManyConnections,
    },
    history: {
      frames: counters.historyFrames,
      rejected: counters.historyRejected,
      restoredSessions: counters.restoredSessions,
    },
    subscribersByOrganization,
  };
}
