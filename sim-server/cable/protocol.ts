// The ActionCable wire format as the dashboard and the official client speak it: subprotocol choice, the
// frames the server sends, built as strings once per message. Pure string work, no sockets. The names (subprotocols,
// frame types, the EventsChannel identifier, the commands a client sends) are defined once in
// domain/cable/cableProtocol.ts, shared with the dashboard.
import {
  ACTIONCABLE_EXT_SUBPROTOCOL,
  ACTIONCABLE_SUBPROTOCOL,
  ACTIONCABLE_UNSUPPORTED_MARKER,
  ANYCABLE_TOKEN_PREFIX,
  CABLE_FRAME_TYPES,
  DASHBOARD_SUBPROTOCOL,
  reconnectsAfter,
  type DisconnectReason,
} from '#domain/cable/cableProtocol';

const SUPPORTED_SUBPROTOCOLS: ReadonlySet<string> = new Set([
  DASHBOARD_SUBPROTOCOL,
  ACTIONCABLE_SUBPROTOCOL,
  ACTIONCABLE_EXT_SUBPROTOCOL,
]);
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
    else if (protocol.startsWith(ANYCABLE_TOKEN_PREFIX))
      token ??= protocol.slice(ANYCABLE_TOKEN_PREFIX.length) || null;
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

/** Whether the answered subprotocol is the extended one: session ids, stream positions and history. */
export function speaksExtendedProtocol(subprotocol: string): boolean {
  return subprotocol === ACTIONCABLE_EXT_SUBPROTOCOL;
}

/** The extended welcome: the session id to restore with, and on a restore the identifiers already subscribed. */
export function extendedWelcomeFrame(sid: string, restoredIds: readonly string[] | null): string {
  return JSON.stringify(
    restoredIds === null
      ? { type: CABLE_FRAME_TYPES.welcome, sid }
      : { type: CABLE_FRAME_TYPES.welcome, sid, restored: true, restored_ids: restoredIds },
  );
}

export type HistoryReply = (typeof CABLE_FRAME_TYPES)['historyConfirmed' | 'historyRejected'];

export function historyReplyFrame(identifier: string, reply: HistoryReply): string {
  return `{"identifier":${JSON.stringify(identifier)},"type":"${reply}"}`;
}

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

/** `,"stream_id":S,"epoch":E,"offset":` — the extended frame's position before the offset; once per stream. */
export function streamPositionPrefix(streamName: string, epoch: string): string {
  return `,"stream_id":${JSON.stringify(streamName)},"epoch":${JSON.stringify(epoch)},"offset":`;
}

/** The extended frame: the plain one with the stream position added; `offset` < 0 means the message has none. */
export function extendedBroadcastFrame(
  prefix: string,
  messageJson: string,
  positionPrefix: string,
  offset: number,
): string {
  return offset < 0 ? `${prefix}${messageJson}}` : `${prefix}${messageJson}${positionPrefix}${offset}}`;
}
