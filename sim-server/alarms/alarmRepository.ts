// The alarm queue's reads (SQL): a page of one organization's alarms of the kinds a caller sees, open,
// acknowledged or cleared and searched; one alarm; the open ones to acknowledge at once; who a user is called; the
// alarm an event raised and those it cleared (for the cable, live and in its history); and the assets that have
// gone offline unalarmed or come back with their offline alarm still standing.
import {
  alarmKindLabel,
  alarmText,
  ALARM_KINDS,
  type AlarmKind,
  type AlarmPage,
  type AlarmRecord,
  type AlarmState,
} from '#domain/alarms/alarm';
import { OFFLINE_AFTER_MS } from '#domain/alarms/alarmRules';
import type { SqliteDatabase } from '../store/database.ts';
import type { StoredEvent } from '../store/events.ts';
import { ensureAlarmTables } from './alarmProjection.ts';

type AlarmRow = {
  id: string;
  organization_id: string;
  kind: AlarmKind;
  subject_id: string;
  subject_name: string;
  detail: string | null;
  raised_at: number;
  acknowledged_at: number | null;
  acknowledged_by: string | null;
  acknowledged_by_name: string | null;
  cleared_at: number | null;
};

const iso = (ms: number) => new Date(ms).toISOString();

function recordOf(row: AlarmRow): AlarmRecord {
  return {
    id: row.id,
    kind: row.kind,
    organization_id: row.organization_id,
    subject_id: row.subject_id,
    subject_name: row.subject_name,
    raised_at: iso(row.raised_at),
    text: alarmText(row.kind, row.subject_name),
    detail: row.detail,
    acknowledged_at: row.acknowledged_at === null ? null : iso(row.acknowledged_at),
    acknowledged_by: row.acknowledged_by,
    acknowledged_by_name: row.acknowledged_by_name,
    cleared_at: row.cleared_at === null ? null : iso(row.cleared_at),
  };
}

export type AlarmPageQuery = {
  organizationId: string;
  kinds: readonly AlarmKind[];
  state: AlarmState;
  search: string;
  page: number;
  perPage: number;
};

export type AlarmRepository = {
  page(query: AlarmPageQuery): AlarmPage;
  byId(id: string): AlarmRecord | null;
  openIds(organizationId: string, kinds: readonly AlarmKind[]): string[];
  userName(userId: string): string | null;
};

/** SQLite's LIKE with the user's text taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createAlarmRepository(db: SqliteDatabase): AlarmRepository {
  ensureAlarmTables(db);
  const selectOne = db.prepare<[string], AlarmRow>('SELECT * FROM alarms WHERE id = ?');
  const selectUser = db.prepare<[string], { firstname: string; lastname: string; email: string }>(
    'SELECT firstname, lastname, email FROM users WHERE id = ?',
  );
  const selectOpenIds = db.prepare<[string, string], { id: string }>(
    `SELECT id FROM alarms WHERE organization_id = ? AND acknowledged_at IS NULL AND cleared_at IS NULL
       AND kind IN (SELECT value FROM json_each(?)) ORDER BY raised_at, id`,
  );

  // The filters are bound, never spliced: kinds and matching kinds go in as JSON arrays.
  const where = `organization_id = @organization_id
    AND kind IN (SELECT value FROM json_each(@kinds))
    AND (CASE @state
      WHEN 'open' THEN acknowledged_at IS NULL AND cleared_at IS NULL
      WHEN 'acknowledged' THEN acknowledged_at IS NOT NULL
      ELSE acknowledged_at IS NULL AND cleared_at IS NOT NULL END)
    AND (@search = '' OR subject_name LIKE @pattern ESCAPE '\\' OR acknowledged_by_name LIKE @pattern ESCAPE '\\'
      OR kind IN (SELECT value FROM json_each(@matching_kinds)))`;
  const selectPage = db.prepare<Record<string, unknown>, AlarmRow>(
    `SELECT * FROM alarms WHERE ${where} ORDER BY raised_at, id LIMIT @limit OFFSET @offset`,
  );
  const countPage = db.prepare<Record<string, unknown>, { total: number }>(
    `SELECT COUNT(*) AS total FROM alarms WHERE ${where}`,
  );
  const countOpen = db.prepare<[string, string], { total: number }>(
    `SELECT COUNT(*) AS total FROM alarms WHERE organization_id = ? AND acknowledged_at IS NULL
       AND cleared_at IS NULL AND kind IN (SELECT value FROM json_each(?))`,
  );

  return {
    page(query) {
      const search = query.search.trim();
      const lowered = search.toLowerCase();
      const matchingKinds =
        search === ''
          ? []
          : ALARM_KINDS.filter((kind) => alarmKindLabel(kind).toLowerCase().includes(lowered));
      const kinds = JSON.stringify(query.kinds);
      const parameters = {
        organization_id: query.organizationId,
        kinds,
        state: query.state,
        search,
        pattern: likePattern(search),
        matching_kinds: JSON.stringify(matchingKinds),
      };
      const rows = selectPage.all({
        ...parameters,
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
      });
      return {
        data: rows.map(recordOf),
        meta: {
          page: query.page,
          per_page: query.perPage,
          total: countPage.get(parameters)?.total ?? 0,
          open_total: countOpen.get(query.organizationId, kinds)?.total ?? 0,
        },
      };
    },
    byId(id) {
      const row = selectOne.get(id);
      return row ? recordOf(row) : null;
    },
    openIds(organizationId, kinds) {
      return selectOpenIds.all(organizationId, JSON.stringify(kinds)).map((row) => row.id);
    },
    userName(userId) {
      const row = selectUser.get(userId);
      if (!row) return null;
      const name = `${row.firstname} ${row.lastname}`.trim();
      return name === '' ? row.email : name;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// For the cable

/** What the cable's `alarm` message says of the alarm an event raised. */
export type AlarmRaisedMessage = { id: string; kind: AlarmKind; organization_id: string; raised_at: string };
/** What the cable's `alarms_cleared` message says of the alarms an event cleared (one organization's). */
export type AlarmsClearedMessage = { organization_id: string; alarm_ids: string[]; cleared_at: string };

export type AlarmRaisedReader = {
  raisedBy(event: StoredEvent): AlarmRaisedMessage | null;
  /** The alarms whose condition the event ended, by organization (nearly always none). */
  clearedBy(event: StoredEvent): AlarmsClearedMessage[];
};

const RAISING_TYPES: ReadonlySet<string> = new Set([
  'AssetWentOffline',
  'WrongWayDetected',
  'LocationSaved',
  'ClosureSaved',
  'R2RTestAlertSent',
]);
const CLEARING_TYPES: ReadonlySet<string> = new Set([
  'AssetCameBackOnline',
  'WrongWayEnded',
  'LocationSaved',
  'ClosureSaved',
  'R2RTestAlertSent',
]);

export function createAlarmRaisedReader(db: SqliteDatabase): AlarmRaisedReader {
  ensureAlarmTables(db);
  const selectBySeq = db.prepare<[number], Pick<AlarmRow, 'id' | 'kind' | 'organization_id' | 'raised_at'>>(
    'SELECT id, kind, organization_id, raised_at FROM alarms WHERE raised_seq = ?',
  );
  const selectClearedBySeq = db.prepare<
    [number],
    { id: string; organization_id: string; cleared_at: number }
  >('SELECT id, organization_id, cleared_at FROM alarms WHERE cleared_seq = ? ORDER BY id');
  return {
    raisedBy(event) {
      if (!RAISING_TYPES.has(event.type)) return null;
      const row = selectBySeq.get(event.seq);
      return row ? { ...row, raised_at: iso(row.raised_at) } : null;
    },
    clearedBy(event) {
      if (!CLEARING_TYPES.has(event.type)) return [];
      const byOrganization = new Map<string, AlarmsClearedMessage>();
      for (const row of selectClearedBySeq.all(event.seq)) {
        const message = byOrganization.get(row.organization_id) ?? {
          organization_id: row.organization_id,
          alarm_ids: [],
          cleared_at: iso(row.cleared_at),
        };
        message.alarm_ids.push(row.id);
        byOrganization.set(row.organization_id, message);
      }
      return [...byOrganization.values()];
    },
  };
}

// ---------------------------------------------------------------------------------------------
// For the offline watch

export type OfflineCandidate = {
  thingId: string;
  organizationId: string;
  lastCheckInAt: number;
  /** When the asset's latest offline alarm was raised; null for none. */
  lastOfflineAlarmAt: number | null;
};

/** Active, in-service assets whose last check-in crossed the offline window within `lookBackMs` before `now`,
 * with their latest offline alarm; the watch asks the domain's rule which of them have gone offline anew. */
export function createOfflineCandidates(db: SqliteDatabase) {
  ensureAlarmTables(db);
  const select = db.prepare<{ crossed_before: number; crossed_after: number }, OfflineCandidate>(`
    SELECT t.id AS thingId, t.organization_id AS organizationId, s.heartbeat_at AS lastCheckInAt,
      (SELECT MAX(a.raised_at) FROM alarms a WHERE a.kind = 'asset_offline' AND a.subject_id = t.id)
        AS lastOfflineAlarmAt
    FROM thing_states s JOIN things t ON t.thing_key = s.thing_key
    WHERE t.is_active = 1 AND t.in_service = 1 AND s.heartbeat_at IS NOT NULL
      AND s.heartbeat_at <= @crossed_before AND s.heartbeat_at >= @crossed_after`);
  return (now: number, lookBackMs: number): OfflineCandidate[] =>
    select.all({
      crossed_before: now - OFFLINE_AFTER_MS,
      crossed_after: now - OFFLINE_AFTER_MS - lookBackMs,
    });
}

/** An asset whose offline alarm still stands and that has checked in since. */
export type ReturnedCandidate = {
  thingId: string;
  organizationId: string;
  checkedInAt: number;
  alarmRaisedAt: number;
};

/** Assets with an offline alarm not cleared yet, their latest check-in and when that alarm was raised; the watch
 * asks the domain's rule (`hasComeBackOnline`) which are back. */
export function createReturnedCandidates(db: SqliteDatabase) {
  ensureAlarmTables(db);
  const select = db.prepare<[], ReturnedCandidate>(`
    SELECT t.id AS thingId, t.organization_id AS organizationId, s.heartbeat_at AS checkedInAt,
      MAX(a.raised_at) AS alarmRaisedAt
    FROM alarms a JOIN things t ON t.id = a.subject_id JOIN thing_states s ON s.thing_key = t.thing_key
    WHERE a.kind = 'asset_offline' AND a.cleared_at IS NULL AND s.heartbeat_at IS NOT NULL
    GROUP BY t.id ORDER BY t.id`);
  return (): ReturnedCandidate[] => select.all();
}
