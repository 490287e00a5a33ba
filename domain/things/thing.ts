// A thing is an asset: a vehicle or device that reports its position (live §3 "Thing").
// Read top to bottom: the wire schema the provider sends, the client model, and the mapper between them.
// The status rules it shares with the live picture are in thingStatus.ts; the live rules that change a thing
// after it is loaded are in domain/live/.
import * as v from 'valibot';
import {
  ASSET_STATUS,
  DEFAULT_STATUS_SETTINGS,
  statusFromServerName,
  type AssetStatus,
  type StatusSettings,
} from '#domain/status/assetStatus';
import { truncateCoordinate } from '#domain/units/coordinates';
import { decodeRecords, parseServerTime, type DecodeResult } from '#domain/wire/decode';
import { judgeStatusFromRecord, refreshReviewAt } from './thingStatus.ts';

export { truncateCoordinate };
export type { DecodeResult };

// ---------------------------------------------------------------------------------------------
// Wire schema (server field names). Optional fields are nullish because the provider omits or nulls them.

const nullishString = v.nullish(v.string());
const nullishNumber = v.nullish(v.number());
const nullishBoolean = v.nullish(v.boolean());

export const DEVICE_TYPES = ['ha5', 'ha7', 'api'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const ServerOrganizationRefSchema = v.looseObject({
  id: v.string(),
  name: nullishString,
  organization_type: v.nullish(v.union([v.string(), v.looseObject({ name: nullishString })])),
});

export const ServerOrganizationRelationshipSchema = v.looseObject({
  organization_uuid: v.string(),
  organization_name: nullishString,
  relationship_type: v.picklist(['manager', 'accessor']),
});

export const ServerExternalIdentifierSchema = v.looseObject({
  identifier_id: v.string(),
  system_name: v.string(),
});

export const ServerThingSchema = v.looseObject({
  id: v.string(),
  external_id: nullishString,
  system_identifier: nullishString,
  nickname: nullishString,
  is_active: nullishBoolean,
  lat: nullishNumber,
  lng: nullishNumber,
  speed: nullishNumber,
  course: nullishNumber,
  accuracy: nullishNumber,
  enroute: nullishBoolean,
  device_type: v.nullish(v.picklist(DEVICE_TYPES)),
  heartbeat_datetime: nullishString,
  thing_type: nullishString,
  thing_subtype: nullishString,
  thing_subtype_uuid: nullishString,
  /**
   * The incident the asset is on; `arrived_at` when it joined it and `started_at` when the incident started (the
   * simulator's, issue 25).
   */
  location: v.nullish(
    v.looseObject({ id: v.string(), arrived_at: nullishString, started_at: nullishString }),
  ),
  closures: v.nullish(v.array(v.looseObject({ id: v.string(), external_id: nullishString }))),
  registry_number: nullishString,
  vin_number: nullishString,
  license_plate_number: nullishString,
  in_service: nullishBoolean,
  is_publicly_alerting: nullishBoolean,
  organization: v.nullish(ServerOrganizationRefSchema),
  street: nullishString,
  features: v.nullish(v.looseObject({ r2r: nullishBoolean })),
  organization_relationships: v.nullish(v.array(ServerOrganizationRelationshipSchema)),
  is_allowed_for_closures: nullishBoolean,
  is_allowed_for_test_mode: nullishBoolean,
  test_mode: nullishBoolean,
  is_responder: nullishBoolean,
  is_integration_org: nullishBoolean,
  external_identifiers: v.nullish(v.array(ServerExternalIdentifierSchema)),
  wzdx_enabled: nullishBoolean,
  status: nullishString,
});
export type ServerThing = v.InferOutput<typeof ServerThingSchema>;

// ---------------------------------------------------------------------------------------------
// Client model

export type LatLng = { lat: number; lng: number };
export type Integration = { name: string; id: string };
export type OrganizationRelation = {
  organizationId: string;
  organizationName: string;
  relationType: 'manager' | 'accessor';
};
export type ActiveClosureRef = { id: string; wzdxId: string | null };

export type Thing = {
  id: string;
  name: string;
  nickname: string;
  primaryDisplayName: string;
  secondaryDisplayName: string;
  systemId: string;
  externalId: string;
  deviceType: DeviceType | null;
  vinNumber: string;
  plateNumber: string;
  registryNumber: string;
  thingType: string;
  thingSubtype: string;
  thingSubtypeId: string | null;
  organizationId: string | null;
  organizationName: string;
  /** False once an admin deactivates the asset; the live picture removes it then. */
  isActive: boolean;
  inService: boolean;
  isPubliclyReporting: boolean;
  isWzdxEnabled: boolean;
  isR2REnabled: boolean;
  isTestModeOn: boolean;
  isAllowedForClosures: boolean;
  isAllowedForTestMode: boolean;
  isResponder: boolean;
  isIntegrationOrg: boolean;
  enroute: boolean;
  heartbeatTime: number | null;
  /** Server status name when the provider sends one (active_location, active, ...); derived otherwise. */
  serverStatus: string | null;
  lat: number | null;
  lng: number | null;
  position: LatLng | null;
  course: number | null;
  courseDirection: CompassDirection | null;
  speed: number | null;
  accuracy: number | null;
  street: string;
  locationId: string | null;
  isOnIncident: boolean;
  activeClosures: ActiveClosureRef[];
  integrations: Integration[];
  organizationRelations: OrganizationRelation[];

  // Live state (live §4). The mapper fills it from the record alone; domain/live/ keeps it up to date.
  status: AssetStatus;
  /** Whether `status` is the server's word (kept until live data says otherwise) or derived here. */
  statusSource: 'server' | 'derived';
  isStale: boolean;
  /** When the staleness countdown runs out; null when the asset never checked in. */
  staleAt: number | null;
  /** The latest check-in: heartbeat time, or the arrival of a point, whichever is later ("Last Online"). */
  lastCheckInTime: number | null;
  /** Since when the position has not changed; null while moving or unknown. */
  stillSince: number | null;
  runId: string | null;
  runStartTime: number | null;
  runPointsCount: number;
  isLatestPointActive: boolean;
  incidentStartTime: number | null;
  incidentEndTime: number | null;
  /**
   * When the incident the asset is on started, as its record says: the picture of a managing organization holds
   * no incident of the owner's to read it from (Time-to-Scene).
   */
  incidentOpenedTime: number | null;
  /** The station (an area of a station-view type) the asset sits in; null when out and about. */
  stationId: string | null;
  /** When alerting was seen switched off; it turns back on by itself an hour later (access §4). */
  alertingOffSince: number | null;
  /** The first moment a clock tick may change this asset (staleness, a status window, the alerting reset). */
  reviewAt: number;
};

/**
 * A copy with every field written out. The live picture copies thousands of records a batch; a literal with a
 * fixed field order gives every copy the same hidden class, where `{ ...thing }` slows down as the copied
 * records' shapes drift apart. The Thing return type makes a forgotten field a compile error.
 */
export function copyThing(thing: Thing): Thing {
  return {
    id: thing.id,
    name: thing.name,
    nickname: thing.nickname,
    primaryDisplayName: thing.primaryDisplayName,
    secondaryDisplayName: thing.secondaryDisplayName,
    systemId: thing.systemId,
    externalId: thing.externalId,
    deviceType: thing.deviceType,
    vinNumber: thing.vinNumber,
    plateNumber: thing.plateNumber,
    registryNumber: thing.registryNumber,
    thingType: thing.thingType,
    thingSubtype: thing.thingSubtype,
    thingSubtypeId: thing.thingSubtypeId,
    organizationId: thing.organizationId,
    organizationName: thing.organizationName,
    isActive: thing.isActive,
    inService: thing.inService,
    isPubliclyReporting: thing.isPubliclyReporting,
    isWzdxEnabled: thing.isWzdxEnabled,
    isR2REnabled: thing.isR2REnabled,
    isTestModeOn: thing.isTestModeOn,
    isAllowedForClosures: thing.isAllowedForClosures,
    isAllowedForTestMode: thing.isAllowedForTestMode,
    isResponder: thing.isResponder,
    isIntegrationOrg: thing.isIntegrationOrg,
    enroute: thing.enroute,
    heartbeatTime: thing.heartbeatTime,
    serverStatus: thing.serverStatus,
    lat: thing.lat,
    lng: thing.lng,
    position: thing.position,
    course: thing.course,
    courseDirection: thing.courseDirection,
    speed: thing.speed,
    accuracy: thing.accuracy,
    street: thing.street,
    locationId: thing.locationId,
    isOnIncident: thing.isOnIncident,
    activeClosures: thing.activeClosures,
    integrations: thing.integrations,
    organizationRelations: thing.organizationRelations,
    status: thing.status,
    statusSource: thing.statusSource,
    isStale: thing.isStale,
    staleAt: thing.staleAt,
    lastCheckInTime: thing.lastCheckInTime,
    stillSince: thing.stillSince,
    runId: thing.runId,
    runStartTime: thing.runStartTime,
    runPointsCount: thing.runPointsCount,
    isLatestPointActive: thing.isLatestPointActive,
    incidentStartTime: thing.incidentStartTime,
    incidentEndTime: thing.incidentEndTime,
    incidentOpenedTime: thing.incidentOpenedTime,
    stationId: thing.stationId,
    alertingOffSince: thing.alertingOffSince,
    reviewAt: thing.reviewAt,
  };
}

export const COMPASS_DIRECTIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassDirection = (typeof COMPASS_DIRECTIONS)[number];

/** Maximum integrations per asset (two telematics providers). */
export const MAX_INTEGRATIONS = 2;

// ---------------------------------------------------------------------------------------------
// Mapper

/** Eight compass steps of 45 degrees, each centred on its direction (N covers 337.5..22.5). */
export function courseToDirection(course: number | null | undefined): CompassDirection | null {
  if (course === null || course === undefined || !Number.isFinite(course)) return null;
  const normalised = ((course % 360) + 360) % 360;
  return COMPASS_DIRECTIONS[Math.round(normalised / 45) % 8] ?? null;
}

export type ThingMappingContext = {
  /** The current time; without it nothing time-dependent can be judged, so the asset reads stale and offline. */
  now?: number;
  settings?: StatusSettings;
};

export function mapServerThing(server: ServerThing, context: ThingMappingContext = {}): Thing {
  const systemId = server.system_identifier ?? '';
  const nickname = server.nickname ?? '';
  const lat = server.lat ?? null;
  const lng = server.lng ?? null;
  const position =
    lat !== null && lng !== null ? { lat: truncateCoordinate(lat), lng: truncateCoordinate(lng) } : null;
  const heartbeatTime = parseServerTime(server.heartbeat_datetime);
  const isPubliclyReporting = server.is_publicly_alerting ?? true;
  const thing: Thing = {
    id: server.id,
    name: nickname || systemId,
    nickname,
    primaryDisplayName: nickname || systemId.toUpperCase(),
    secondaryDisplayName: nickname ? systemId : '',
    systemId,
    externalId: server.external_id ?? '',
    deviceType: server.device_type ?? null,
    vinNumber: server.vin_number ?? '',
    plateNumber: server.license_plate_number ?? '',
    registryNumber: server.registry_number ?? '',
    thingType: server.thing_type ?? 'default',
    thingSubtype: server.thing_subtype ?? '',
    thingSubtypeId: server.thing_subtype_uuid ?? null,
    organizationId: server.organization?.id ?? null,
    organizationName: server.organization?.name ?? '',
    isActive: server.is_active ?? true,
    inService: server.in_service ?? true,
    isPubliclyReporting,
    isWzdxEnabled: server.wzdx_enabled ?? false,
    isR2REnabled: server.features?.r2r ?? false,
    isTestModeOn: server.test_mode ?? false,
    isAllowedForClosures: server.is_allowed_for_closures ?? false,
    isAllowedForTestMode: server.is_allowed_for_test_mode ?? false,
    isResponder: server.is_responder ?? false,
    isIntegrationOrg: server.is_integration_org ?? false,
    enroute: server.enroute ?? false,
    heartbeatTime,
    serverStatus: server.status ?? null,
    lat: position?.lat ?? null,
    lng: position?.lng ?? null,
    position,
    course: server.course ?? null,
    courseDirection: courseToDirection(server.course),
    speed: server.speed ?? null,
    accuracy: server.accuracy ?? null,
    street: server.street ?? '',
    locationId: server.location?.id ?? null,
    isOnIncident: Boolean(server.location?.id),
    activeClosures: (server.closures ?? []).map((closure) => ({
      id: closure.id,
      wzdxId: closure.external_id ?? null,
    })),
    integrations: (server.external_identifiers ?? []).slice(0, MAX_INTEGRATIONS).map((identifier) => ({
      name: identifier.system_name,
      id: identifier.identifier_id,
    })),
    organizationRelations: (server.organization_relationships ?? []).map((relation) => ({
      organizationId: relation.organization_uuid,
      organizationName: relation.organization_name ?? '',
      relationType: relation.relationship_type,
    })),
    status: ASSET_STATUS.offline,
    statusSource: 'derived',
    isStale: true,
    staleAt: null,
    lastCheckInTime: heartbeatTime,
    stillSince: null,
    runId: null,
    runStartTime: null,
    runPointsCount: 0,
    isLatestPointActive: false,
    // Known from the record itself when the incident belongs to another organization than the viewed one (a
    // managing organization sees the owner's asset on the owner's incident, whose location it does not load).
    incidentStartTime: parseServerTime(server.location?.arrived_at),
    incidentEndTime: null,
    incidentOpenedTime: parseServerTime(server.location?.started_at),
    stationId: null,
    alertingOffSince: null,
    reviewAt: Infinity,
  };
  const settings = context.settings ?? DEFAULT_STATUS_SETTINGS;
  const now = context.now ?? Infinity;
  judgeStatusFromRecord(thing, statusFromServerName(server.status), now, settings);
  if (!isPubliclyReporting && context.now !== undefined) thing.alertingOffSince = context.now;
  refreshReviewAt(thing, now, settings);
  return thing;
}

/** Records that fail the structural check are dropped and counted; they never stop the rest. */
export function decodeThings(input: unknown, context: ThingMappingContext = {}): DecodeResult<Thing> {
  return decodeRecords(ServerThingSchema, (server) => mapServerThing(server, context), input);
}
