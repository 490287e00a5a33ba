// The ActionCable wire format as the dashboard and the official client speak it: subprotocol choice, the
// frames the server sends, built as strings once per message. Pure string work, no sockets. The names (subprotocols,
// frame types, the EventsChannel identifier, the commands a client sends) are defined once in
// domain/cable/cableProtocol.ts, shared with the dashboard.
import {
  ACTIONCABLE_SUBPROTOCOL,
  ACTIONCABLE_UNSUPPORTED_MARKER,
  CABLE_FRAME_TYPES,
  DASHBOARD_SUBPROTOCOL,
  reconnectsAfter,
  type DisconnectReason,
} from '#domain/cable/cableProtocol';

const SUPPORTED_SUBPROTOCOLS: ReadonlySet<string> = new Set([DASHBOARD_SUBPROTOCOL, ACTIONCABLE_SUBPROTOCOL]);
/** Every protocol name a known client offers that is not its token. */
const PROTOCOL_MARKERS: ReadonlySet<string> = new Set([
  ...SUPPORTED_SUBPROTOCOLS,
  ACTIONCABLE_UNSUPPORTED_MARKER,
]);

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

export const WELCOME_FRAME = JSON.stringify({ type: CABLE_FRAME_TYPES.welcome });

export function pingFrame(unixSeconds: number): string {
  return `{"type":"${CABLE_FRAME_TYPES.ping}","message":${unixSeconds}}`;
}

export type SubscriptionReply = (typeof CABLE_FRAME_TYPES)['confirmed' | 'rejected'];

export function subscriptionReplyFrame(identifier: string, reply: SubscriptionReply): string {
  return `{"identifier":${JSON.stringify(identifier)},"type":"${reply}"}`;
}

export function disconnectFrame(reason: DisconnectReason): string {
  return JSON.stringify({ type: CABLE_FRAME_TYPES.disconnect, reason, reconnect: reconnectsAfter(reason) });
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
