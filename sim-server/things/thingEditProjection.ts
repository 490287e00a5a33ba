// Projects edits of a thing (profile, sharing, test mode, and its links to incidents and closures) onto the things
// row, its ready wire JSON and who sees it. The edit also moves thing_states.updated_at, so an incremental load
// (last_updated_timestamp) picks it up.
import { toFlag, type SqliteDatabase } from '../store/database.ts';
import type { SimBehaviour, StoredEvent, ThingEditEvent, ThingRecord } from '../store/events.ts';
import type { ThingLinkProjection } from './thingLinkProjection.ts';
import { thingWirePrefix } from './thingWire.ts';

export type ThingEditStoredEvent = Extract<StoredEvent, ThingEditEvent>;

type ThingRow = {
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

export type ThingEditProjection = {
  apply(event: ThingEditStoredEvent): void;
  /** The thing as registered and edited so far, or null when unknown. */
  recordOf(thingId: string): ThingRecord | null;
  /** Rebuilds the wire JSON of a thing whose incident or closure links changed. */
  linksChanged(thingId: string, recordedAt: number): void;
};

export function createThingEditProjection(
  db: SqliteDatabase,
  links: ThingLinkProjection,
): ThingEditProjection {
  const selectThing = db.prepare<[string], ThingRow>('SELECT * FROM things WHERE id = ?');
  const selectOrganizationRef = db.prepare<[string], { name: string; type_name: string; acs: number }>(
    'SELECT name, type_name, acs FROM organizations WHERE id = ?',
  );
  const updateThing = db.prepare(`
    UPDATE things SET nickname = @nickname, thing_type = @thing_type, thing_subtype = @thing_subtype,
      thing_subtype_uuid = @thing_subtype_uuid, registry_number = @registry_number, vin_number = @vin_number,
      license_plate_number = @license_plate_number, in_service = @in_service,
      is_publicly_alerting = @is_publicly_alerting, test_mode = @test_mode,
      external_identifiers = @external_identifiers, organization_relationships = @organization_relationships,
      wire_prefix = @wire_prefix
    WHERE id = @id`);
  const touchState = db.prepare(
    'UPDATE thing_states SET updated_at = ? WHERE thing_key = (SELECT thing_key FROM things WHERE id = ?)',
  );
  const dropSharing = db.prepare(
    "DELETE FROM thing_access WHERE thing_id = ? AND relationship_type <> 'owner'",
  );
  const share = db.prepare(
    'INSERT OR REPLACE INTO thing_access (organization_id, thing_id, relationship_type) VALUES (?, ?, ?)',
  );

  function recordOf(thingId: string): ThingRecord | null {
    const row = selectThing.get(thingId);
    return row ? thingRecordOfRow(row) : null;
  }

  function write(record: ThingRecord, recordedAt: number) {
    const organization = selectOrganizationRef.get(record.organization_id);
    if (!organization) throw new Error(`Thing ${record.id} names unknown organization`);
    updateThing.run({
      id: record.id,
      nickname: record.nickname,
      thing_type: record.thing_type,
      thing_subtype: record.thing_subtype,
      thing_subtype_uuid: record.thing_subtype_uuid,
      registry_number: record.registry_number,
      vin_number: record.vin_number,
      license_plate_number: record.license_plate_number,
      in_service: toFlag(record.in_service),
      is_publicly_alerting: toFlag(record.is_publicly_alerting),
      test_mode: toFlag(record.test_mode),
      external_identifiers: JSON.stringify(record.external_identifiers),
      organization_relationships: JSON.stringify(record.organization_relationships),
      wire_prefix: thingWirePrefix(record, organization, links.linksOf(record.id)),
    });
    touchState.run(recordedAt, record.id);
  }

  return {
    recordOf,
    linksChanged(thingId, recordedAt) {
      const record = recordOf(thingId);
      if (record) write(record, recordedAt);
    },
    apply(event) {
      const record = recordOf(event.streamId);
      if (!record) throw new Error(`${event.type} for unknown thing ${event.streamId}`);
      switch (event.type) {
        case 'ThingProfileUpdated':
          write({ ...record, ...event.data }, event.recordedAt);
          return;
        case 'ThingTestModeSwitched':
          write({ ...record, test_mode: event.data.test_mode }, event.recordedAt);
          return;
        case 'ThingRelationshipsChanged': {
          const relationships = event.data.organization_relationships;
          write({ ...record, organization_relationships: relationships }, event.recordedAt);
          dropSharing.run(record.id);
          for (const relation of relationships)
            share.run(relation.organization_uuid, record.id, relation.relationship_type);
          return;
        }
        default: {
          const unexpected: never = event;
          throw new Error(`No thing edit projection for ${JSON.stringify(unexpected)}`);
        }
      }
    },
  };
}
