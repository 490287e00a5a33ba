// The ActionCable wire format as the dashboard and the official client speak it: subprotocol choice, the
// commands a client sends, and the frames the server sends. Pure string work, no sockets.

export const DASHBOARD_SUBPROTOCOL = 'datapumper';
export const ACTIONCABLE_SUBPROTOCOL = 'actioncable-v1-json';
/**
 * The official client offers this after the protocols it speaks so that a newer server can answer it and make the
 * client stop. We never answer it, and it is never a token.
 */
export const ACTIONCABLE_UNSUPPORTED_MARKER = 'actioncable-unsupported';
const SUPPORTED_SUBPROTOCOLS: ReadonlySet<string> = new Set([DASHBOARD_SUBPROTOCOL, ACTIONCABLE_SUBPROTOCOL]);
/** Every protocol name a known client offers that is not its token. */
const PROTOCOL_MARKERS: ReadonlySet<string> = new Set([
  ...SUPPORTED_SUBPROTOCOLS,
  ACTIONCABLE_UNSUPPORTED_MARKER,
]);

export const EVENTS_CHANNEL = 'EventsChannel';

export type SubprotocolOffer = {
  /** The supported subprotocol the client offered first, or null when it offered none we speak. */
  selected: string | null;
  /**
   * The first offered subprotocol that is no protocol marker: the dashboard, and the official client after
   * `addSubProtocol(token)`, pass the access token this way.
   */
  token: string | null;
};

export function readSubprotocolOffer(offered: Iterable<string>): SubprotocolOffer {
  let selected: string | null = null;
  let token: string | null = null;
  for (const protocol of offered) {
    if (SUPPORTED_SUBPROTOCOLS.has(protocol)) selected ??= protocol;
    else if (!PROTOCOL_MARKERS.has(protocol)) token ??= protocol;
  }
  return { selected, token };
}

/** Splits a `Sec-WebSocket-Protocol` request header into the offered subprotocols, in the client's order. */
export function offeredSubprotocols(header: string | string[] | undefined): string[] {
  const joined = Array.isArray(header) ? header.join(',') : (header ?? '');
  return joined
    .split(',')
    .map((protocol) => protocol.trim())
    .filter((protocol) => protocol.length > 0);
}

export type CableCommand = { command: 'subscribe' | 'unsubscribe'; identifier: string };

/** The commands the server acts on; anything else (bad JSON, `message`, unknown commands) is null and ignored. */
export function parseCommand(raw: string): CableCommand | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { command, identifier } = parsed as Record<string, unknown>;
  if (typeof identifier !== 'string') return null;
  if (command === 'subscribe' || command === 'unsubscribe') return { command, identifier };
  return null;
}

/** The organization an identifier subscribes to, or null when it is not an EventsChannel identifier. */
export function organizationOfIdentifier(identifier: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(identifier);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { channel, organization_id: organizationId } = parsed as Record<string, unknown>;
  if (channel !== EVENTS_CHANNEL) return null;
  if (typeof organizationId !== 'string' || organizationId.length === 0) return null;
  return organizationId;
}

export const WELCOME_FRAME = '{"type":"welcome"}';

export function pingFrame(unixSeconds: number): string {
  return `{"type":"ping","message":${unixSeconds}}`;
}

export type SubscriptionReply = 'confirm_subscription' | 'reject_subscription';

export function subscriptionReplyFrame(identifier: string, reply: SubscriptionReply): string {
  return `{"identifier":${JSON.stringify(identifier)},"type":"${reply}"}`;
}

export type DisconnectReason = 'unauthorized' | 'slow_consumer' | 'server_restart';

export function disconnectFrame(reason: DisconnectReason): string {
  return JSON.stringify({ type: 'disconnect', reason, reconnect: reconnectsAfter(reason) });
}

function reconnectsAfter(reason: DisconnectReason): boolean {
  switch (reason) {
    case 'unauthorized':
      return false;
    case 'slow_consumer':
    case 'server_restart':
      return true;
    default: {
      const unhandled: never = reason;
      throw new Error(`unknown disconnect reason ${String(unhandled)}`);
    }
  }
}

/** `{"type":T,"data":...}`, serialised once per broadcast and shared by every identifier it is framed with. */
export function broadcastMessageJson(type: string, data: unknown): string {
  return `{"type":${JSON.stringify(type)},"data":${JSON.stringify(data) ?? 'null'}}`;
}

/** The part of a broadcast frame before the message; built once per distinct identifier string. */
export function broadcastFramePrefix(identifier: string): string {
  return `{"identifier":${JSON.stringify(identifier)},"message":`;
}

export function broadcastFrame(prefix: string, messageJson: string): string {
  return `${prefix}${messageJson}}`;
}
