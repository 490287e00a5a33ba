// What the asset writes of live §7 record: a profile edit, a change of who shares the asset, the R2R test mode,
// a test alert and the LED light intensity. The thing is the event's stream.
import type { LightIntensity } from '#domain/things/thingCommandBodies';
import type { ThingRelationshipRecord } from '#domain/things/thingRecord';

export type ThingProfileRecord = {
  in_service: boolean;
  is_publicly_alerting: boolean;
  nickname: string | null;
  thing_type: string;
  thing_subtype: string | null;
  thing_subtype_uuid: string | null;
  vin_number: string | null;
  license_plate_number: string | null;
  registry_number: string | null;
  external_identifiers: { identifier_id: string; system_name: string }[];
};

export type ThingRelationshipsRecord = {
  organization_relationships: ThingRelationshipRecord[];
  /** Organizations that lost the thing with this change (they hear it as inactive); absent in older logs. */
  revoked_organization_uuids?: string[];
};

export type ThingTestModeRecord = { test_mode: boolean };

/** A test alert sent to the R2R indicator; the device's answer is `delivered`. */
export type R2RTestAlertRecord = { delivered: boolean };

export type LightIntensityRecord = { light_intensity: LightIntensity };
