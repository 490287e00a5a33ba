// An alarm: something in the log a dispatcher should see and handle (issue 28 item 3). The names, the record the
// simulator writes (`GET /api/alarms`), the dashboard's model and its mapper, the short text each kind reads as,
// the words that say it cleared, and the cable messages that say the queue changed. Which event raises which alarm,
// and which ends its condition, is in alarmRules.ts.
import * as v from 'valibot';
import { PageQueryEntries } from '#domain/paging/page';
import { RequestIdSchema } from '#domain/wire/requestParts';

// ---------------------------------------------------------------------------------------------
// Names

/** The kinds of issue 28, by their wire names. */
export const ALARM_KINDS = [
  'asset_offline',
  'wrong_way_alert',
  'incident_started',
  'r2r_alert_not_delivered',
  'closure_deactivated_by_asset',
] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];

/**
 * The queue's tabs: alarms still to handle, those someone acknowledged, and those whose condition ended before
 * anyone did (issue 37 item 4: the asset came back online, the incident ended, ...). An acknowledged alarm stays
 * acknowledged when its condition ends later (its row says both); the last two are searchable.
 */
export const ALARM_STATES = ['open', 'acknowledged', 'cleared'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/** Which tab an alarm is in: the acknowledgement counts first, then its condition ending. */
export function alarmStateOf(alarm: { acknowledgedAt: number | null; clearedAt: number | null }): AlarmState {
  if (alarm.acknowledgedAt !== null) return 'acknowledged';
  return alarm.clearedAt === null ? 'open' : 'cleared';
}

// ---------------------------------------------------------------------------------------------
// The record

export const AlarmRecordSchema = v.object({
  id: v.string(),
  kind: v.picklist(ALARM_KINDS),
  organization_id: v.string(),
  /** The asset, event or closure the alarm is about. */
  subject_id: v.string(),
  /** Its name when the alarm was raised (an asset's nickname or identifier, an event's street, a closure's text). */
  subject_name: v.string(),
  raised_at: v.string(),
  text: v.string(),
  /** A wrong-way zone's alert message when the alarm was raised; null for other kinds. */
  detail: v.nullable(v.string()),
  acknowledged_at: v.nullable(v.string()),
  acknowledged_by: v.nullable(v.string()),
  acknowledged_by_name: v.nullable(v.string()),
  /** When the condition that raised it ended (issue 37 item 4); null while it holds. */
  cleared_at: v.nullable(v.string()),
});
export type AlarmRecord = v.InferOutput<typeof AlarmRecordSchema>;

export const AlarmPageSchema = v.object({
  data: v.array(AlarmRecordSchema),
  meta: v.object({ page: v.number(), per_page: v.number(), total: v.number(), open_total: v.number() }),
});
export type AlarmPage = v.InferOutput<typeof AlarmPageSchema>;

/** What acknowledging answers: the alarms it acknowledged now (none when someone else was first). */
export const AlarmsAcknowledgedAnswerSchema = v.object({ acknowledged_ids: v.array(v.string()) });

/**
 * The cable's alarm messages say only which alarms changed: `alarm` (one raised), `alarms_acknowledged` and
 * `alarms_cleared`. They
 * carry no text on purpose: the cable reaches every dashboard of the organization, and which alarms a user may read
 * depends on their permissions, so the dashboard reads its queue again through the REST call that applies them.
 */
export const ServerAlarmRaisedSchema = v.object({
  id: v.string(),
  kind: v.picklist(ALARM_KINDS),
  organization_id: v.string(),
  raised_at: v.string(),
});
export const ServerAlarmsAcknowledgedSchema = v.object({
  organization_id: v.string(),
  alarm_ids: v.array(v.string()),
  acknowledged_at: v.string(),
});
export const ServerAlarmsClearedSchema = v.object({
  organization_id: v.string(),
  alarm_ids: v.array(v.string()),
  cleared_at: v.string(),
});

// ---------------------------------------------------------------------------------------------
// The requests: `GET /api/alarms?organization_id&state&search&page&per_page`, `POST /api/alarms/acknowledge_all`

export const ALARM_SEARCH_MAX_LENGTH = 100;
export const ALARMS_PER_PAGE = 50;
export const ALARMS_MAX_PER_PAGE = 500;

export const AlarmQuerySchema = v.object({
  organization_id: v.optional(RequestIdSchema),
  state: v.optional(v.picklist(ALARM_STATES)),
  search: v.optional(v.pipe(v.string(), v.maxLength(ALARM_SEARCH_MAX_LENGTH))),
  ...PageQueryEntries,
});
export type AlarmQuery = v.InferOutput<typeof AlarmQuerySchema>;

export const AcknowledgeAllBodySchema = v.object({ organization_id: RequestIdSchema });
export type AcknowledgeAllBody = v.InferOutput<typeof AcknowledgeAllBodySchema>;

// ---------------------------------------------------------------------------------------------
// The dashboard's model

export type Alarm = {
  id: string;
  kind: AlarmKind;
  organizationId: string;
  subjectId: string;
  subjectName: string;
  raisedAt: number;
  text: string;
  detail: string | null;
  acknowledgedAt: number | null;
  acknowledgedByName: string | null;
  clearedAt: number | null;
};

export function alarmFromRecord(record: AlarmRecord): Alarm {
  return {
    id: record.id,
    kind: record.kind,
    organizationId: record.organization_id,
    subjectId: record.subject_id,
    subjectName: record.subject_name,
    raisedAt: Date.parse(record.raised_at),
    text: record.text,
    detail: record.detail,
    acknowledgedAt: record.acknowledged_at === null ? null : Date.parse(record.acknowledged_at),
    acknowledgedByName: record.acknowledged_by_name,
    clearedAt: record.cleared_at === null ? null : Date.parse(record.cleared_at),
  };
}

// ---------------------------------------------------------------------------------------------
// Texts (docs/alarms.md lists them)

export function alarmKindLabel(kind: AlarmKind): string {
  switch (kind) {
    case 'asset_offline':
      return 'Asset offline';
    case 'wrong_way_alert':
      return 'Wrong-way alert';
    case 'incident_started':
      return 'Incident started';
    case 'r2r_alert_not_delivered':
      return 'R2R alert not delivered';
    case 'closure_deactivated_by_asset':
      return 'Closure deactivated by asset';
    default: {
      const unexpected: never = kind;
      throw new Error(`Unknown alarm kind ${String(unexpected)}`);
    }
  }
}

/** One plain sentence per alarm, naming its subject. */
export function alarmText(kind: AlarmKind, subjectName: string): string {
  switch (kind) {
    case 'asset_offline':
      return `${subjectName} went offline`;
    case 'wrong_way_alert':
      return `Wrong-way driver reported in ${subjectName}`;
    case 'incident_started':
      return `Incident started at ${subjectName}`;
    case 'r2r_alert_not_delivered':
      return `R2R alert to ${subjectName} was not delivered`;
    case 'closure_deactivated_by_asset':
      return `${subjectName} was deactivated by its asset`;
    default: {
      const unexpected: never = kind;
      throw new Error(`Unknown alarm kind ${String(unexpected)}`);
    }
  }
}

/**
 * Why an alarm cleared, by the condition its kind names ending (the product documents have no alarm screen; these
 * are ours, docs/alarms.md "Cleared").
 */
export function alarmClearedReason(kind: AlarmKind): string {
  switch (kind) {
    case 'asset_offline':
      return 'back online';
    case 'wrong_way_alert':
      return 'the wrong-way driver left the zone';
    case 'incident_started':
      return 'the incident ended';
    case 'r2r_alert_not_delivered':
      return 'a later R2R alert was delivered';
    case 'closure_deactivated_by_asset':
      return 'the closure is active again';
    default: {
      const unexpected: never = kind;
      throw new Error(`Unknown alarm kind ${String(unexpected)}`);
    }
  }
}

/** What follows the number of open alarms (the phone's top bar shows the number and hides these words). */
export const openAlarmsWords = (count: number): string => (count === 1 ? 'open alarm' : 'open alarms');

/** How many alarms are open, as the Alarms screen says it and the phone's top bar reads it out. */
export const openCountText = (count: number): string => `${count} ${openAlarmsWords(count)}`;
