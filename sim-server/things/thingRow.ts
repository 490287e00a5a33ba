// The things row and the registration record it stands for, mapped both ways in one place, so registration, edits and
// lookups write and read the same columns. Flags are stored as 0/1 and lists as JSON.
import { toFlag } from '../store/database.ts';
import type { SimBehaviour, ThingRecord } from '../store/events.ts';

export type ThingRow = {
  id: string;
  organization_id: string;
  external_id: string | null;
  system_identifier: string;
  nickname: string | null;
  device_type: ThingRecord['device_type'];
  thing_type: string;
  thing_subtype: string | null;
  thing_subtype_uuid: string | null;
  registry_number: string | null;
  vin_number: string | null;
  license_plate_number: string | null;
  in_service: number;
  is_publicly_alerting: number;
  r2r: number;
  is_allowed_for_closures: number;
  is_allowed_for_test_mode: number;
  test_mode: number;
  is_responder: number;
  is_integration_org: number;
  wzdx_enabled: number;
  external_identifiers: string;
  organization_relationships: string;
  sim_behaviour: SimBehaviour;
};

/** The registration record a things row stands for. */
export function thingRecordOfRow(row: ThingRow): ThingRecord {
  return {
    id: row.id,
    organization_id: row.organization_id,
    external_id: row.external_id,
    system_identifier: row.system_identifier,
    nickname: row.nickname,
    device_type: row.device_type,
    thing_type: row.thing_type,
    thing_subtype: row.thing_subtype,
    thing_subtype_uuid: row.thing_subtype_uuid,
    registry_number: row.registry_number,
    vin_number: row.vin_number,
    license_plate_number: row.license_plate_number,
    in_service: row.in_service === 1,
    is_publicly_alerting: row.is_publicly_alerting === 1,
    features: { r2r: row.r2r === 1 },
    is_allowed_for_closures: row.is_allowed_for_closures === 1,
    is_allowed_for_test_mode: row.is_allowed_for_test_mode === 1,
    test_mode: row.test_mode === 1,
    is_responder: row.is_responder === 1,
    is_integration_org: row.is_integration_org === 1,
    wzdx_enabled: row.wzdx_enabled === 1,
    external_identifiers: JSON.parse(row.external_identifiers) as ThingRecord['external_identifiers'],
    organization_relationships: JSON.parse(
      row.organization_relationships,
    ) as ThingRecord['organization_relationships'],
    sim_behaviour: row.sim_behaviour,
  };
}

/** The row's columns for a record (without `wire_prefix`, which needs the organization and the links). */
export function thingRowOf(record: ThingRecord): ThingRow {
  return {
    id: record.id,
    organization_id: record.organization_id,
    external_id: record.external_id,
    system_identifier: record.system_identifier,
    nickname: record.nickname,
    device_type: record.device_type,
    thing_type: record.thing_type,
    thing_subtype: record.thing_subtype,
    thing_subtype_uuid: record.thing_subtype_uuid,
    registry_number: record.registry_number,
    vin_number: record.vin_number,
    license_plate_number: record.license_plate_number,
    in_service: toFlag(record.in_service),
    is_publicly_alerting: toFlag(record.is_publicly_alerting),
    r2r: toFlag(record.features.r2r),
    is_allowed_for_closures: toFlag(record.is_allowed_for_closures),
    is_allowed_for_test_mode: toFlag(record.is_allowed_for_test_mode),
    test_mode: toFlag(record.test_mode),
    is_responder: toFlag(record.is_responder),
    is_integration_org: toFlag(record.is_integration_org),
    wzdx_enabled: toFlag(record.wzdx_enabled),
    external_identifiers: JSON.stringify(record.external_identifiers),
    organization_relationships: JSON.stringify(record.organization_relationships),
    sim_behaviour: record.sim_behaviour,
  };
}
