// One thing at a time, for the asset writes: its record, its wire JSON as a client would receive it now, who sees
// it, and when its device last reported.
import type { SqliteDatabase } from '../store/database.ts';
import type { ThingRecord } from '../store/events.ts';
import { thingRecordOfRow, type ThingRow } from './thingRow.ts';
import { thingJsonText, type ThingStateRow } from './thingWire.ts';

export type ThingAudienceEntry = {
  organization_id: string;
  relationship_type: 'owner' | 'manager' | 'accessor';
};

export type ThingLookup = {
  record(thingId: string): ThingRecord | null;
  /** The wire JSON text of the thing; call only for a known id. */
  json(thingId: string): string;
  audience(thingId: string): ThingAudienceEntry[];
  /** Unix ms of the device's latest sample, null when it never reported. */
  lastHeardAt(thingId: string): number | null;
};

export function createThingLookup(db: SqliteDatabase): ThingLookup {
  const selectRow = db.prepare<[string], ThingRow>('SELECT * FROM things WHERE id = ?');
  const selectWire = db.prepare<[string], ThingStateRow & { wire_prefix: string; is_active: number }>(`
    SELECT t.wire_prefix, t.is_active, s.lat, s.lng, s.speed, s.course, s.accuracy, s.enroute, s.heartbeat_at,
      s.street
    FROM things t JOIN thing_states s ON s.thing_key = t.thing_key WHERE t.id = ?`);
  const selectAudience = db.prepare<[string], ThingAudienceEntry>(
    'SELECT organization_id, relationship_type FROM thing_access WHERE thing_id = ? ORDER BY organization_id',
  );
  return {
    record(thingId) {
      const row = selectRow.get(thingId);
      return row ? thingRecordOfRow(row) : null;
    },
    json(thingId) {
      const row = selectWire.get(thingId);
      if (!row) throw new Error(`No thing ${thingId}`);
      return thingJsonText(row.wire_prefix, row.is_active === 1, row);
    },
    audience: (thingId) => selectAudience.all(thingId),
    lastHeardAt: (thingId) => selectWire.get(thingId)?.heartbeat_at ?? null,
  };
}
