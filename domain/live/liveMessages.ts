// The cable's broadcasts (docs/contract.md "Cable"): `{ type, data }` with type point, heartbeat, thing, location
// or closure. Read top to bottom: the point and heartbeat schemas (the other three are whole entities with their
// own schemas), then the decoder that turns a message into an event or a counted rejection.
import * as v from 'valibot';
import { mapServerArea, ServerAreaSchema } from '#domain/areas/area';
import { mapServerClosure, ServerClosureSchema } from '#domain/closures/closure';
import { mapServerLocation, ServerLocationSchema } from '#domain/locations/location';
import { mapServerThing, ServerThingSchema } from '#domain/things/thing';
import { mapServerAlertingZone, ServerAlertingZoneSchema } from '#domain/zones/alertingZone';
import {
  nullishBoolean,
  nullishIdLike,
  nullishNumber,
  nullishString,
  parseServerTime,
} from '#domain/wire/decode';
import type { LiveHeartbeat, LiveMessageEvent, LivePoint, ViewedOrganization } from './liveEvents.ts';
import type { LiveSettings } from './liveSettings.ts';

// ---------------------------------------------------------------------------------------------
// Wire schemas

export const LIVE_MESSAGE_TYPES = ['point', 'heartbeat', 'thing', 'location', 'closure'] as const;
export type LiveMessageType = (typeof LIVE_MESSAGE_TYPES)[number];

const finiteNumber = v.pipe(v.number(), v.finite());

export const ServerPointSchema = v.looseObject({
  id: nullishIdLike,
  thing_id: v.string(),
  lat: finiteNumber,
  lng: finiteNumber,
  speed: nullishNumber,
  course: nullishNumber,
  accuracy: nullishNumber,
  enroute: nullishBoolean,
  run_id: nullishIdLike,
  timestamp: nullishString,
  street: nullishString,
});
export type ServerPoint = v.InferOutput<typeof ServerPointSchema>;

export const ServerHeartbeatSchema = v.looseObject({
  thing_id: v.string(),
  lat: v.nullish(finiteNumber),
  lng: v.nullish(finiteNumber),
  speed: nullishNumber,
  course: nullishNumber,
  accuracy: nullishNumber,
  street: nullishString,
  enroute: nullishBoolean,
  is_active: nullishBoolean,
  heartbeat_datetime: nullishString,
});
export type ServerHeartbeat = v.InferOutput<typeof ServerHeartbeatSchema>;

/**
 * `area_deleted`, `zone_deleted` and `closure_deleted`: the id of what was deleted, and its organization (the stream's
 * audience).
 */
export const ServerDeletedSchema = v.looseObject({ id: v.string(), organization_id: v.string() });
export type ServerDeleted = v.InferOutput<typeof ServerDeletedSchema>;

// ---------------------------------------------------------------------------------------------
// Decoder

export type MessageContext = {
  now: number;
  settings: LiveSettings;
  organization: ViewedOrganization | null;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * A point that already has exactly the common shape skips the generic schema walk: this runs for every point
 * of every device, and the hand check is tens of times cheaper. Anything unusual falls through to the schema,
 * which stays the one definition of what is acceptable (a property test holds the two to agreement).
 */
export function pointFastPath(data: Record<string, unknown>): LivePoint | null {
  const { thing_id: thingId, lat, lng, speed, course, accuracy, enroute, run_id: runId, street } = data;
  if (typeof thingId !== 'string' || typeof lat !== 'number' || typeof lng !== 'number') return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (!isNullishNumber(speed) || !isNullishNumber(course) || !isNullishNumber(accuracy)) return null;
  if (enroute !== null && enroute !== undefined && typeof enroute !== 'boolean') return null;
  if (runId !== null && runId !== undefined && typeof runId !== 'string') return null;
  if (street !== null && street !== undefined && typeof street !== 'string') return null;
  const { id, timestamp } = data;
  if (id !== null && id !== undefined && typeof id !== 'string') return null;
  if (timestamp !== null && timestamp !== undefined && typeof timestamp !== 'string') return null;
  return {
    thingId,
    lat,
    lng,
    speed: speed ?? null,
    course: course ?? null,
    accuracy: accuracy ?? null,
    enroute: enroute ?? false,
    runId: runId ?? null,
    street: street ?? null,
  };
}

export function mapServerPoint(server: ServerPoint): LivePoint {
  return {
    thingId: server.thing_id,
    lat: server.lat,
    lng: server.lng,
    speed: server.speed ?? null,
    course: server.course ?? null,
    accuracy: server.accuracy ?? null,
    enroute: server.enroute ?? false,
    runId: server.run_id ?? null,
    street: server.street ?? null,
  };
}

/** The heartbeat counterpart of pointFastPath, under the same agreement with ServerHeartbeatSchema. */
export function heartbeatFastPath(data: Record<string, unknown>): LiveHeartbeat | null {
  const { thing_id: thingId, lat, lng, speed, course, accuracy, street, enroute, is_active: isActive } = data;
  const time = data.heartbeat_datetime;
  if (typeof thingId !== 'string') return null;
  if (!isNullishFinite(lat) || !isNullishFinite(lng)) return null;
  if (!isNullishNumber(speed) || !isNullishNumber(course) || !isNullishNumber(accuracy)) return null;
  if (street !== null && street !== undefined && typeof street !== 'string') return null;
  if (enroute !== null && enroute !== undefined && typeof enroute !== 'boolean') return null;
  if (isActive !== null && isActive !== undefined && typeof isActive !== 'boolean') return null;
  if (time !== null && time !== undefined && typeof time !== 'string') return null;
  return {
    thingId,
    lat: lat ?? null,
    lng: lng ?? null,
    speed: speed ?? null,
    course: course ?? null,
    accuracy: accuracy ?? null,
    street: street ?? null,
    enroute: enroute ?? null,
    isActive: isActive ?? null,
    heartbeatTime: parseServerTime(time),
  };
}

/** As valibot's number(): NaN is not a number. */
function isNullishNumber(value: unknown): value is number | null | undefined {
  return value === null || value === undefined || (typeof value === 'number' && !Number.isNaN(value));
}

function isNullishFinite(value: unknown): value is number | null | undefined {
  return value === null || value === undefined || (typeof value === 'number' && Number.isFinite(value));
}

export function mapServerHeartbeat(server: ServerHeartbeat): LiveHeartbeat {
  return {
    thingId: server.thing_id,
    lat: server.lat ?? null,
    lng: server.lng ?? null,
    speed: server.speed ?? null,
    course: server.course ?? null,
    accuracy: server.accuracy ?? null,
    street: server.street ?? null,
    enroute: server.enroute ?? null,
    isActive: server.is_active ?? null,
    heartbeatTime: parseServerTime(server.heartbeat_datetime),
  };
}

function decodeHeartbeat(data: unknown): LiveHeartbeat | null {
  if (isRecord(data)) {
    const fast = heartbeatFastPath(data);
    if (fast) return fast;
  }
  const parsed = v.safeParse(ServerHeartbeatSchema, data);
  return parsed.success ? mapServerHeartbeat(parsed.output) : null;
}

function decodePoint(data: unknown): LivePoint | null {
  if (isRecord(data)) {
    const fast = pointFastPath(data);
    if (fast) return fast;
  }
  const parsed = v.safeParse(ServerPointSchema, data);
  return parsed.success ? mapServerPoint(parsed.output) : null;
}

/** Turns one broadcast's `message` into an event; anything malformed becomes a counted rejection. */
export function decodeLiveMessage(message: unknown, context: MessageContext): LiveMessageEvent {
  const { now } = context;
  const messageType = isRecord(message) && typeof message.type === 'string' ? message.type : 'unknown';
  const data = isRecord(message) ? message.data : undefined;
  const rejected: LiveMessageEvent = { type: 'MessageRejected', messageType, now };
  switch (messageType) {
    case 'point': {
      const point = decodePoint(data);
      return point ? { type: 'PointReceived', point, now } : rejected;
    }
    case 'heartbeat': {
      const heartbeat = decodeHeartbeat(data);
      return heartbeat ? { type: 'HeartbeatReceived', heartbeat, now } : rejected;
    }
    case 'thing': {
      const parsed = v.safeParse(ServerThingSchema, data);
      if (!parsed.success) return rejected;
      return { type: 'ThingReceived', thing: mapServerThing(parsed.output, context), now };
    }
    case 'location': {
      const parsed = v.safeParse(ServerLocationSchema, data);
      return parsed.success
        ? { type: 'LocationReceived', location: mapServerLocation(parsed.output), now }
        : rejected;
    }
    case 'closure': {
      const parsed = v.safeParse(ServerClosureSchema, data);
      if (!parsed.success) return rejected;
      const closure = mapServerClosure(parsed.output, {
        now,
        settings: context.settings,
        isWzdxOrg: context.organization?.isWzdxOrg ?? false,
      });
      return { type: 'ClosureReceived', closure, now };
    }
    case 'area': {
      const parsed = v.safeParse(ServerAreaSchema, data);
      return parsed.success ? { type: 'AreaReceived', area: mapServerArea(parsed.output), now } : rejected;
    }
    case 'zone': {
      const parsed = v.safeParse(ServerAlertingZoneSchema, data);
      return parsed.success
        ? { type: 'ZoneReceived', zone: mapServerAlertingZone(parsed.output), now }
        : rejected;
    }
    case 'area_deleted':
    case 'zone_deleted':
    case 'closure_deleted': {
      const parsed = v.safeParse(ServerDeletedSchema, data);
      if (!parsed.success) return rejected;
      const id = parsed.output.id;
      if (messageType === 'area_deleted') return { type: 'AreaRemoved', areaId: id, now };
      if (messageType === 'zone_deleted') return { type: 'ZoneRemoved', zoneId: id, now };
      return { type: 'ClosureRemoved', closureId: id, now };
    }
    default:
      return rejected;
  }
}
