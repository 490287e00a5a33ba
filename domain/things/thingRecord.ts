// A thing exactly as the simulator writes it on the wire (live §3, docs/contract.md "Assets"): an entry of
// `GET /api/organization/things`, the answer of `PUT /api/things/{id}` and the cable's `thing` message. The dashboard
// reads the provider's records leniently (thing.ts); this strict form documents the simulator's answers.
import * as v from 'valibot';
import { DEVICE_TYPES } from './thing.ts';

const nullableString = v.nullable(v.string());
const nullableNumber = v.nullable(v.number());

export const ThingRelationshipRecordSchema = v.object({
  organization_uuid: v.string(),
  organization_name: v.string(),
  relationship_type: v.picklist(['manager', 'accessor']),
});
export type ThingRelationshipRecord = v.InferOutput<typeof ThingRelationshipRecordSchema>;

export const ThingWireRecordSchema = v.object({
  id: v.string(),
  external_id: nullableString,
  system_identifier: v.string(),
  nickname: nullableString,
  is_active: v.boolean(),
  lat: nullableNumber,
  lng: nullableNumber,
  speed: nullableNumber,
  course: nullableNumber,
  accuracy: nullableNumber,
  enroute: v.boolean(),
  device_type: v.picklist(DEVICE_TYPES),
  heartbeat_datetime: nullableString,
  thing_type: v.string(),
  thing_subtype: nullableString,
  thing_subtype_uuid: nullableString,
  /** The incident the thing is on, when the thing arrived there and when the incident started (ISO 8601). */
  location: v.nullable(v.object({ id: v.string(), arrived_at: v.string(), started_at: v.string() })),
  closures: v.array(v.object({ id: v.string(), external_id: nullableString })),
  registry_number: nullableString,
  vin_number: nullableString,
  license_plate_number: nullableString,
  in_service: v.boolean(),
  is_publicly_alerting: v.boolean(),
  organization: v.object({
    id: v.string(),
    name: v.string(),
    organization_type: v.object({ name: v.string(), acs: v.boolean() }),
  }),
  street: nullableString,
  features: v.object({ r2r: v.boolean() }),
  organization_relationships: v.array(ThingRelationshipRecordSchema),
  is_allowed_for_closures: v.boolean(),
  is_allowed_for_test_mode: v.boolean(),
  test_mode: v.boolean(),
  is_responder: v.boolean(),
  is_integration_org: v.boolean(),
  external_identifiers: v.array(v.object({ identifier_id: v.string(), system_name: v.string() })),
  wzdx_enabled: v.boolean(),
  status: nullableString,
});
export type ThingWireRecord = v.InferOutput<typeof ThingWireRecordSchema>;
