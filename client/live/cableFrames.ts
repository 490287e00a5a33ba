// Frames of the ActionCable protocol as the provider sends them (docs/contract.md "Cable"), decoded into the
// few cases the dashboard acts on. Broadcast payloads are left to the domain's decoder.
/**
 * A broadcast's `message` (`{ type, data }`), passed on undecoded: the domain pipeline checks and decodes every
 * live message type (domain/live/liveMessages.ts), so checking here as well would only cost time per message.
 */
export type LiveMessage = { type: string; data: unknown };

export type CableFrame =
  | { kind: 'welcome' }
  | { kind: 'ping' }
  | { kind: 'confirmed'; identifier: string }
  | { kind: 'rejected'; identifier: string }
  | { kind: 'disconnect'; reason: string; reconnect: boolean }
  | { kind: 'message'; identifier: string; message: LiveMessage }
  /** Frames of other types and malformed ones. */
  | { kind: 'ignored' };

const IGNORED: CableFrame = { kind: 'ignored' };

function broadcastOf(message: unknown): LiveMessage | null {
  if (!message || typeof message !== 'object' || !('type' in message) || !('data' in message)) return null;
  return typeof message.type === 'string' ? { type: message.type, data: message.data } : null;
}

export function decodeCableFrame(text: string): CableFrame {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return IGNORED;
  }
  if (!frame || typeof frame !== 'object') return IGNORED;
  const record = frame as Record<string, unknown>;
  const identifier = typeof record.identifier === 'string' ? record.identifier : '';
  switch (record.type) {
    case 'welcome':
      return { kind: 'welcome' };
    case 'ping':
      return { kind: 'ping' };
    case 'confirm_subscription':
      return { kind: 'confirmed', identifier };
    case 'reject_subscription':
      return { kind: 'rejected', identifier };
    case 'disconnect':
      return {
        kind: 'disconnect',
        reason: typeof record.reason === 'string' ? record.reason : '',
        reconnect: record.reconnect !== false,
      };
    case undefined: {
      if (!identifier || !('message' in record)) return IGNORED;
      const message = broadcastOf(record.message);
      return message ? { kind: 'message', identifier, message } : IGNORED;
    }
    default:
      return IGNORED;
  }
}

export function eventsChannelIdentifier(organizationId: string): string {
  return JSON.stringify({ channel: 'EventsChannel', organization_id: organizationId });
}
