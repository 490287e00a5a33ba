// Projections of the live-operations events (issue 4): catalogues, light intensity, locations, closures, areas and
// alerting zones. Each saved event carries the entity's whole wire record, so projecting is an upsert of that JSON
// beside the few columns queries filter on; a delete event removes the row.
import type { SqliteDatabase } from './database.ts';
import type { LiveOperationsEvent, StoredEvent } from './events.ts';

export type LiveOperationsStoredEvent = Extract<StoredEvent, LiveOperationsEvent>;

/** Tables these projections write, children before the tables they point at. */
export const DOCUMENT_TABLES = [
  'thing_light_intensities',
  'locations',
  'closures',
  'areas',
  'alerting_zones',
  'thing_subtypes',
  'thing_types',
  'area_types',
] as const;

export type DocumentProjections = { apply(event: LiveOperationsStoredEvent): void };

export function createDocumentProjections(db: SqliteDatabase): DocumentProjections {
  const upsertThingType = db.prepare(
    'INSERT OR REPLACE INTO thing_types (id, name, data) VALUES (@id, @name, @data)',
  );
  const upsertSubtype = db.prepare(
    'INSERT OR REPLACE INTO thing_subtypes (id, thing_type_id, name, data) VALUES (@id, @thing_type_id, @name, @data)',
  );
  const upsertAreaType = db.prepare('INSERT OR REPLACE INTO area_types (id, data) VALUES (?, ?)');
  const upsertLightIntensity = db.prepare(
    'INSERT OR REPLACE INTO thing_light_intensities (thing_id, light_intensity, updated_at) VALUES (?, ?, ?)',
  );
  const upsertLocation = db.prepare(`
    INSERT OR REPLACE INTO locations (id, organization_id, is_active, start_at, end_at, data, updated_at)
    VALUES (@id, @organization_id, @is_active, @start_at, @end_at, @data, @updated_at)`);
  const upsertClosure = db.prepare(`
    INSERT OR REPLACE INTO closures (id, organization_id, closure_type, external_id, data, updated_at)
    VALUES (@id, @organization_id, @closure_type, @external_id, @data, @updated_at)`);
  const deleteClosure = db.prepare('DELETE FROM closures WHERE id = ?');
  const upsertArea = db.prepare(
    'INSERT OR REPLACE INTO areas (id, organization_id, data, updated_at) VALUES (?, ?, ?, ?)',
  );
  const deleteArea = db.prepare('DELETE FROM areas WHERE id = ?');
  const upsertZone = db.prepare(`
    INSERT OR REPLACE INTO alerting_zones (id, organization_id, hotspot_id, data, updated_at)
    VALUES (?, ?, ?, ?, ?)`);
  const deleteZone = db.prepare('DELETE FROM alerting_zones WHERE id = ?');

  return {
    apply(event) {
      switch (event.type) {
        case 'ThingTypeRegistered':
          upsertThingType.run({ id: event.data.id, name: event.data.name, data: JSON.stringify(event.data) });
          return;
        case 'ThingSubtypeRegistered':
          upsertSubtype.run({
            id: event.data.id,
            thing_type_id: event.data.thing_type_id,
            name: event.data.name,
            data: JSON.stringify(event.data),
          });
          return;
        case 'AreaTypeRegistered':
          upsertAreaType.run(event.data.id, JSON.stringify(event.data));
          return;
        case 'R2RTestAlertSent':
          // A command to the device: kept in the log, nothing to show.
          return;
        case 'LightIntensitySet':
          upsertLightIntensity.run(event.streamId, event.data.light_intensity, event.recordedAt);
          return;
        case 'LocationSaved':
          upsertLocation.run({
            id: event.data.id,
            organization_id: event.data.organization_id,
            is_active: event.data.is_active ? 1 : 0,
            start_at: Date.parse(event.data.start_time),
            end_at: event.data.end_time === null ? null : Date.parse(event.data.end_time),
            data: JSON.stringify(event.data),
            updated_at: event.recordedAt,
          });
          return;
        case 'ClosureSaved':
          upsertClosure.run({
            id: event.data.id,
            organization_id: event.data.organization.id,
            closure_type: event.data.closure_type,
            external_id: event.data.external_id,
            data: JSON.stringify(event.data),
            updated_at: event.recordedAt,
          });
          return;
        case 'ClosureDeleted':
          deleteClosure.run(event.data.id);
          return;
        case 'AreaSaved':
          upsertArea.run(
            event.data.id,
            event.data.organization_id,
            JSON.stringify(event.data),
            event.recordedAt,
          );
          return;
        case 'AreaDeleted':
          deleteArea.run(event.data.id);
          return;
        case 'AlertingZoneSaved':
          upsertZone.run(
            event.data.id,
            event.data.organization_id,
            event.data.hotspot_id,
            JSON.stringify(event.data),
            event.recordedAt,
          );
          return;
        case 'AlertingZoneDeleted':
          deleteZone.run(event.data.id);
          return;
        default: {
          const unexpected: never = event;
          throw new Error(`No document projection for ${JSON.stringify(unexpected)}`);
        }
      }
    },
  };
}
