// Projects edits of a thing (profile, sharing, test mode, and its links to incidents and closures) onto the things
// row, its ready wire JSON and who sees it. The edit also moves thing_states.updated_at, so an incremental load
// (last_updated_timestamp) picks it up.
import type { SqliteDatabase } from '../store/database.ts';
import type { StoredEvent, ThingEditEvent, ThingRecord } from '../store/events.ts';
import type { ThingLinkProjection } from './thingLinkProjection.ts';
import { thingRecordOfRow, thingRowOf, type ThingRow } from './thingRow.ts';
import { thingWirePrefix } from './thingWire.ts';

export type ThingEditStoredEvent = Extract<StoredEvent, ThingEditEvent>;

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
      ...thingRowOf(record),
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
