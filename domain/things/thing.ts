// A thing is an asset: a vehicle or device that reports its position (live §3 "Thing").
// Read top to bottom: the wire schema the provider sends, the client model, and the mapper between them.
import * as v from 'valibot';

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
  location: v.nullish(v.looseObject({ id: v.string() })),
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
  inService: boolean;
  isPubliclyReporting: boolean;
  isWzdxEnabled: boolean;
  isR2REnabled: boolean;
  isTestModeOn: boolean;
  isAllowedForClosures: boolean;
  isAllowedForTestMode: boolean;
  isResponder: boolean;
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
  activeClosures: { id: string; wzdxId: string | null }[];
  integrations: Integration[];
  organizationRelations: OrganizationRelation[];
};

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

/** Coordinates are truncated, not rounded, to 7 decimals (live §9). */
export function truncateCoordinate(value: number): number {
  return Math.trunc(value * 1e7) / 1e7;
}

function parseTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

export function mapServerThing(server: ServerThing): Thing {
  const systemId = server.system_identifier ?? '';
  const nickname = server.nickname ?? '';
  const lat = server.lat ?? null;
  const lng = server.lng ?? null;
  const position = lat !== null && lng !== null ? { lat: truncateCoordinate(lat), lng: truncateCoordinate(lng) } : null;
  return {
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
    inService: server.in_service ?? true,
    isPubliclyReporting: server.is_publicly_alerting ?? true,
    isWzdxEnabled: server.wzdx_enabled ?? false,
    isR2REnabled: server.features?.r2r ?? false,
    isTestModeOn: server.test_mode ?? false,
    isAllowedForClosures: server.is_allowed_for_closures ?? false,
    isAllowedForTestMode: server.is_allowed_for_test_mode ?? false,
    isResponder: server.is_responder ?? false,
    enroute: server.enroute ?? false,
    heartbeatTime: parseTime(server.heartbeat_datetime),
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
  };
}

export type DecodeResult<T> = { records: T[]; dropped: number };

/** Records that fail the structural check are dropped and counted; they never stop the rest. */
export function decodeThings(input: unknown): DecodeResult<Thing> {
  if (!Array.isArray(input)) return { records: [], dropped: 0 };
  const records: Thing[] = [];
  let dropped = 0;
  for (const raw of input) {
    const result = v.safeParse(ServerThingSchema, raw);
    if (result.success) records.push(mapServerThing(result.output));
    else dropped += 1;
  }
  return { records, dropped };
}
