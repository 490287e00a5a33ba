// The seam between what changes in the simulator and the dashboards that watch it.
// Writers (REST handlers, ingestion, replay) call `broadcast`; the cable plugin delivers to subscribers.

export const CABLE_MESSAGE_TYPES = ['point', 'thing', 'heartbeat', 'location', 'closure'] as const;
export type CableMessageType = (typeof CABLE_MESSAGE_TYPES)[number];

export interface Broadcaster {
  /** Sends `{type, data}` to every subscriber of the organization's EventsChannel stream. */
  broadcast(organizationId: string, type: CableMessageType, data: unknown): void;
  /** The same message to several organizations, serialised once (and not at all when none has a subscriber). */
  broadcastToEach(organizationIds: readonly string[], type: CableMessageType, data: unknown): void;
  /** Connections subscribed to the organization, or to any organization when none is given. */
  subscriberCount(organizationId?: string): number;
}

/** Who a cable connection belongs to, resolved from its access token. */
export type CableSession = {
  userId: string;
  /** Organizations this user may subscribe to: own, managed and accessed. */
  organizationIds: ReadonlySet<string>;
};

export type ResolveCableSession = (token: string) => CableSession | null | Promise<CableSession | null>;

/** Counters the load test reads to tell delivery, shedding and disconnects apart. */
export type CableStats = {
  /** Open websocket connections, authenticated or not yet. */
  connections: number;
  /** `broadcast` calls, whether or not the organization had subscribers. */
  broadcasts: number;
  /** Broadcast frames written to a subscriber's socket. */
  sentFrames: number;
  /** Broadcast frames not written because the subscriber was over the high-water mark. */
  droppedFrames: number;
  disconnects: { unauthorized: number; slowConsumer: number };
  /** Distinct connections per subscribed organization. */
  subscribersByOrganization: Record<string, number>;
};

/** The broadcaster the cable endpoint decorates the app with: the writers' seam plus its counters. */
export interface CableBroadcaster extends Broadcaster {
  stats(): CableStats;
  /** Disconnects (`unauthorized`, no reconnect) every open connection of the user, whose sessions have ended;
   * returns how many there were. */
  endSessionsOf(userId: string): number;
}
