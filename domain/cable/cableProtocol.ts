// The ActionCable protocol as the provider, the simulator and the dashboard speak it (docs/contract.md "Cable"),
// defined once for both sides: the subprotocol names, the EventsChannel identifier, the commands a client sends and
// the frame types and disconnect reasons the server sends. Building and reading frames on the hot path stays with
// each side (sim-server/cable/protocol.ts, client/live/cableFrames.ts); what they build or read is named here.
import * as v from 'valibot';

/** The dashboard's subprotocol; the access token is offered beside it. */
export const DASHBOARD_SUBPROTOCOL = 'datapumper';
/** The official @rails/actioncable client's subprotocol. */
export const ACTIONCABLE_SUBPROTOCOL = 'actioncable-v1-json';
/**
 * The official client offers this after the protocols it speaks so that a newer server can answer it and make the
 * client stop. A server never answers it, and it is never a token.
 */
export const ACTIONCABLE_UNSUPPORTED_MARKER = 'actioncable-unsupported';
/**
 * AnyCable's extended ActionCable protocol (docs/cable.md "Resumable streams"): a session id in `welcome`, a stream
 * position (`stream_id`, `epoch`, `offset`) on every broadcast, and history on subscribe or by command. The dashboard
 * offers it first and falls back to the plain protocols with a server that does not speak it.
 */
export const ACTIONCABLE_EXT_SUBPROTOCOL = 'actioncable-v1-ext-json';
/** The official AnyCable client's `authStrategy: 'sub-protocol'` offers its token as this prefix + token. */
export const ANYCABLE_TOKEN_PREFIX = 'anycable-token.';

export const EVENTS_CHANNEL = 'EventsChannel';

export const EventsChannelIdentifierSchema = v.object({
  channel: v.literal(EVENTS_CHANNEL),
  organization_id: v.pipe(v.string(), v.minLength(1)),
});

/** The identifier string of an organization's EventsChannel subscription, as the dashboard sends it. */
export function eventsChannelIdentifier(organizationId: string): string {
  return JSON.stringify({ channel: EVENTS_CHANNEL, organization_id: organizationId });
}

/** The stream an organization's EventsChannel broadcasts on: its name in `stream_id` and in history requests. */
export function eventsStreamName(organizationId: string): string {
  return `events:${organizationId}`;
}

/** Where a client last was on one stream: the log's epoch and the offset of the last message it got. */
export const StreamPositionSchema = v.object({
  epoch: v.string(),
  offset: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type StreamPosition = v.InferOutput<typeof StreamPositionSchema>;

/**
 * What a client asks to be sent again: per-stream positions, else everything since a moment (unix seconds). The
 * official client sends both (`since` is its last ping); positions win for the streams they name.
 */
export const HistoryRequestSchema = v.object({
  since: v.optional(v.nullable(v.number())),
  streams: v.optional(v.record(v.string(), StreamPositionSchema)),
});
export type HistoryRequest = v.InferOutput<typeof HistoryRequestSchema>;

/** The commands a server acts on; a client's `message` command and anything else are ignored. */
export const CableCommandSchema = v.object({
  command: v.picklist(['subscribe', 'unsubscribe', 'history']),
  identifier: v.string(),
  history: v.optional(HistoryRequestSchema),
});
export type CableCommand = v.InferOutput<typeof CableCommandSchema>;

/** The `type` of each frame a server sends besides broadcasts (which carry `identifier` and `message` instead). */
export const CABLE_FRAME_TYPES = {
  welcome: 'welcome',
  ping: 'ping',
  confirmed: 'confirm_subscription',
  rejected: 'reject_subscription',
  disconnect: 'disconnect',
  historyConfirmed: 'confirm_history',
  historyRejected: 'reject_history',
} as const;

export const DISCONNECT_REASONS = [
  'unauthorized',
  'slow_consumer',
  'server_restart',
  'too_many_connections',
] as const;
export type DisconnectReason = (typeof DISCONNECT_REASONS)[number];

/** Whether a client should reconnect after a disconnect for this reason (then reload what it missed). */
export function reconnectsAfter(reason: DisconnectReason): boolean {
  switch (reason) {
    case 'unauthorized':
      return false;
    // Over the cap of connections per user or token (too_many_connections) one may close; the client's backoff
    // paces the retries.
    case 'slow_consumer':
    case 'server_restart':
    case 'too_many_connections':
      return true;
    default: {
      const unhandled: never = reason;
      throw new Error(`unknown disconnect reason ${String(unhandled)}`);
    }
  }
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A client's command, or null for bad JSON, a `message` command or anything else (ignored, the socket stays). */
export function parseCableCommand(raw: string): CableCommand | null {
  const result = v.safeParse(CableCommandSchema, parsedJson(raw));
  return result.success ? result.output : null;
}

/** The organization an identifier subscribes to, or null when it is not an EventsChannel identifier. */
export function organizationOfIdentifier(identifier: string): string | null {
  const result = v.safeParse(EventsChannelIdentifierSchema, parsedJson(identifier));
  return result.success ? result.output.organization_id : null;
}
