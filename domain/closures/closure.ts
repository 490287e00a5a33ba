// A closure is a road closure: manual, automated by an asset (an arrow board, say), or fed from an external feed
// (live §3 "Closure", §4 "Closure status"). Read top to bottom: wire schema, client model, mapper, status rules and
// displayed times. The list's filter is closureList.ts; the manual switch's update is in closureRules.ts.
import * as v from 'valibot';
import { assertNever } from '#domain/checks/assertNever';
import { DEFAULT_STATUS_SETTINGS, type StatusSettings } from '#domain/status/assetStatus';
import { truncateCoordinate } from '#domain/units/coordinates';
import {
  decodeRecords,
  nullishBoolean,
  nullishIdLike,
  nullishString,
  nullishTime,
  parseServerTime,
  type DecodeResult,
} from '#domain/wire/decode';

// ---------------------------------------------------------------------------------------------
// Wire schema

export const CLOSURE_TYPES = ['manual', 'automated', 'feed'] as const;
export type ClosureType = (typeof CLOSURE_TYPES)[number];

export const CLOSURE_DIRECTIONS = ['N', 'E', 'S', 'W'] as const;
export type ClosureDirection = (typeof CLOSURE_DIRECTIONS)[number];

export const LOCATION_METHODS = [
  'channel-device-method',
  'sign-method',
  'junction-method',
  'other',
  'unknown',
] as const;
export const VEHICLE_IMPACTS = [
  'all-lanes-closed',
  'some-lanes-closed',
  'all-lanes-open',
  'alternating-one-way',
  'some-lanes-closed-merge-left',
  'some-lanes-closed-merge-right',
  'all-lanes-open-shift-left',
  'all-lanes-open-shift-right',
  'some-lanes-closed-split',
  'flagging',
  'temporary-traffic-signal',
  'unknown',
] as const;

const ServerRoutePointSchema = v.looseObject({
  lat: v.number(),
  lng: v.optional(v.number()),
  lon: v.optional(v.number()),
});
const ServerRouteSchema = v.nullish(v.array(ServerRoutePointSchema));

export const ServerClosureThingSchema = v.looseObject({
  id: v.string(),
  nickname: nullishString,
  heartbeat_datetime: nullishTime,
  system_identifier: nullishString,
  registry_number: nullishString,
  vin_number: nullishString,
  license_plate_number: nullishString,
});

/** The id travels as `uuid` in the bodies the dashboard sends; either name is read here. */
export const ServerClosureSchema = v.pipe(
  v.looseObject({
    id: v.optional(v.string()),
    uuid: v.optional(v.string()),
    closure_type: v.picklist(CLOSURE_TYPES),
    is_active: nullishBoolean,
    is_in_service: nullishBoolean,
    description: nullishString,
    alert_message: nullishString,
    // Read leniently: a direction outside N/E/S/W shows as none rather than losing the whole closure.
    direction: nullishString,
    impacted_lanes: v.nullish(v.array(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(9)))),
    street_start: nullishString,
    street_end: nullishString,
    external_id: nullishIdLike,
    geocoded_route: ServerRouteSchema,
    calculated_route: ServerRouteSchema,
    user_route: ServerRouteSchema,
    start_time: nullishTime,
    end_time: nullishTime,
    last_start_time: nullishTime,
    activation_time: nullishTime,
    is_wzdx_compliant: nullishBoolean,
    is_dashboard_managed: nullishBoolean,
    location_method: nullishString,
    vehicle_impact: nullishString,
    group_id: nullishIdLike,
    organization: v.nullish(v.looseObject({ id: v.string(), name: nullishString })),
    thing: v.nullish(ServerClosureThingSchema),
    thing_id: nullishString,
    things_associated: v.nullish(v.array(v.unknown())),
  }),
  v.check((closure) => Boolean(closure.id ?? closure.uuid), 'a closure needs an id'),
);
export type ServerClosure = v.InferOutput<typeof ServerClosureSchema>;

// ---------------------------------------------------------------------------------------------
// Client model

export const CLOSURE_STATUSES = ['active', 'standby', 'pending', 'offline', 'outOfService'] as const;
export type ClosureStatus = (typeof CLOSURE_STATUSES)[number];

export type RoutePoint = { lat: number; lng: number };

export type Closure = {
  id: string;
  thingId: string | null;
  closureType: ClosureType;
  inService: boolean;
  isActive: boolean;
  status: ClosureStatus;
  startTime: number | null;
  endTime: number | null;
  lastStartTime: number | null;
  description: string;
  secondaryDisplayName: string;
  alertMessage: string;
  direction: ClosureDirection | null;
  impactedLanes: number[];
  /** The road path drawn on the map: the geocoded route, else the calculated one. */
  routePath: RoutePoint[];
  userRoute: RoutePoint[];
  streetStart: string;
  streetEnd: string;
  isPublishOn: boolean;
  isDashboardManaged: boolean;
  wzdxId: string;
  locationMethod: string;
  vehicleImpact: string;
  groupId: string;
  isWzdxOrg: boolean;
  organizationId: string | null;
  organizationName: string;
  thingName: string;
  thingNickname: string;
  heartbeatTime: number | null;
};

// ---------------------------------------------------------------------------------------------
// Mapper

export type ClosureMappingContext = {
  now?: number;
  settings?: StatusSettings;
  /** Whether the viewed organization publishes to WZDx (the closure record does not say). */
  isWzdxOrg?: boolean;
};

function readDirection(direction: string | null | undefined): ClosureDirection | null {
  const upper = (direction ?? '').trim().toUpperCase();
  return (CLOSURE_DIRECTIONS as readonly string[]).includes(upper) ? (upper as ClosureDirection) : null;
}

function mapRoute(route: v.InferOutput<typeof ServerRouteSchema>): RoutePoint[] {
  const points: RoutePoint[] = [];
  for (const point of route ?? []) {
    const lng = point.lng ?? point.lon;
    if (lng !== undefined) points.push({ lat: truncateCoordinate(point.lat), lng: truncateCoordinate(lng) });
  }
  return points;
}

export function mapServerClosure(server: ServerClosure, context: ClosureMappingContext = {}): Closure {
  const thing = server.thing ?? null;
  const thingNickname = thing?.nickname ?? '';
  const thingName = thingNickname || (thing?.system_identifier ?? '').toUpperCase();
  const streetStart = server.street_start ?? '';
  const streetEnd = server.street_end ?? '';
  const geocoded = mapRoute(server.geocoded_route);
  const closure: Closure = {
    id: server.id ?? server.uuid ?? '',
    thingId: thing?.id ?? server.thing_id ?? null,
    closureType: server.closure_type,
    inService: server.is_in_service ?? true,
    isActive: server.is_active ?? false,
    status: 'standby',
    startTime: parseServerTime(server.start_time),
    endTime: parseServerTime(server.end_time),
    lastStartTime: parseServerTime(server.last_start_time ?? server.activation_time),
    description: server.description ?? '',
    secondaryDisplayName: thingName || [streetStart, streetEnd].filter(Boolean).join(' – '),
    alertMessage: server.alert_message ?? '',
    direction: readDirection(server.direction),
    impactedLanes: [...(server.impacted_lanes ?? [])].sort((a, b) => a - b),
    routePath: geocoded.length > 0 ? geocoded : mapRoute(server.calculated_route),
    userRoute: mapRoute(server.user_route),
    streetStart,
    streetEnd,
    isPublishOn: server.is_wzdx_compliant ?? false,
    isDashboardManaged: server.is_dashboard_managed ?? true,
    wzdxId: server.external_id ?? '',
    locationMethod: server.location_method ?? '',
    vehicleImpact: server.vehicle_impact ?? '',
    groupId: server.group_id ?? '',
    isWzdxOrg: context.isWzdxOrg ?? false,
    organizationId: server.organization?.id ?? null,
    organizationName: server.organization?.name ?? '',
    thingName,
    thingNickname,
    heartbeatTime: parseServerTime(thing?.heartbeat_datetime),
  };
  closure.status = closureStatus(
    closure,
    context.now ?? Infinity,
    context.settings ?? DEFAULT_STATUS_SETTINGS,
  );
  return closure;
}

export function decodeClosures(input: unknown, context: ClosureMappingContext = {}): DecodeResult<Closure> {
  return decodeRecords(ServerClosureSchema, (server) => mapServerClosure(server, context), input);
}

// ---------------------------------------------------------------------------------------------
// Status (live §4 "Closure status")

/**
 * Out of service outranks everything. An active closure alerts approaching drivers. An inactive automated
 * closure reads like its asset's connection: standby while the asset checked in within the standby window,
 * pending within the pending window, offline after that. Manual and feed closures are only active or standby.
 */
export function closureStatus(closure: Closure, now: number, settings: StatusSettings): ClosureStatus {
  if (!closure.inService) return 'outOfService';
  if (closure.isActive) return 'active';
  switch (closure.closureType) {
    case 'automated': {
      if (closure.heartbeatTime === null) return 'offline';
      const age = now - closure.heartbeatTime;
      if (age <= settings.standbyWindowMs) return 'standby';
      if (age <= settings.pendingWindowMs) return 'pending';
      return 'offline';
    }
    case 'manual':
    case 'feed':
      return 'standby';
    default:
      return assertNever(closure.closureType);
  }
}

export const CLOSURE_STATUS_LABELS: Readonly<Record<ClosureStatus, string>> = {
  active: 'Active',
  standby: 'Standby',
  pending: 'Pending',
  offline: 'Offline',
  outOfService: 'Out-of-service',
};

export const CLOSURE_TYPE_LABELS: Readonly<Record<ClosureType, string>> = {
  manual: 'Manual',
  automated: 'Automated',
  feed: 'Feed',
};

// ---------------------------------------------------------------------------------------------
// Displayed times

export type ClosureDisplayedTimes = { start: number | null; end: number | null };

/**
 * A manual closure shows its own start and end while it is active or scheduled (start or end still ahead). Any
 * other closure shows when it last started — for automated closures, when the asset last turned it on — and no end.
 */
/**
 * When a scheduled closure starts: a manual closure not yet active whose start is still ahead, or null. Its status
 * reads Standby like any inactive closure, so the screens say beside it that it is scheduled and when (issue 37).
 */
export function scheduledStartOf(closure: Closure, now: number): number | null {
  if (closure.closureType !== 'manual' || closure.isActive) return null;
  return closure.startTime !== null && closure.startTime > now ? closure.startTime : null;
}

/** "Scheduled, starts {time}": what the list and the detail say beside a scheduled closure's Standby. */
export function scheduledText(startText: string): string {
  return `Scheduled, starts ${startText}`;
}

export function displayedClosureTimes(closure: Closure, now: number): ClosureDisplayedTimes {
  if (closure.closureType === 'manual') {
    const scheduled =
      (closure.startTime !== null && closure.startTime > now) ||
      (closure.endTime !== null && closure.endTime > now);
    if (closure.isActive || scheduled) return { start: closure.startTime, end: closure.endTime };
  }
  return { start: closure.lastStartTime, end: null };
}
