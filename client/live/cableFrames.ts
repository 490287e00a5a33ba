// Frames of the ActionCable protocol as the provider sends them (docs/contract.md "Cable"), decoded into the
// few cases the dashboard acts on. Payloads of point and heartbeat broadcasts are checked here; a whole thing is
// checked by the domain's thing schema.
import * as v from 'valibot';
import { ServerThingSchema, type ServerThing } from '#domain/things/thing';

const nullishNumber = v.nullish(v.number());

export const PointPayloadSchema = v.looseObject({
  thing_id: v.string(),
  lat: v.number(),
  lng: v.number(),
  speed: nullishNumber,
  course: nullishNumber,
  accuracy: nullishNumber,
  enroute: v.nullish(v.boolean()),
  run_id: v.nullish(v.union([v.string(), v.number()])),
  timestamp: v.nullish(v.string()),
  street: v.nullish(v.string()),
});
export type PointPayload = v.InferOutput<typeof PointPayloadSchema>;

export const HeartbeatPayloadSchema = v.looseObject({
  thing_id: v.string(),
  lat: nullishNumber,
  lng: nullishNumber,
  speed: nullishNumber,
  course: nullishNumber,
  accuracy: nullishNumber,
  street: v.nullish(v.string()),
  enroute: v.nullish(v.boolean()),
  is_active: v.nullish(v.boolean()),
  heartbeat_datetime: v.nullish(v.string()),
});
export type HeartbeatPayload = v.InferOutput<typeof HeartbeatPayloadSchema>;

/** A broadcast the dashboard applies to its assets. */
export type LiveMessage =
  | { type: 'point'; data: PointPayload }
  | { type: 'heartbeat'; data: HeartbeatPayload }
  | { type: 'thing'; data: ServerThing };

export type CableFrame =
  | { kind: 'welcome' }
  | { kind: 'ping' }
  | { kind: 'confirmed'; identifier: string }
  | { kind: 'rejected'; identifier: string }
  | { kind: 'disconnect'; reason: string; reconnect: boolean }
  | { kind: 'message'; identifier: string; message: LiveMessage }
  /** Frames of other types (location, closure: later issues) and malformed ones. */
  | { kind: 'ignored' };

const IGNORED: CableFrame = { kind: 'ignored' };

function decodeBroadcast(message: unknown): LiveMessage | null {
  if (!message || typeof message !== 'object' || !('type' in message) || !('data' in message)) return null;
  switch (message.type) {
    case 'point': {
      const parsed = v.safeParse(PointPayloadSchema, message.data);
      return parsed.success ? { type: 'point', data: parsed.output } : null;
    }
    case 'heartbeat': {
      const parsed = v.safeParse(HeartbeatPayloadSchema, message.data);
      return parsed.success ? { type: 'heartbeat', data: parsed.output } : null;
    }
    case 'thing': {
      const parsed = v.safeParse(ServerThingSchema, message.data);
      return parsed.success ? { type: 'thing', data: parsed.output } : null;
    }
    default:
      return null;
  }
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
      const message = decodeBroadcast(record.message);
      return message ? { kind: 'message', identifier, message } : IGNORED;
    }
    default:
      return IGNORED;
  }
}

export function eventsChannelIdentifier(organizationId: string): string {
  return JSON.stringify({ channel: 'EventsChannel', organization_id: organizationId });
}
