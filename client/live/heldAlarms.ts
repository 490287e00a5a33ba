// The alarms the live worker holds for the viewed organization (docs/alarms.md "The dashboard"): the open queue and
// the cleared one, each as `GET /api/alarms` answered it (at most `ALARMS_MAX_PER_PAGE`, oldest raised first), then
// kept by the queue's changes — the cable's `alarms_acknowledged` and `alarms_cleared`, and the user's own
// acknowledgement's answer — without reading again. A raised alarm is the one change that needs a read: the cable's
// `alarm` carries no text on purpose (it reaches every dashboard whatever its permissions), so the REST call that
// applies them says what it reads as. A change the held lists cannot answer (not loaded yet, or a list cut at its
// page naming an alarm it does not hold) asks for a read too. Pure: the caller reads and publishes.
import * as v from 'valibot';
import {
  ALARMS_MAX_PER_PAGE,
  ServerAlarmRaisedSchema,
  ServerAlarmsAcknowledgedSchema,
  ServerAlarmsClearedSchema,
  type Alarm,
  type AlarmKind,
} from '#domain/alarms/alarm';
import type { AlarmList } from '../api/alarms.ts';
import type { LoadState } from '../ui/loadState.ts';

/** What the worker sends the page whenever either list changed (liveProtocol.ts `alarms`). */
export type AlarmsFrame = {
  organizationId: string;
  open: LoadState<AlarmList>;
  cleared: LoadState<AlarmList>;
};

export type HeldAlarms = Omit<AlarmsFrame, 'organizationId'>;

/** A change of the queue, decoded once from the cable or from the user's own acknowledgement. */
export type AlarmChange =
  | { kind: 'raised'; organizationId: string; alarmKind: AlarmKind; alarmId: string }
  | { kind: 'acknowledged'; organizationId: string; alarmIds: readonly string[] }
  | { kind: 'cleared'; organizationId: string; alarmIds: readonly string[]; clearedAt: number };

export type AlarmChangeOutcome = { held: HeldAlarms; readAgain: boolean };

export const ALARM_MESSAGE_TYPES: ReadonlySet<string> = new Set([
  'alarm',
  'alarms_acknowledged',
  'alarms_cleared',
]);

/** The cable's alarm message as a change; null for another message or one that does not read as its schema. */
export function alarmChangeOf(message: { type: string; data: unknown }): AlarmChange | null {
  switch (message.type) {
    case 'alarm': {
      const parsed = v.safeParse(ServerAlarmRaisedSchema, message.data);
      if (!parsed.success) return null;
      const { id, kind, organization_id } = parsed.output;
      return { kind: 'raised', organizationId: organization_id, alarmKind: kind, alarmId: id };
    }
    case 'alarms_acknowledged': {
      const parsed = v.safeParse(ServerAlarmsAcknowledgedSchema, message.data);
      if (!parsed.success) return null;
      return {
        kind: 'acknowledged',
        organizationId: parsed.output.organization_id,
        alarmIds: parsed.output.alarm_ids,
      };
    }
    case 'alarms_cleared': {
      const parsed = v.safeParse(ServerAlarmsClearedSchema, message.data);
      if (!parsed.success) return null;
      const { organization_id, alarm_ids, cleared_at } = parsed.output;
      return {
        kind: 'cleared',
        organizationId: organization_id,
        alarmIds: alarm_ids,
        clearedAt: Date.parse(cleared_at),
      };
    }
    default:
      return null;
  }
}

const isComplete = (list: AlarmList): boolean => list.alarms.length >= list.total;

/** The list without the given alarms, its totals lowered by those it held; `missed` when it may hold others. */
function without(list: AlarmList, ids: ReadonlySet<string>, countsOpen: boolean) {
  const kept = list.alarms.filter((alarm) => !ids.has(alarm.id));
  const removed = list.alarms.filter((alarm) => ids.has(alarm.id));
  const next: AlarmList =
    removed.length === 0
      ? list
      : {
          alarms: kept,
          total: list.total - removed.length,
          openTotal: countsOpen ? list.openTotal - removed.length : list.openTotal,
        };
  return { next, removed, missed: removed.length < ids.size && !isComplete(list) };
}

const byRaised = (a: Alarm, b: Alarm): number =>
  a.raisedAt - b.raisedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The cleared list with newly cleared alarms in raised order, cut at the page the server serves. */
function withCleared(list: AlarmList, added: readonly Alarm[], openTotal: number): AlarmList {
  if (added.length === 0) return { ...list, openTotal };
  const alarms = [...list.alarms, ...added].sort(byRaised).slice(0, ALARMS_MAX_PER_PAGE);
  return { alarms, total: list.total + added.length, openTotal };
}

/**
 * The held alarms after one change. Another organization's change, or a raised alarm of a kind the user does not
 * see, changes nothing; acknowledged alarms leave both lists (the Acknowledged tab is read by its screen), cleared
 * open ones move to the cleared list with their time.
 */
export function applyAlarmChange(
  held: HeldAlarms,
  organizationId: string,
  change: AlarmChange,
  visibleKinds: ReadonlySet<AlarmKind>,
): AlarmChangeOutcome {
  if (change.organizationId !== organizationId) return { held, readAgain: false };
  const { open, cleared } = held;
  if (change.kind === 'raised') {
    if (!visibleKinds.has(change.alarmKind)) return { held, readAgain: false };
    const known = open.phase === 'loaded' && open.value.alarms.some((alarm) => alarm.id === change.alarmId);
    return { held, readAgain: !known };
  }
  if (open.phase !== 'loaded' || cleared.phase !== 'loaded') return { held, readAgain: true };
  const ids = new Set(change.alarmIds);
  const fromOpen = without(open.value, ids, true);
  if (change.kind === 'acknowledged') {
    const fromCleared = without(cleared.value, ids, false);
    const openTotal = fromOpen.next.openTotal;
    return {
      held: {
        open: { phase: 'loaded', value: fromOpen.next },
        cleared: { phase: 'loaded', value: { ...fromCleared.next, openTotal } },
      },
      readAgain: fromOpen.missed || fromCleared.missed,
    };
  }
  const nowCleared = fromOpen.removed.map((alarm) => ({ ...alarm, clearedAt: change.clearedAt }));
  return {
    held: {
      open: { phase: 'loaded', value: fromOpen.next },
      cleared: { phase: 'loaded', value: withCleared(cleared.value, nowCleared, fromOpen.next.openTotal) },
    },
    readAgain: fromOpen.missed,
  };
}
