// The seam between what changes in the simulator and the dashboards that watch it.
// Writers never call it: they append events, the one subscriber on the log's committed events
// (committedBroadcasts.ts) publishes them to the bus (sim-server/bus/), and what the bus delivers is handed to
// `broadcastToEach` / `broadcastJsonToEach` (busDeliveries.ts); the cable hub delivers to subscribers.

export const CABLE_MESSAGE_TYPES = [
  'point',
  'thing',
  'heartbeat',
  'location',
  'closure',
  'closure_deleted',
  'area',
  'area_deleted',
  'zone',
  'zone_deleted',
  'alarm',
  'alarms_acknowledged',
  'alarms_cleared',
] as const;
export type CableMessageType = (typeof CABLE_MESSAGE_TYPES)[number];

export interface Broadcaster {
  /**
   * Sends `{type, data}` to every subscriber of the organization's EventsChannel stream. `offset` is the message's
   * position in the stream (the seq of the log event it comes from), which extended-protocol clients resume from;
   * omitted, the message carries none.
   */
  broadcast(organizationId: string, type: CableMessageType, data: unknown, offset?: number): void;
  /** The same message to several organizations, serialised once (and not at all when none has a subscriber). */
  broadcastToEach(
    organizationIds: readonly string[],
    type: CableMessageType,
    data: unknown,
    offset?: number,
  ): void;
  /**
   * The same with the message already serialised as `{"type":…,"data":…}`: what a bus that crossed a wire (Redis
   * Streams, sim-server/bus/) hands over, so it is not parsed and serialised again.
   */
  broadcastJsonToEach(organizationIds: readonly string[], messageJson: string, offset?: number): void;
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

/** A stream's messages after a position: offsets and `{type,data}` JSON in stream order (cableHistory.ts). */
export type CableHistoryPage = {
  offsets: number[];
  messages: string[];
  /** The log's last position when it was read: everything up to it is in the page or not for this stream. */
  lastOffset: number;
  /** The recording time (unix ms) of each message's log event, when the source read it: a replay paces by it. */
  recordedAts?: number[];
};

/** Where a history replay starts: after a stream position, or at a moment (unix ms). */
export type CableHistoryStart = { afterOffset: number } | { sinceMs: number };

/** A history read in slices: each `next` reads at most `maxPositions` more log positions, to the log's end. */
export interface CableHistoryReader {
  /** `done`: the slice reached the log's end as it was during this call, which is its `lastOffset`. */
  next(maxPositions: number): CableHistoryPage & { done: boolean };
}

/** The event log as history for the extended protocol (docs/cable.md "Resumable streams"). */
export interface CableHistorySource {
  /** Names the log: the same across restarts, new when the log is created anew. */
  epoch(): string;
  /**
   * The organization's stream after `start`, mapped exactly as the live broadcasts are; null when the log no longer
   * reaches back that far (retention) or the replay would be too long, and the client must reload instead.
   */
  read(organizationId: string, start: CableHistoryStart): CableHistoryPage | null;
  /** The same, to be read in slices so that a long gap does not hold the event loop; without it, `read` is used. */
  open?(organizationId: string, start: CableHistoryStart): CableHistoryReader | null;
}

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
  /** `tooManyConnections`: refused over the cap per user or per token (connectionCaps.ts). */
  disconnects: { unauthorized: number; slowConsumer: number; tooManyConnections: number };
  /** Messages sent from history, and history requests answered `reject_history`. */
  history: { frames: number; rejected: number; restoredSessions: number };
  /** Distinct connections per subscribed organization. */
  subscribersByOrganization: Record<string, number>;
};

/** The broadcaster the cable endpoint decorates the app with: the writers' seam plus its counters. */
export interface CableBroadcaster extends Broadcaster {
  stats(): CableStats;
  /** Disconnects (`unauthorized`, no reconnect) every open connection of the user, whose sessions have ended;
   * returns how many there were. */
  endSessionsOf(userId: string): number;
  /** Disconnects every open connection with `server_restart` (reconnect, then resume from its offsets); how many. */
  resyncAll(): number;
  /** Serves history requests from now on (the broadcast plugin hands it the event log's). */
  useHistory(source: CableHistorySource): void;
}
