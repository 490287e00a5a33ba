// Every thing's audiences over the log (sharing/audienceWindows.ts), read from the events that set them: its
// registration (owner and those it was registered shared with) and each change of sharing. The log only grows and
// retention removes only telemetry, so the histories are read once and then only the events after the last one
// read, through the index of the events that are not telemetry; one copy per database, shared by every route.
import type { SqliteDatabase } from '../store/database.ts';
import type { AudienceChange, AudienceHistory } from './audienceWindows.ts';

export type AudienceHistories = {
  /** The thing's audiences in log order, or null when it is not registered. */
  historyOf(thingId: string): AudienceHistory | null;
  /** The things whose audience changed after their registration: the only ones whose past differs from now. */
  changedThings(): ReadonlyMap<string, AudienceHistory>;
};

type AudienceRow = {
  seq: number;
  stream_id: string;
  type: 'ThingRegistered' | 'ThingRelationshipsChanged';
  recorded_at: number;
  owner: string | null;
  relationships: string | null;
};

const byDatabase = new WeakMap<SqliteDatabase, AudienceHistories>();

export function audienceHistoriesOf(db: SqliteDatabase): AudienceHistories {
  const known = byDatabase.get(db);
  if (known) return known;
  const created = createAudienceHistories(db);
  byDatabase.set(db, created);
  return created;
}

function createAudienceHistories(db: SqliteDatabase): AudienceHistories {
  // Written with events_not_telemetry's condition (store/migrations.ts), so SQLite reads that index; only the
  // owner and the relationships are taken out of the data.
  const selectAfter = db.prepare<[number], AudienceRow>(`
    SELECT seq, stream_id, type, recorded_at, json_extract(data, '$.organization_id') AS owner,
      json_extract(data, '$.organization_relationships') AS relationships
    FROM events
    WHERE seq > ? AND type NOT IN ('PointRecorded', 'HeartbeatRecorded')
      AND type IN ('ThingRegistered', 'ThingRelationshipsChanged')
    ORDER BY seq`);
  const histories = new Map<string, AudienceChange[]>();
  const owners = new Map<string, string>();
  const changed = new Map<string, AudienceHistory>();
  let readUpTo = 0;

  function refresh(): void {
    for (const row of selectAfter.all(readUpTo)) {
      readUpTo = row.seq;
      const owner = row.type === 'ThingRegistered' ? row.owner : owners.get(row.stream_id);
      if (owner === null || owner === undefined) continue;
      const relationships = JSON.parse(row.relationships ?? '[]') as { organization_uuid: string }[];
      const change: AudienceChange = {
        seq: row.seq,
        at: row.recorded_at,
        organizationIds: [owner, ...relationships.map((relation) => relation.organization_uuid)],
      };
      if (row.type === 'ThingRegistered') {
        owners.set(row.stream_id, owner);
        histories.set(row.stream_id, [change]);
        continue;
      }
      const history = histories.get(row.stream_id);
      if (!history) continue;
      history.push(change);
      changed.set(row.stream_id, history);
    }
  }

  return {
    historyOf(thingId) {
      refresh();
      return histories.get(thingId) ?? null;
    },
    changedThings() {
      refresh();
      return changed;
    },
  };
}
