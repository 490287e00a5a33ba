// Frames of the ActionCable protocol as the provider sends them (docs/contract.md "Cable"), decoded into the
// few cases the dashboard acts on, with the extended protocol's session id, stream positions and history replies
// (docs/cable.md "Resumable streams"); the frame types are named once in domain/cable/cableProtocol.ts. Decoded by hand,
// not with a schema: every broadcast passes here. Broadcast payloads are left to the domain's decoder.
import { CABLE_FRAME_TYPES } from '#domain/cable/cableProtocol';

/**
 * A broadcast's `message` (`{ type, data }`), passed on undecoded: the domain pipeline checks and decodes every
 * live message type (domain/live/liveMessages.ts), so checking here as well would only cost time per message.
 */
export type LiveMessage = { type: string; data: unknown };

/** Where a broadcast stands in its stream (extended protocol): what a reconnect resumes after. */
export type StreamPosition = { epoch: string; offset: number };

export type CableFrame =
  /** `sid` is present when the server speaks the extended protocol (and so can resume streams). */
  | { kind: 'welcome'; sid: string | null }
  | { kind: 'ping'; at: number | null }
  | { kind: 'confirmed'; identifier: string }
  | { kind: 'rejected'; identifier: string }
  | { kind: 'historyConfirmed'; identifier: string }
  | { kind: 'historyRejected'; identifier: string }
  | { kind: 'disconnect'; reason: string; reconnect: boolean }
  | { kind: 'message'; identifier: string; message: LiveMessage; position: StreamPosition | null }
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
    case CABLE_FRAME_TYPES.welcome:
      return { kind: 'welcome', sid: typeof record.sid === 'string' ? record.sid : null };
    case CABLE_FRAME_TYPES.ping:
      return { kind: 'ping', at: typeof record.message === 'number' ? record.message : null };
    case CABLE_FRAME_TYPES.confirmed:
      return { kind: 'confirmed', identifier };
    case CABLE_FRAME_TYPES.rejected:
      return { kind: 'rejected', identifier };
    case CABLE_FRAME_TYPES.historyConfirmed:
      return { kind: 'historyConfirmed', identifier };
    case CABLE_FRAME_TYPES.historyRejected:
      return { kind: 'historyRejected', identifier };
    case CABLE_FRAME_TYPES.disconnect:
      return {
        kind: 'disconnect',
        reason: typeof record.reason === 'string' ? record.reason : '',
        reconnect: record.reconnect !== false,
      };
    case undefined: {
      if (!identifier || !('message' in record)) return IGNORED;
      const message = broadcastOf(record.message);
      if (!message) return IGNORED;
      const { epoch, offset } = record;
      const position =
        typeof epoch === 'string' && typeof offset === 'number' && Number.isInteger(offset) && offset >= 0
          ? { epoch, offset }
          : null;
      return { kind: 'message', identifier, message, position };
    }
    default:
      return IGNORED;
  }
}
