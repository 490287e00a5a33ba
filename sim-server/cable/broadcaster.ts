// The seam between what changes in the simulator and the dashboards that watch it.
// Writers (REST handlers, ingestion, replay) call `broadcast`; the cable plugin delivers to subscribers.

export const CABLE_MESSAGE_TYPES = ['point', 'thing', 'heartbeat', 'location', 'closure'] as const;
export type CableMessageType = (typeof CABLE_MESSAGE_TYPES)[number];

export interface Broadcaster {
  /** Sends `{type, data}` to every subscriber of the organization's EventsChannel stream. */
  broadcast(organizationId: string, type: CableMessageType, data: unknown): void;
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
