// A thing's wire JSON (live §3, docs/contract.md) in two parts: what changes only with the thing's registration
// or sharing (kept as a ready JSON prefix in the projection) and what every telemetry sample changes (appended
// per request). Building 10,000 things is then string concatenation instead of object building and serialising.
import type { DeviceType } from '#domain/things/thing';
import type { ThingRecord, ThingRelationshipRecord } from '../store/events.ts';
import type { ThingLinks } from './thingLinkProjection.ts';

/** The whole thing as a client receives it. */
export type ThingJson = {
  id: string;
  external_id: string | null;
  system_identifier: string;
  nickname: string | null;
  device_type: DeviceType;
  thing_type: string;
  thing_subtype: string | null;
  thing_subtype_uuid: string | null;
  location: { id: string; arrived_at: string; started_at: string } | null;
  closures: { id: string; external_id: string | null }[];
  registry_number: string | null;
  vin_number: string | null;
  license_plate_number: string | null;
  in_service: boolean;
  is_publicly_alerting: boolean;
  organization: { id: string; name: string; organization_type: { name: string; acs: boolean } };
  features: { r2r: boolean };
  organization_relationships: ThingRelationshipRecord[];
  is_allowed_for_closures: boolean;
  is_allowed_for_test_mode: boolean;
  test_mode: boolean;
  is_responder: boolean;
  is_integration_org: boolean;
  external_identifiers: { identifier_id: string; system_name: string }[];
  wzdx_enabled: boolean;
  status: string | null;
  // Changed by telemetry:
  is_active: boolean;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  course: number | null;
  accuracy: number | null;
  enroute: boolean;
  heartbeat_datetime: string | null;
  street: string | null;
};

type FixedThingJson = Omit<
  ThingJson,
  'is_active' | 'lat' | 'lng' | 'speed' | 'course' | 'accuracy' | 'enroute' | 'heartbeat_datetime' | 'street'
>;

export type OrganizationRefRow = { name: string; type_name: string; acs: number };

/** The fields telemetry does not change, as a JSON object without its closing brace. */
export function thingWirePrefix(
  record: ThingRecord,
  organization: OrganizationRefRow,
  links: ThingLinks,
): string {
  const fixed: FixedThingJson = {
    id: record.id,
    external_id: record.external_id,
    system_identifier: record.system_identifier,
    nickname: record.nickname,
    device_type: record.device_type,
    thing_type: record.thing_type,
    thing_subtype: record.thing_subtype,
    thing_subtype_uuid: record.thing_subtype_uuid,
    location: links.location,
    closures: links.closures,
    registry_number: record.registry_number,
    vin_number: record.vin_number,
    license_plate_number: record.license_plate_number,
    in_service: record.in_service,
    is_publicly_alerting: record.is_publicly_alerting,
    organization: {
      id: record.organization_id,
      name: organization.name,
      organization_type: { name: organization.type_name, acs: organization.acs === 1 },
    },
    features: { r2r: record.features.r2r },
    organization_relationships: record.organization_relationships,
    is_allowed_for_closures: record.is_allowed_for_closures,
    is_allowed_for_test_mode: record.is_allowed_for_test_mode,
    test_mode: record.test_mode,
    is_responder: record.is_responder,
    is_integration_org: record.is_integration_org,
    external_identifiers: record.external_identifiers,
    wzdx_enabled: record.wzdx_enabled,
    // Left to the client's derivation until the simulator models incidents and closures.
    status: null,
  };
  return JSON.stringify(fixed).slice(0, -1);
}

export type ThingStateRow = {
  lat: number | null;
  lng: number | null;
  speed: number | null;
  course: number | null;
  accuracy: number | null;
  enroute: number;
  heartbeat_at: number | null;
  street: string | null;
};

// JSON text of a finite number or null; SQLite hands back only finite REALs or NULL.
const number = (value: number | null) => (value === null ? 'null' : String(value));

/** The whole thing as JSON text: the stored prefix plus the fields that change. */
export function thingJsonText(prefix: string, isActive: boolean, state: ThingStateRow): string {
  const heartbeat = state.heartbeat_at === null ? 'null' : `"${new Date(state.heartbeat_at).toISOString()}"`;
  return (
    `${prefix},"is_active":${isActive},"lat":${number(state.lat)},"lng":${number(state.lng)}` +
    `,"speed":${number(state.speed)},"course":${number(state.course)},"accuracy":${number(state.accuracy)}` +
    `,"enroute":${state.enroute === 1},"heartbeat_datetime":${heartbeat},"street":${JSON.stringify(state.street)}}`
  );
}
