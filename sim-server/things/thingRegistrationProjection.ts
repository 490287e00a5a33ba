// Projects a registered thing: its row (with its wire JSON's prefix), who may see it, and an empty live state.
import type { SqliteDatabase } from '../store/database.ts';
import type { ThingRecord } from '../store/events.ts';
import type { ThingLinkProjection } from './thingLinkProjection.ts';
import { thingRowOf } from './thingRow.ts';
import { thingWirePrefix } from './thingWire.ts';

export type ThingRegistrationProjection = { registered(record: ThingRecord, recordedAt: number): void };

export function createThingRegistrationProjection(
  db: SqliteDatabase,
  thingLinks: ThingLinkProjection,
): ThingRegistrationProjection {
  const insertThing = db.prepare(`
    INSERT INTO things (id, organization_id, external_id, system_identifier, nickname, is_active, device_type,
      thing_type, thing_subtype, thing_subtype_uuid, registry_number, vin_number, license_plate_number, in_service,
      is_publicly_alerting, r2r, is_allowed_for_closures, is_allowed_for_test_mode, test_mode, is_responder,
      is_integration_org, wzdx_enabled, external_identifiers, organization_relationships, wire_prefix, sim_behaviour)
    VALUES (@id, @organization_id, @external_id, @system_identifier, @nickname, 1, @device_type,
      @thing_type, @thing_subtype, @thing_subtype_uuid, @registry_number, @vin_number, @license_plate_number,
      @in_service, @is_publicly_alerting, @r2r, @is_allowed_for_closures, @is_allowed_for_test_mode, @test_mode,
      @is_responder, @is_integration_org, @wzdx_enabled, @external_identifiers, @organization_relationships,
      @wire_prefix, @sim_behaviour)`);
  const insertThingAccess = db.prepare(
    'INSERT OR REPLACE INTO thing_access (organization_id, thing_id, relationship_type) VALUES (?, ?, ?)',
  );
  const insertThingState = db.prepare(`
    INSERT INTO thing_states (thing_key, updated_at) VALUES ((SELECT thing_key FROM things WHERE id = ?), ?)`);
  const selectOrganizationRef = db.prepare<[string], { name: string; type_name: string; acs: number }>(
    'SELECT name, type_name, acs FROM organizations WHERE id = ?',
  );

  return {
    registered(record, recordedAt) {
      const organization = selectOrganizationRef.get(record.organization_id);
      if (!organization)
        throw new Error(`Thing ${record.id} names unknown organization ${record.organization_id}`);
      insertThing.run({
        ...thingRowOf(record),
        wire_prefix: thingWirePrefix(record, organization, thingLinks.linksOf(record.id)),
      });
      insertThingState.run(record.id, recordedAt);
      insertThingAccess.run(record.organization_id, record.id, 'owner');
      for (const relation of record.organization_relationships) {
        insertThingAccess.run(relation.organization_uuid, record.id, relation.relationship_type);
      }
    },
  };
}
